/**
 * Opening hours of one agent (issue 24 section 2), shared by the server (validation, the call runtime) and the
 * /configure week view. Times are wall-clock times in the business's IANA time zone; dates are that zone's
 * calendar dates. An agent without hours is always open (SPEC behaviour).
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** One opening: "09:00" to "17:00". A close of "00:00" means midnight, the end of the day. */
export interface Interval {
  open: string;
  close: string;
}

export interface ClosedDate {
  /** YYYY-MM-DD in the business's time zone. */
  date: string;
  /** What the day is, said to callers: "Christmas Day", "Stocktaking". */
  label: string;
}

export interface SpecialHours {
  date: string;
  label: string;
  intervals: Interval[];
}

export interface OpeningHours {
  time_zone: string;
  /** Per weekday, its openings in order; an empty list is a day the business is closed. */
  weekly: Record<Weekday, Interval[]>;
  closed_dates: ClosedDate[];
  special_hours: SpecialHours[];
}

export const MAX_INTERVALS_PER_DAY = 3;
export const MAX_DATES = 100;
export const MAX_LABEL = 60;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A sensible start for the week view: Monday to Friday 9 to 5. */
export function defaultOpeningHours(timeZone: string): OpeningHours {
  const day = [{ open: '09:00', close: '17:00' }];
  return {
    time_zone: timeZone,
    weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] },
    closed_dates: [],
    special_hours: [],
  };
}

export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes since midnight; a close of "00:00" is 1440 (midnight at the end of the day). */
export function minutesOf(time: string, asClose = false): number {
  const m = TIME.exec(time);
  if (!m) return NaN;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return asClose && minutes === 0 ? 1440 : minutes;
}

export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** "9 AM", "5:30 PM", "noon", "midnight". */
export function spokenTime(time: string, asClose = false): string {
  const minutes = minutesOf(time, asClose);
  if (minutes === 720) return 'noon';
  if (minutes === 0 || minutes === 1440) return 'midnight';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Thursday, December 24, 2026" for "2026-12-24". */
export function spokenDate(date: string, withYear = true): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  });
}

function intervalProblems(where: string, intervals: unknown): string[] {
  if (!Array.isArray(intervals)) return [`${where}: the opening times are missing.`];
  if (intervals.length > MAX_INTERVALS_PER_DAY)
    return [`${where}: at most ${MAX_INTERVALS_PER_DAY} opening times a day.`];
  const problems: string[] = [];
  let lastClose = -1;
  for (const interval of intervals as Partial<Interval>[]) {
    const open = typeof interval?.open === 'string' ? interval.open : '';
    const close = typeof interval?.close === 'string' ? interval.close : '';
    if (!TIME.test(open) || !TIME.test(close)) {
      problems.push(`${where}: enter times as HH:MM, e.g. 09:00 and 17:30.`);
      continue;
    }
    const from = minutesOf(open);
    const to = minutesOf(close, true);
    if (to <= from) {
      problems.push(
        `${where}: closing time ${close} must be after opening time ${open} (use 00:00 for midnight).`,
      );
    } else if (from < lastClose) {
      problems.push(`${where}: the opening at ${open} overlaps the one before it.`);
    }
    lastClose = Math.max(lastClose, to);
  }
  return problems;
}

function labelProblem(where: string, label: unknown): string | null {
  if (typeof label !== 'string') return `${where}: the description is missing.`;
  if (label.length > MAX_LABEL)
    return `${where}: the description is too long (${MAX_LABEL} characters at most).`;
  return null;
}

/**
 * Every problem with `hours`, in words for the owner ("Monday: closing time 08:00 must be after opening time
 * 09:00"). Empty when the hours can be saved.
 */
export function openingHoursProblems(hours: OpeningHours): string[] {
  const problems: string[] = [];
  if (!isTimeZone(hours.time_zone))
    problems.push(`"${String(hours.time_zone).slice(0, 64)}" is not a time zone.`);
  for (const day of WEEKDAYS) problems.push(...intervalProblems(WEEKDAY_NAMES[day], hours.weekly?.[day]));
  const seen = new Map<string, string>();
  const checkDate = (kind: string, date: unknown): string | null => {
    if (typeof date !== 'string' || !isDate(date))
      return `${kind}: "${String(date).slice(0, 20)}" is not a date (YYYY-MM-DD).`;
    const before = seen.get(date);
    if (before) return `${spokenDate(date)} is listed twice (${before} and ${kind.toLowerCase()}).`;
    seen.set(date, kind.toLowerCase());
    return null;
  };
  if (hours.closed_dates.length > MAX_DATES) problems.push(`At most ${MAX_DATES} closed dates.`);
  if (hours.special_hours.length > MAX_DATES) problems.push(`At most ${MAX_DATES} dates with special hours.`);
  for (const closed of hours.closed_dates) {
    const bad = checkDate('Closed date', closed.date);
    if (bad) problems.push(bad);
    const label = labelProblem(`Closed date ${closed.date}`, closed.label);
    if (label) problems.push(label);
  }
  for (const special of hours.special_hours) {
    const bad = checkDate('Special hours', special.date);
    if (bad) problems.push(bad);
    const label = labelProblem(`Special hours on ${special.date}`, special.label);
    if (label) problems.push(label);
    if (Array.isArray(special.intervals) && special.intervals.length === 0) {
      problems.push(`Special hours on ${special.date}: add an opening time, or list the day as closed.`);
    } else {
      problems.push(...intervalProblems(`Special hours on ${special.date}`, special.intervals));
    }
  }
  return problems;
}

/** The calendar date and time of `instant` in `zone`. */
export interface ZonedMoment {
  date: string;
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
}

export function zonedMoment(instant: Date, zone: string): ZonedMoment {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  return { date, weekday: weekdayOf(date), minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** What a date's hours are: a closed date, special hours, or the weekday's regular hours. */
export interface DayHours {
  date: string;
  weekday: Weekday;
  intervals: Interval[];
  kind: 'regular' | 'closed_date' | 'special';
  /** The closed date's or the special day's description. */
  label: string | null;
}

export function hoursOn(hours: OpeningHours, date: string): DayHours {
  const weekday = weekdayOf(date);
  const closed = hours.closed_dates.find((c) => c.date === date);
  if (closed)
    return { date, weekday, intervals: [], kind: 'closed_date', label: closed.label.trim() || null };
  const special = hours.special_hours.find((s) => s.date === date);
  if (special)
    return {
      date,
      weekday,
      intervals: special.intervals,
      kind: 'special',
      label: special.label.trim() || null,
    };
  return { date, weekday, intervals: hours.weekly[weekday] ?? [], kind: 'regular', label: null };
}

/** Whether the business is open at `instant`; with no hours set, always. */
export function isOpenAt(hours: OpeningHours | null, instant: Date): boolean {
  if (!hours) return true;
  const now = zonedMoment(instant, hours.time_zone);
  return openingAt(hoursOn(hours, now.date), now.minutes) !== null;
}

/** The opening of `day` that `minutes` falls in, else null. */
export function openingAt(day: DayHours, minutes: number): Interval | null {
  return (
    day.intervals.find((i) => minutes >= minutesOf(i.open) && minutes < minutesOf(i.close, true)) ?? null
  );
}

/** The next time the business opens after `instant` (within two weeks), or null. */
export function nextOpening(
  hours: OpeningHours,
  instant: Date,
): { day: DayHours; interval: Interval; daysAhead: number } | null {
  const now = zonedMoment(instant, hours.time_zone);
  for (let ahead = 0; ahead <= 14; ahead++) {
    const day = hoursOn(hours, addDays(now.date, ahead));
    const interval = day.intervals.find((i) => ahead > 0 || minutesOf(i.open) > now.minutes);
    if (interval) return { day, interval, daysAhead: ahead };
  }
  return null;
}

/** "9 AM to 5 PM", "9 AM to noon and 1 PM to 5 PM". */
export function spokenIntervals(intervals: Interval[]): string {
  return intervals.map((i) => `${spokenTime(i.open)} to ${spokenTime(i.close, true)}`).join(' and ');
}
