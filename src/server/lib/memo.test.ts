import { describe, expect, it } from 'vitest';
import { remembered } from './memo.ts';

describe('remembered', () => {
  it('reads a key once, null included, and starts again when full', () => {
    const memo = new Map<string, string | null>();
    const reads: string[] = [];
    const read = (key: string) => {
      reads.push(key);
      return key === 'none' ? null : key.toUpperCase();
    };
    expect(remembered(memo, 'a', read, 2)).toBe('A');
    expect(remembered(memo, 'a', read, 2)).toBe('A');
    expect(remembered(memo, 'none', read, 2)).toBeNull();
    expect(remembered(memo, 'none', read, 2)).toBeNull();
    expect(reads).toEqual(['a', 'none']);
    // Full at two: the third key empties the memo before it is kept.
    expect(remembered(memo, 'b', read, 2)).toBe('B');
    expect([...memo.keys()]).toEqual(['b']);
  });
});
