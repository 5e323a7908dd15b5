import { describe, expect, it } from 'vitest';
import { soundsAlike, soundString } from './fuzzy.ts';

const alike = (a: string, b: string) => soundsAlike(soundString(a), soundString(b));

describe('sound strings', () => {
  it('hear a word the recogniser cut in two as the word', () => {
    expect(soundString('thelover')).toBe(soundString('deliver'));
    expect(alike('thelover', 'delivery')).toBe(true); // a final vowel is not the last consonant
    expect(alike('coulchun', 'kitchen')).toBe(true);
    expect(alike('aldor', 'outdoor')).toBe(true);
  });

  it('keep apart words whose first sound or last consonant differs', () => {
    expect(alike('checkkin', 'checkout')).toBe(false);
    expect(alike('doorbell', 'toorbell')).toBe(false);
  });

  it('do not compare words too short to tell apart by sound', () => {
    expect(soundString('gym')).toBe('jam');
    expect(alike('jun', 'gym')).toBe(false);
  });

  it('allow one sound of difference in between, not two', () => {
    expect(soundsAlike('kalksan', 'kaksan')).toBe(true); // "coul chun", "kitchen"
    expect(soundsAlike('kalpsan', 'kaksan')).toBe(false);
    expect(alike('kitchen', 'kaptain')).toBe(false);
  });
});
