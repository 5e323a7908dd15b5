import { describe, expect, it } from 'vitest';
import { alignStrength, lettersOf, substringDistance } from './align.ts';

describe('letter-level alignment', () => {
  it('finds a word across the spaces and padding speech recognition adds', () => {
    expect(alignStrength('park', lettersOf('is there a place to parke car'))).toBe(1);
    expect(alignStrength('wifi', lettersOf('do they have wi fi there'))).toBe(1);
    expect(alignStrength('cost', lettersOf('the wi fi there accost'))).toBe(1);
  });

  it('allows an edit for longer words and none for short ones', () => {
    expect(substringDistance('vegetarian', 'havevegetarianoptions', 2)).toBe(0);
    expect(alignStrength('deliver', lettersOf('do they delver food'))).toBeGreaterThan(0);
    expect(alignStrength('pets', lettersOf('do they sell pests'))).toBe(0);
    expect(alignStrength('tv', 'tv')).toBe(0); // too short to look for inside other words
  });

  it('does not find a word that is not there', () => {
    expect(alignStrength('housekeeping', lettersOf('do you take credit cards'))).toBe(0);
    expect(substringDistance('parking', 'creditcards', 1)).toBe(2);
  });
});
