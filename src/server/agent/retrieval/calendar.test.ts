import { describe, expect, it } from 'vitest';
import { calendarTerms, datesIn } from './calendar.ts';
import { termOf } from './text.ts';

describe('calendar', () => {
  it('reads every day of a stated range, day first or month first', () => {
    expect(datesIn('We are closed from 26 to 28 December for stocktaking.')).toEqual([
      { month: 12, day: 26 },
      { month: 12, day: 27 },
      { month: 12, day: 28 },
    ]);
    expect(datesIn('Closed Dec 24–25 and on January 1st.')).toEqual([
      { month: 12, day: 24 },
      { month: 12, day: 25 },
      { month: 1, day: 1 },
    ]);
    expect(datesIn('Open 9 to 5, Monday to Friday.')).toEqual([]);
  });

  it('gives a notice the words a caller uses for its dates: the days and the holidays they fall on', () => {
    const terms = calendarTerms('The shop is closed from 26 to 28 December.');
    expect(terms).toEqual(expect.arrayContaining(['26', '27', '28', termOf('christmas'), termOf('boxing')]));
    expect(calendarTerms('Our summer sale ends on 15 July.')).toEqual(['15']);
  });
});
