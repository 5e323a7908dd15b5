import { describe, expect, it } from 'vitest';
import { isInstruction } from './entities.ts';

describe('isInstruction', () => {
  it('reads an order, however it opens, as what to do', () => {
    for (const sentence of [
      'Search for your bank.',
      'Click Start export.',
      'Use git stash pop to get the changes back.',
      '2. Open the invoice and click Record payment.',
      'To sign a cookie, provide one or more secrets when you create it.',
      'Be sure to put IPv6 addresses inside square brackets.',
      'Do not edit the file by hand.',
    ])
      expect(isInstruction(sentence), sentence).toBe(true);
  });

  it('does not read a statement, a purpose without an order, or a question as one', () => {
    for (const sentence of [
      'It is possible to sign a cookie.',
      'Visits at home take place on weekday evenings.',
      'Monthly plans are charged on the same day each month.',
      'To do this, the server must be restarted.',
      'Do you need help?',
    ])
      expect(isInstruction(sentence), sentence).toBe(false);
  });
});
