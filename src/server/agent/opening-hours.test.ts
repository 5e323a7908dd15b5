import { describe, expect, it } from 'vitest';
import {
  defaultOpeningHours,
  isOpenAt,
  openingHoursProblems,
  type OpeningHours,
} from '../../shared/opening-hours.ts';
import { answerHoursQuestion, closedNotice, hoursPassages, isHoursQuestion } from './opening-hours.ts';

const HOURS: OpeningHours = {
  ...defaultOpeningHours('America/New_York'),
  weekly: {
    ...defaultOpeningHours('America/New_York').weekly,
    sat: [{ open: '10:00', close: '14:00' }],
  },
  closed_dates: [{ date: '2026-12-25', label: 'Christmas Day' }],
  special_hours: [
    { date: '2026-12-24', label: 'Christmas Eve', intervals: [{ open: '09:00', close: '12:00' }] },
  ],
};
/** Wednesday 23 December 2026, 10:00 in New York. */
const WED_10AM = new Date('2026-12-23T15:00:00Z');

describe('opening hours', () => {
  it('knows a question about opening from one that only uses the word', () => {
    for (const q of [
      'Are you open now?',
      'When do you open tomorrow?',
      'are you open on the 26th',
      'What are your hours?',
      'how late are you open today',
    ])
      expect(isHoursQuestion(q), q).toBe(true);
    for (const q of [
      'Are you open to new patients?',
      'How many hours does a repair take?',
      'Do you have parking?',
    ])
      expect(isHoursQuestion(q), q).toBe(false);
  });

  it('answers from the clock in the business time zone, a holiday winning over the regular hours', () => {
    expect(answerHoursQuestion('Are you open now?', HOURS, WED_10AM)?.text).toBe(
      "We're open now, until 5 PM today.",
    );
    expect(answerHoursQuestion('When do you open tomorrow?', HOURS, WED_10AM)?.text).toBe(
      'Tomorrow we open at 9 AM (special hours for Christmas Eve), and close at noon.',
    );
    const holiday = answerHoursQuestion('Are you open on the 25th?', HOURS, WED_10AM)!;
    expect(holiday.text).toMatch(/^No, we're closed on Friday, December 25 for Christmas Day\./);
    expect(holiday.text).toMatch(/We open again on Saturday, December 26 at 10 AM\./);
    expect(holiday.heading).toBe('Christmas Day');
    expect(answerHoursQuestion('are you open on christmas', HOURS, WED_10AM)?.text).toMatch(
      /closed on Friday, December 25/,
    );
    // Tuesday 20:00 in New York: closed, and the notice says when it opens.
    const evening = new Date('2026-12-23T01:00:00Z');
    expect(isOpenAt(HOURS, evening)).toBe(false);
    expect(closedNotice(HOURS, evening)).toBe(
      "We're closed right now, we open again tomorrow at 9 AM. I can answer your questions or take a message.",
    );
    expect(answerHoursQuestion('Are you open on Sundays?', HOURS, WED_10AM)?.text).toBe(
      'We are closed on Sundays.',
    );
    expect(answerHoursQuestion('What are your hours?', HOURS, WED_10AM)?.text).toMatch(
      /^We are open Monday to Friday from 9 AM to 5 PM and Saturday from 10 AM to 2 PM\. We are closed on Sunday\./,
    );
  });

  it('writes the hours out as passages, and validates them with clear messages', () => {
    const passages = hoursPassages('a1', HOURS);
    expect(passages.every((p) => p.documentName === 'Opening hours')).toBe(true);
    expect(passages.map((p) => p.text)).toContain(
      'We are closed on Friday, December 25, 2026 (Christmas Day).',
    );
    expect(
      openingHoursProblems({
        ...HOURS,
        time_zone: 'Mars/Olympus',
        weekly: { ...HOURS.weekly, mon: [{ open: '09:00', close: '08:00' }] },
        special_hours: [{ date: '2026-12-25', label: '', intervals: [{ open: '09:00', close: '10:00' }] }],
      }),
    ).toEqual([
      '"Mars/Olympus" is not a time zone.',
      'Monday: closing time 08:00 must be after opening time 09:00 (use 00:00 for midnight).',
      'Friday, December 25, 2026 is listed twice (closed date and special hours).',
    ]);
  });
});
