/**
 * Dates a passage states, as the words a caller would use for them. A holiday notice says "closed from 26 to 28
 * December"; callers ask "are you open on the 27th?" or "are you closed between Christmas and New Year?". The
 * notice is found, and read as evidence, only if it carries those words: every day of a stated range (27 inside
 * "26 to 28"), and the names of the fixed-date holidays the dates fall on or around. Calendar facts, not any one
 * business's words.
 */
import { termOf } from './text.ts';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const TO = '\\s*(?:-|–|—|to|through|thru|until|till|and)\\s*';
/** "26 to 28 December", "26th December", "24-26 Dec" (day first). */
const DAY_FIRST = new RegExp(`\\b${DAY}(?:${TO}${DAY})?\\s+(?:of\\s+)?${MONTH}\\b`, 'gi');
/** "December 26 to 28", "Dec 24–26", "December 26th" (month first). */
const MONTH_FIRST = new RegExp(`\\b${MONTH}\\s+${DAY}(?:${TO}${DAY})?\\b`, 'gi');

/** Holidays on a fixed date, and the days around them a caller names them for (month 1-12, day). */
const HOLIDAYS: { words: string[]; month: number; from: number; to: number }[] = [
  // "Between Christmas and New Year": the Christmas holidays run to New Year's Day.
  { words: ['christmas', 'xmas'], month: 12, from: 24, to: 31 },
  { words: ['christmas', 'xmas'], month: 1, from: 1, to: 1 },
  { words: ['boxing'], month: 12, from: 26, to: 26 },
  { words: ['new', 'year', 'years'], month: 12, from: 29, to: 31 },
  { words: ['new', 'year', 'years'], month: 1, from: 1, to: 2 },
  { words: ['valentine', 'valentines'], month: 2, from: 14, to: 14 },
  { words: ['independence'], month: 7, from: 4, to: 4 },
  { words: ['halloween'], month: 10, from: 31, to: 31 },
  { words: ['eve'], month: 12, from: 24, to: 24 },
  { words: ['eve'], month: 12, from: 31, to: 31 },
];

export interface StatedDate {
  month: number;
  day: number;
}

/** Every day `text` names with a month, ranges spelled out ("26 to 28 December": 26, 27, 28). */
export function datesIn(text: string): StatedDate[] {
  const out: StatedDate[] = [];
  const push = (monthWord: string, fromDay: string, toDay: string | undefined) => {
    const month =
      MONTHS.findIndex((m) => m.startsWith(monthWord.toLowerCase().replace(/\.$/, '').slice(0, 3))) + 1;
    const from = Number(fromDay);
    const to = toDay === undefined ? from : Number(toDay);
    if (month === 0 || from < 1 || from > 31 || to < from || to > 31 || to - from > 31) return;
    for (let day = from; day <= to; day++) out.push({ month, day });
  };
  for (const m of text.matchAll(DAY_FIRST)) push(m[3]!, m[1]!, m[2]);
  for (const m of text.matchAll(MONTH_FIRST)) push(m[1]!, m[2]!, m[3]);
  return out;
}

/** The index terms a caller's words for these dates would use: the days of the month and the holidays. */
export function calendarTerms(text: string): string[] {
  const dates = datesIn(text);
  if (dates.length === 0) return [];
  const out = new Set<string>();
  for (const { month, day } of dates) {
    out.add(String(day));
    for (const h of HOLIDAYS)
      if (h.month === month && day >= h.from && day <= h.to) for (const w of h.words) out.add(termOf(w));
  }
  return [...out];
}
