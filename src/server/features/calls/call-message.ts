/**
 * A message a caller leaves (ADR 042): who they are, where to call back and what they said, read from their own
 * words. The number they called from is the call-back number unless they say another.
 */
import type { CallMessage } from '../../db/schema.ts';
import { normalizePhoneNumber } from './calls.repository.ts';

export type { CallMessage };

const NAMED = /\b(?:my name is|my name's|name is|name's)\s+([a-z][a-z'-]*(?:\s+[A-Z][a-z'-]+)?)/i;
const INTRODUCED =
  /\b(?:[Tt]his is|[Ii]t's|[Ii]t is|I'm|I am|i'm|i am)\s+([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)/;
/** Words that follow "this is" / "I'm" without being a name. */
const NOT_A_NAME = new Set([
  'calling',
  'about',
  'just',
  'looking',
  'trying',
  'wondering',
  'a',
  'an',
  'the',
  'not',
  'so',
  'very',
  'interested',
]);

function nameIn(text: string): string | null {
  const match = NAMED.exec(text) ?? INTRODUCED.exec(text);
  if (!match) return null;
  const words = match[1]!.split(/\s+/).filter((w) => !NOT_A_NAME.has(w.toLowerCase()));
  if (words.length === 0) return null;
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

function numberIn(text: string): string | null {
  for (const match of text.matchAll(/\+?\d[\d\s().-]{5,}\d/g)) {
    const digits = match[0].replace(/\D/g, '');
    if (digits.length >= 7 && digits.length <= 15) return normalizePhoneNumber(match[0]);
  }
  return null;
}

export function parseCallerMessage(
  text: string,
  callerNumber: string,
  context: CallMessage['context'],
): CallMessage {
  return {
    name: nameIn(text),
    callback_number: numberIn(text) ?? callerNumber,
    text: text.trim().slice(0, 2000),
    context,
  };
}
