import { describe, expect, it } from 'vitest';
import { GROUP_MIN_COSINE, groupGaps, groupQuestion, wordingKey } from './gap-groups.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 12, minute));
/** A unit vector at `cosine` from the x axis (in the x-y plane). */
const towards = (cosine: number) => Float32Array.from([cosine, Math.sqrt(1 - cosine * cosine), 0]);

describe('grouping knowledge gaps by meaning', () => {
  it('puts questions close in meaning together, and others apart', () => {
    const gaps = [
      { id: 'a', question: 'Do you sell gift vouchers?', askedAt: at(1), vector: towards(1) },
      {
        id: 'b',
        question: 'Can I buy a gift voucher?',
        askedAt: at(2),
        vector: towards(GROUP_MIN_COSINE + 0.05),
      },
      { id: 'c', question: 'Can I bring my dog?', askedAt: at(3), vector: Float32Array.from([0, 0, 1]) },
      {
        id: 'd',
        question: 'Do you fix heat pumps?',
        askedAt: at(4),
        // 0.6 from the first question, further from the group's centre.
        vector: Float32Array.from([0.6, -0.8, 0]),
      },
    ];
    const groups = groupGaps(gaps).map((g) => g.map((m) => m.id));
    // Most recently asked first.
    expect(groups).toEqual([['d'], ['c'], ['a', 'b']]);
  });

  it('keeps the same words together even without vectors', () => {
    const gaps = [
      { id: 'a', question: 'Do you sell gift vouchers?', askedAt: at(1), vector: null },
      { id: 'b', question: 'do you sell GIFT vouchers', askedAt: at(2), vector: null },
      { id: 'c', question: 'Can I bring my dog?', askedAt: at(3), vector: null },
    ];
    expect(groupGaps(gaps).map((g) => g.map((m) => m.id))).toEqual([['c'], ['a', 'b']]);
    expect(wordingKey('Do you sell GIFT vouchers?')).toBe('do you sell gift vouchers');
  });

  it('shows a group by its most frequent wording, then the shortest, then the latest', () => {
    expect(
      groupQuestion([
        { id: 'a', question: 'do you sell gift vouchers', askedAt: at(1), vector: null },
        { id: 'b', question: 'Can I buy a voucher?', askedAt: at(2), vector: null },
        { id: 'c', question: 'Do you sell gift vouchers?', askedAt: at(3), vector: null },
      ]),
    ).toBe('Do you sell gift vouchers?');
    expect(
      groupQuestion([
        { id: 'a', question: 'one', askedAt: at(1), vector: null },
        { id: 'b', question: 'two', askedAt: at(2), vector: null },
      ]),
    ).toBe('two');
    expect(
      groupQuestion([
        { id: 'a', question: 'Do you sell gift vouchers?', askedAt: at(1), vector: null },
        { id: 'b', question: 'Can I buy a gift voucher for my mother?', askedAt: at(2), vector: null },
      ]),
    ).toBe('Do you sell gift vouchers?');
  });
});
