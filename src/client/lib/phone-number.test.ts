import { describe, expect, it } from 'vitest';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { formatPhoneNumber } from '../../shared/phone.ts';
import { formatPhoneNumberWithoutMetadata } from './phone-number.ts';

describe('formatPhoneNumberWithoutMetadata', () => {
  it('formats North American numbers as the library does, in every form they are stored or typed', () => {
    // Pseudo-random but repeatable ten-digit national numbers, area codes 0-9 included.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 2_000; i++) {
      const n = String(next() % 10_000_000_000).padStart(10, '0');
      for (const raw of [`+1${n}`, n, `1${n}`, `+1 (${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`]) {
        const parsed = parsePhoneNumberFromString(`+1${n}`);
        expect(parsed?.isPossible()).toBe(true);
        expect(String(parsed?.nationalNumber)).toBe(n);
        expect(formatPhoneNumberWithoutMetadata(raw)).toBe(
          `+1 ${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`,
        );
      }
    }
  });

  it('returns text that is not a number as it is, and leaves other countries to the library', () => {
    expect(formatPhoneNumberWithoutMetadata(null)).toBe('');
    expect(formatPhoneNumberWithoutMetadata('')).toBe('');
    expect(formatPhoneNumberWithoutMetadata(' anonymous ')).toBe('anonymous');
    expect(formatPhoneNumberWithoutMetadata('+1234567')).toBe('+1234567');
    expect(formatPhoneNumberWithoutMetadata('+442071234567')).toBeUndefined();
    expect(formatPhoneNumberWithoutMetadata('+1555010014')).toBeUndefined(); // nine national digits
  });
});

describe('formatPhoneNumber (shared/phone.ts)', () => {
  it('gives the same answers as the fast path where the fast path answers', () => {
    expect(formatPhoneNumber('+15550100142')).toBe('+1 555-010-0142');
    expect(formatPhoneNumber('5550100142')).toBe('+1 555-010-0142');
    expect(formatPhoneNumber('+442071234567')).toBe('+44 20 7123 4567');
    expect(formatPhoneNumber('+1555010014')).toBe('+1555010014');
    expect(formatPhoneNumber('anonymous')).toBe('anonymous');
    expect(formatPhoneNumber(undefined)).toBe('');
  });
});
