import { describe, expect, it } from 'vitest';
import { questionWordsOf, statesType } from './evidence.ts';

describe('statesType', () => {
  const states = (sentence: string, question: string, type: Parameters<typeof statesType>[1]) =>
    statesType(sentence, type, questionWordsOf(question));

  it('finds the kind of answer asked for, by a word the question does not have', () => {
    expect(states('A cleaning costs $95.', 'how much is a cleaning', 'amount')).toBe(true);
    expect(states('Parking is free for patients.', 'how much is parking', 'amount')).toBe(true);
    expect(states('We open at 9 a.m. on Saturdays.', 'when do you open on saturday', 'time')).toBe(true);
    expect(states('The office is on Alder Lane, behind the bank.', 'where is the office', 'place')).toBe(
      true,
    );
    expect(states('Appointments are handled by Dr. Haddad.', 'who handles appointments', 'person')).toBe(
      true,
    );
  });

  it("does not take the question's own words, or a year, as the answer", () => {
    expect(states('Dr. Amira Haddad joined in 2017.', 'how much is the gas', 'amount')).toBe(false);
    expect(states('Our volunteers help at events.', 'how much do officers make', 'amount')).toBe(false);
    expect(states('Saturday hours are posted at the desk.', 'what are your saturday hours', 'time')).toBe(
      false,
    );
  });
});
