import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { formatNorthAmerican, toE164 } from './phone-digits.ts';

/**
 * A phone number as people read it: "+1 555-010-0142" for North American numbers, the international form for
 * others ("+44 20 7123 4567"). Text that is not a possible number (a hidden caller, "anonymous") is returned as is.
 * The one formatter of the product: the client shows every number through it and the server writes numbers in
 * call summaries with it.
 */
export function formatPhoneNumber(raw: string | null | undefined): string {
  if (!raw) return '';
  const text = raw.trim();
  if (text.replace(/\D/g, '').length < 8) return text;
  const parsed = parsePhoneNumberFromString(toE164(text));
  if (!parsed || !parsed.isPossible()) return text;
  const northAmerican =
    parsed.countryCallingCode === '1' ? formatNorthAmerican(`+1${parsed.nationalNumber}`) : null;
  return northAmerican ?? parsed.formatInternational();
}

/**
 * Whether a number matches what someone typed to find it: its digits (with or without the country code, so "555"
 * finds the area code 555 and "0142" the line), or words of its friendly name.
 */
export function phoneNumberMatches(query: string, number: string, friendlyName?: string | null): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  const queryDigits = q.replace(/\D/g, '');
  const digits = number.replace(/\D/g, '');
  if (queryDigits !== '' && /^[\d\s()+.-]+$/.test(q)) {
    const national = digits.startsWith('1') && digits.length === 11 ? digits.slice(1) : digits;
    return digits.includes(queryDigits) || national.includes(queryDigits);
  }
  return (
    (friendlyName ?? '').toLowerCase().includes(q) || formatPhoneNumber(number).toLowerCase().includes(q)
  );
}
