/**
 * Opening hours as knowledge (ADR 042). Two parts, both labelled "Opening hours":
 * - `hoursPassages`: the hours written out as passages of a generated document, indexed with the business's own
 *   documents, so the engine answers "do you open on Sundays?" or "are you closed on Boxing Day?" like any entry
 *   (a closed date carries its calendar words, calendar.ts).
 * - `answerHoursQuestion`: the exact answer to a question about opening that depends on the clock ("are you open
 *   now?", "when do you open tomorrow?", "are you open on the 26th?"), worked out from the hours in the
 *   business's time zone. A closed date or special hours win over the regular week.
 * Both are pure: the caller passes the moment.
 */
import {
  addDays,
  hoursOn,
  minutesOf,
  nextOpening,
  openingAt,
  spokenDate,
  spokenIntervals,
  spokenTime,
  WEEKDAY_NAMES,
  WEEKDAYS,
  zonedMoment,
  type DayHours,
  type OpeningHours,
  type Weekday,
  weekdayOf,
} from '../../shared/opening-hours.ts';
import type { KnowledgePassage } from './retrieval/knowledge-index.ts';

export const HOURS_DOCUMENT = 'Opening hours';
/** Generated passages' ids start with this: they have no row (and no vector) in the database. */
export const HOURS_PASSAGE_PREFIX = 'hours:';

/** "Monday to Friday", "Saturday", "Monday, Wednesday and Friday". */
function dayList(days: Weekday[]): string {
  const names = days.map((d) => WEEKDAY_NAMES[d]);
  const consecutive = days.every(
    (d, i) => i === 0 || WEEKDAYS.indexOf(d) === WEEKDAYS.indexOf(days[i - 1]!) + 1,
  );
  if (days.length >= 3 && consecutive) return `${names[0]} to ${names.at(-1)}`;
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "We are open Monday to Friday from 9 AM to 5 PM and Saturday from 10 AM to 2 PM. We are closed on Sunday." */
export function weeklySummary(hours: OpeningHours): string {
  const groups: { days: Weekday[]; text: string }[] = [];
  const closed: Weekday[] = [];
  for (const day of WEEKDAYS) {
    const intervals = hours.weekly[day];
    if (intervals.length === 0) {
      closed.push(day);
      continue;
    }
    const text = spokenIntervals(intervals);
    const last = groups.at(-1);
    const previous = last?.days.at(-1);
    if (last && last.text === text && previous && WEEKDAYS.indexOf(previous) === WEEKDAYS.indexOf(day) - 1)
      last.days.push(day);
    else groups.push({ days: [day], text });
  }
  const open = groups.map((g) => `${dayList(g.days)} from ${g.text}`);
  const sentences: string[] = [];
  if (open.length > 0)
    sentences.push(
      `We are open ${open.length === 1 ? open[0] : `${open.slice(0, -1).join(', ')} and ${open.at(-1)}`}.`,
    );
  if (closed.length === 7) sentences.push('We have no regular opening hours.');
  else if (closed.length > 0) sentences.push(`We are closed on ${dayList(closed)}.`);
  return sentences.join(' ');
}

function zoneNote(hours: OpeningHours): string {
  return `Times are local time (${hours.time_zone.replace(/_/g, ' ')}).`;
}

/** The hours written out as the passages of a generated "Opening hours" document. */
export function hoursPassages(agentId: string, hours: OpeningHours): KnowledgePassage[] {
  const passage = (n: string, heading: string, text: string): KnowledgePassage => ({
    id: `${HOURS_PASSAGE_PREFIX}${agentId}:${n}`,
    documentName: HOURS_DOCUMENT,
    heading,
    page: null,
    text,
  });
  const out = [passage('week', 'Opening hours', `${weeklySummary(hours)} ${zoneNote(hours)}`)];
  for (const day of WEEKDAYS) {
    const intervals = hours.weekly[day];
    const name = WEEKDAY_NAMES[day];
    out.push(
      passage(
        day,
        `Opening hours on ${name}`,
        intervals.length === 0
          ? `We are closed on ${name}s.`
          : `On ${name}s we are open from ${spokenIntervals(intervals)}.`,
      ),
    );
  }
  for (const closed of hours.closed_dates) {
    const label = closed.label.trim();
    out.push(
      passage(
        `closed:${closed.date}`,
        label ? `Closed on ${label}` : `Closed on ${spokenDate(closed.date, false)}`,
        `We are closed on ${spokenDate(closed.date)}${label ? ` (${label})` : ''}.`,
      ),
    );
  }
  for (const special of hours.special_hours) {
    const label = special.label.trim();
    out.push(
      passage(
        `special:${special.date}`,
        label ? `Opening hours on ${label}` : `Opening hours on ${spokenDate(special.date, false)}`,
        `On ${spokenDate(special.date)}${label ? ` (${label})` : ''} we are open from ${spokenIntervals(special.intervals)}.`,
      ),
    );
  }
  return out;
}

const SUBJECT =
  "(?:you|u|y'?all|you guys|ya|it|the (?:store|shop|office|business|place|restaurant|salon|clinic))";
const QUESTION_PATTERNS = [
  new RegExp(`\\b(?:are|r|is)\\s+${SUBJECT}\\s+(?:still\\s+|even\\s+)?(?:open|closed|opened)\\b`),
  new RegExp(
    `\\b(?:when|what time|how early|how late|till when|until when)\\s+(?:do|does|will|are|is|did)\\s+${SUBJECT}\\s+(?:open|close|opening|closing|be open|be closed|open up|stay open|shut)\\b`,
  ),
  new RegExp(`\\b(?:do|does|will)\\s+${SUBJECT}\\s+(?:open|close|shut)\\b`),
  /\b(?:opening|business|office|store|shop|holiday|your|the) hours\b/,
  /\bhours (?:today|tomorrow|tonight|on|this|over|for)\b/,
  /\bwhen(?:'s| is) (?:it|the (?:store|shop|office)) open\b/,
];

/** "are you open to new patients?" is not about the hours. */
const NOT_ABOUT_HOURS =
  /\bopen (?:to|for) (?!business\b)|\bopen (?:an?|my|the) (?:account|case|claim|ticket)\b/;

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9':\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function isHoursQuestion(text: string): boolean {
  const t = normalize(text);
  return QUESTION_PATTERNS.some((p) => p.test(t)) && !NOT_ABOUT_HOURS.test(t);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|march|mar|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  'twenty first': 21,
  'twenty second': 22,
  'twenty third': 23,
  'twenty fourth': 24,
  'twenty fifth': 25,
  'twenty sixth': 26,
  'twenty seventh': 27,
  'twenty eighth': 28,
  'twenty ninth': 29,
  thirtieth: 30,
  'thirty first': 31,
};
const ORDINAL_WORD = `(${Object.keys(ORDINAL_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const DAY_NUMBER = `(\\d{1,2})(?:st|nd|rd|th)?`;

/** Fixed-date holidays callers name (month, day). */
const HOLIDAYS: { pattern: RegExp; month: number; day: number }[] = [
  { pattern: /\b(?:christmas|xmas) eve\b/, month: 12, day: 24 },
  { pattern: /\bnew year'?s? eve\b/, month: 12, day: 31 },
  { pattern: /\bboxing day\b/, month: 12, day: 26 },
  { pattern: /\b(?:christmas|xmas)(?: day)?\b/, month: 12, day: 25 },
  { pattern: /\bnew year'?s?(?: day)?\b/, month: 1, day: 1 },
  { pattern: /\b(?:independence day|fourth of july|4th of july)\b/, month: 7, day: 4 },
  { pattern: /\bhalloween\b/, month: 10, day: 31 },
  { pattern: /\bvalentine'?s?(?: day)?\b/, month: 2, day: 14 },
];

const STOP_LABEL_WORDS = new Set([
  'day',
  'the',
  'and',
  'for',
  'our',
  'closed',
  'holiday',
  'holidays',
  'open',
  'eve',
]);

/** The next date (today included) in the business's calendar with this month and day. */
function nextMonthDay(today: string, month: number, day: number): string | null {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const date = `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const check = new Date(`${date}T00:00:00Z`);
    if (check.getUTCMonth() + 1 !== month || check.getUTCDate() !== day) continue;
    if (date >= today) return date;
  }
  return null;
}

/** The next date (today included) whose day of the month is `day`. */
function nextDayOfMonth(today: string, day: number): string | null {
  for (let ahead = 0; ahead < 62; ahead++) {
    const date = addDays(today, ahead);
    if (Number(date.slice(8, 10)) === day) return date;
  }
  return null;
}

type Target =
  | { kind: 'now' }
  | { kind: 'date'; date: string; relative: 'today' | 'tomorrow' | null }
  | { kind: 'weekday_regular'; weekday: Weekday }
  | { kind: 'general' };

function targetOf(t: string, hours: OpeningHours, today: string): Target {
  if (/\btomorrow\b/.test(t)) return { kind: 'date', date: addDays(today, 1), relative: 'tomorrow' };
  if (/\b(?:today|tonight|this (?:morning|afternoon|evening))\b/.test(t))
    return { kind: 'date', date: today, relative: 'today' };
  // A closed or special day the owner named ("Thanksgiving", "stocktaking").
  for (const entry of [...hours.closed_dates, ...hours.special_hours]) {
    if (entry.date < today) continue;
    const words = normalize(entry.label)
      .split(' ')
      .filter((w) => w.length >= 4 && !STOP_LABEL_WORDS.has(w));
    if (words.length > 0 && words.some((w) => new RegExp(`\\b${w}`).test(t)))
      return { kind: 'date', date: entry.date, relative: null };
  }
  for (const h of HOLIDAYS) {
    if (h.pattern.test(t)) {
      const date = nextMonthDay(today, h.month, h.day);
      if (date) return { kind: 'date', date, relative: null };
    }
  }
  const monthFirst = new RegExp(`\\b${MONTH_WORD}\\s+(?:the\\s+)?(?:${DAY_NUMBER}|${ORDINAL_WORD})\\b`).exec(
    t,
  );
  const dayFirst = new RegExp(
    `\\b(?:the\\s+)?(?:${DAY_NUMBER}|${ORDINAL_WORD})\\s+(?:of\\s+)?${MONTH_WORD}\\b`,
  ).exec(t);
  const monthDay = monthFirst
    ? { month: monthFirst[1]!, day: monthFirst[2] ? Number(monthFirst[2]) : ORDINAL_WORDS[monthFirst[3]!] }
    : dayFirst
      ? { month: dayFirst[3]!, day: dayFirst[1] ? Number(dayFirst[1]) : ORDINAL_WORDS[dayFirst[2]!] }
      : null;
  if (monthDay?.day) {
    const month = MONTHS.findIndex((m) => monthDay.month.startsWith(m)) + 1;
    const date = month > 0 ? nextMonthDay(today, month, monthDay.day) : null;
    if (date) return { kind: 'date', date, relative: null };
  }
  const ordinal = new RegExp(`\\b(?:the|on)\\s+(?:(\\d{1,2})(?:st|nd|rd|th)|${ORDINAL_WORD})\\b`).exec(t);
  const bareOrdinal = /\b(\d{1,2})(?:st|nd|rd|th)\b/.exec(t);
  const dayOfMonth = ordinal
    ? ordinal[1]
      ? Number(ordinal[1])
      : ORDINAL_WORDS[ordinal[2]!]
    : bareOrdinal
      ? Number(bareOrdinal[1])
      : undefined;
  if (dayOfMonth && dayOfMonth >= 1 && dayOfMonth <= 31) {
    const date = nextDayOfMonth(today, dayOfMonth);
    if (date) return { kind: 'date', date, relative: null };
  }
  for (const day of WEEKDAYS) {
    const name = WEEKDAY_NAMES[day].toLowerCase();
    if (new RegExp(`\\b${name}s\\b`).test(t) || new RegExp(`\\b(?:every|on a) ${name}\\b`).test(t))
      return { kind: 'weekday_regular', weekday: day };
    if (new RegExp(`\\b${name}\\b`).test(t)) {
      const ahead = (WEEKDAYS.indexOf(day) - WEEKDAYS.indexOf(weekdayOf(today)) + 7) % 7;
      return {
        kind: 'date',
        date: addDays(today, ahead),
        relative: ahead === 0 ? 'today' : ahead === 1 ? 'tomorrow' : null,
      };
    }
  }
  if (/\b(?:now|right now|currently|at the moment|still open|still closed)\b/.test(t)) return { kind: 'now' };
  if (/\bhours\b/.test(t)) return { kind: 'general' };
  if (/\b(?:are|r|is) \S+(?: \S+)? (?:still |even )?(?:open|closed)\b/.test(t)) return { kind: 'now' };
  return { kind: 'general' };
}

/** "today", "tomorrow", "on Saturday, December 26". */
function dayPhrase(day: DayHours, relative: 'today' | 'tomorrow' | null, today: string): string {
  if (relative === 'today' || day.date === today) return 'today';
  if (relative === 'tomorrow' || day.date === addDays(today, 1)) return 'tomorrow';
  return `on ${spokenDate(day.date, false)}`;
}

function why(day: DayHours): string {
  if (day.kind === 'closed_date') return day.label ? ` for ${day.label}` : '';
  if (day.kind === 'special') return day.label ? ` (special hours for ${day.label})` : ' (special hours)';
  return '';
}

/** "We open again tomorrow at 9 AM." after this moment, or after the whole of a date. */
function reopening(hours: OpeningHours, after: Date | string, today: string): string {
  let next: { day: DayHours; interval: { open: string } } | null = null;
  if (typeof after === 'string') {
    for (let ahead = 1; ahead <= 14 && !next; ahead++) {
      const day = hoursOn(hours, addDays(after, ahead));
      if (day.intervals[0]) next = { day, interval: day.intervals[0] };
    }
  } else {
    next = nextOpening(hours, after);
  }
  if (!next) return '';
  return ` We open again ${dayPhrase(next.day, null, today)} at ${spokenTime(next.interval.open)}.`;
}

export interface HoursAnswer {
  text: string;
  /** The section of "Opening hours" the answer comes from: a closed date's or special day's, else the week. */
  heading: string;
}

/**
 * The exact answer to a question about opening, from `hours` at `instant`; null when `text` is not such a
 * question (the engine then searches the documents as usual).
 */
export function answerHoursQuestion(text: string, hours: OpeningHours, instant: Date): HoursAnswer | null {
  if (!isHoursQuestion(text)) return null;
  const t = normalize(text);
  const now = zonedMoment(instant, hours.time_zone);
  const today = now.date;
  const target = targetOf(t, hours, today);
  const asksClose = /\b(?:close|closes|closing|shut|how late|till when|until when|stay open)\b/.test(t);
  const asksOpen = /\b(?:when|what time|how early)\b/.test(t) && !asksClose;

  if (target.kind === 'general') {
    const state = answerNow(hours, instant, today);
    return { text: `${weeklySummary(hours)} ${state.text}`, heading: 'Opening hours' };
  }
  if (target.kind === 'now') return answerNow(hours, instant, today);
  if (target.kind === 'weekday_regular') {
    const intervals = hours.weekly[target.weekday];
    const name = WEEKDAY_NAMES[target.weekday];
    return {
      text:
        intervals.length === 0
          ? `We are closed on ${name}s.`
          : `On ${name}s we are open from ${spokenIntervals(intervals)}.`,
      heading: `Opening hours on ${name}`,
    };
  }
  const day = hoursOn(hours, target.date);
  const phrase = dayPhrase(day, target.relative, today);
  const heading =
    day.label ??
    (day.kind === 'regular' ? `Opening hours on ${WEEKDAY_NAMES[day.weekday]}` : 'Opening hours');
  if (day.intervals.length === 0) {
    const lead = asksOpen || asksClose ? "We're" : "No, we're";
    return {
      text: `${lead} closed ${phrase}${why(day)}.${reopening(hours, day.date, today)}`,
      heading,
    };
  }
  const first = day.intervals[0]!;
  const last = day.intervals.at(-1)!;
  const Phrase = phrase.charAt(0).toUpperCase() + phrase.slice(1);
  if (day.date === today) {
    const open = openingAt(day, now.minutes);
    if (open && (asksClose || !asksOpen))
      return {
        text: `${asksClose ? '' : "Yes, we're open now. "}Today we close at ${spokenTime(open.close, true)}${why(day)}.`.trim(),
        heading,
      };
    if (now.minutes >= minutesOf(last.close, true))
      return {
        text: `We're closed for the rest of today; today's hours were ${spokenIntervals(day.intervals)}${why(day)}.${reopening(hours, instant, today)}`,
        heading,
      };
  }
  if (asksOpen)
    return {
      text: `${Phrase} we open at ${spokenTime(first.open)}${why(day)}, and close at ${spokenTime(last.close, true)}.`,
      heading,
    };
  if (asksClose)
    return { text: `${Phrase} we close at ${spokenTime(last.close, true)}${why(day)}.`, heading };
  return { text: `Yes, ${phrase} we're open from ${spokenIntervals(day.intervals)}${why(day)}.`, heading };
}

function answerNow(hours: OpeningHours, instant: Date, today: string): HoursAnswer {
  const now = zonedMoment(instant, hours.time_zone);
  const day = hoursOn(hours, today);
  const open = openingAt(day, now.minutes);
  const heading = day.label ?? 'Opening hours';
  if (open)
    return { text: `We're open now, until ${spokenTime(open.close, true)} today${why(day)}.`, heading };
  const closedToday = day.kind === 'closed_date' ? ` today${why(day)}` : ' right now';
  return { text: `We're closed${closedToday}.${reopening(hours, instant, today)}`, heading };
}

/** What the greeting adds outside opening hours. */
export function closedNotice(hours: OpeningHours, instant: Date): string {
  const today = zonedMoment(instant, hours.time_zone).date;
  const day = hoursOn(hours, today);
  const closed = day.kind === 'closed_date' ? `We're closed today${why(day)}` : "We're closed right now";
  const next = reopening(hours, instant, today)
    .trim()
    .replace(/^We open again/, 'we open again')
    .replace(/\.$/, '');
  return `${closed}${next ? `, ${next}` : ''}. I can answer your questions or take a message.`;
}
