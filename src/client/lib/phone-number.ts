/**
 * Phone numbers on the dashboard without libphonenumber-js on its first render (ADR 043, addendum 3): the library
 * and its metadata are about 120 KB of script, a third of what the dashboard ran before its first render, for numbers
 * that are nearly always North American ("+1 555-010-0142", which needs no metadata). The library is loaded when a
 * number needs it; until then that number shows as it is stored (E.164), and the component renders again once it
 * has loaded. Pages that list many numbers (calls, configure, admin) import shared/phone.ts directly.
 */
import { useSyncExternalStore } from 'react';
import { formatNorthAmerican, toE164 } from '../../shared/phone-digits.ts';

/**
 * What formatPhoneNumber returns, when it can be told without the library's metadata: '' for nothing, the text
 * itself when it has fewer than 8 digits (a hidden caller, "anonymous"), "+1 555-010-0142" for a North American
 * number; undefined otherwise (ask the library).
 */
export function formatPhoneNumberWithoutMetadata(raw: string | null | undefined): string | undefined {
  if (!raw) return '';
  const text = raw.trim();
  if (text.replace(/\D/g, '').length < 8) return text;
  // Every +1 number of ten digits is a possible North American number (the library agrees: phone-number.test.ts).
  return formatNorthAmerican(toE164(text)) ?? undefined;
}

type Format = (raw: string | null | undefined) => string;

let full: Format | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadFullFormatter(): void {
  loading ??= import('../../shared/phone.ts').then(
    (module) => {
      full = module.formatPhoneNumber;
      for (const listener of listeners) listener();
    },
    () => {
      loading = null; // a failed chunk load: tried again by the next number that needs it
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getFull = () => full;

/** shared/phone.ts's formatPhoneNumber, as it is once the library has loaded. */
function format(raw: string | null | undefined, library: Format | null): string {
  const quick = formatPhoneNumberWithoutMetadata(raw);
  if (quick !== undefined) return quick;
  if (library) return library(raw);
  loadFullFormatter();
  return raw?.trim() ?? '';
}

/** formatPhoneNumber (shared/phone.ts) for a component: renders again if a number needed the library. */
export function usePhoneNumberFormat(): Format {
  const library = useSyncExternalStore(subscribe, getFull, getFull);
  return (raw) => format(raw, library);
}
