import { describe, expect, it } from 'vitest';
import { spokenShare } from './spoken-english.ts';
import { termOf } from './text.ts';

describe('spoken English', () => {
  it('knows how often people say a word, in all its forms', () => {
    // "live", "lives", "living", "lived" count together under their index term.
    expect(spokenShare(termOf('live'))).toBeGreaterThan(spokenShare(termOf('mailbox')) * 10);
    expect(spokenShare(termOf('people'))).toBeGreaterThan(1e-4);
    expect(spokenShare(termOf('dkim'))).toBe(0);
  });
});
