/**
 * The parts of phone number formatting that need no metadata, shared by shared/phone.ts and the dashboard's
 * library-free fast path (client/lib/phone-number.ts), so both read and print a number the same way.
 */

/** The digits of `text` as an E.164 number: a leading "+" is kept, ten digits alone are a North American number. */
export function toE164(text: string): string {
  const digits = text.replace(/\D/g, '');
  return text.startsWith('+') ? `+${digits}` : digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/** "+1 555-010-0142" for a +1 number of ten national digits; null for any other. */
export function formatNorthAmerican(e164: string): string | null {
  return /^\+1\d{10}$/.test(e164) ? `+1 ${e164.slice(2, 5)}-${e164.slice(5, 8)}-${e164.slice(8)}` : null;
}
