import { describe, expect, it } from 'vitest';
import { bestEvidence, evidenceIn } from './decide.ts';
import { negatesItsQuestion, questionWordsOf, statesType } from './evidence.ts';
import { answerTypeOf } from './question.ts';
import { buildKnowledgeIndex } from './retrieval/knowledge-index.ts';

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

  it('finds a phone number or an email address when a contact detail is asked for', () => {
    expect(states('Call Public Works at 555-0142 to schedule.', "what's their number", 'contact')).toBe(true);
    expect(states('Write to help@millbrook.example.', 'what is the email address', 'contact')).toBe(true);
    expect(states('Pickup is available twice a year, 2 items each.', "what's their number", 'contact')).toBe(
      false,
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

describe('a time of day asked for', () => {
  it('is stated by a clock time or a part of the day, not by a length of years', () => {
    const asks = 'how late can the teachers come';
    expect(statesType('Visits take place on weekday evenings.', 'time', questionWordsOf(asks))).toBe(true);
    expect(statesType('We close at 9 p.m.', 'time', questionWordsOf('what time do you close'))).toBe(true);
    expect(
      statesType('Each teacher has at least five years of experience.', 'time', questionWordsOf(asks)),
    ).toBe(false);
    // "When" is answered by a date or a length of time as well.
    expect(
      statesType('Refunds arrive within five days.', 'time', questionWordsOf('when will my refund arrive')),
    ).toBe(true);
  });
});

describe('a year asked for', () => {
  it('is stated by a year, not by any time or duration', () => {
    const year = (sentence: string) => statesType(sentence, 'year', questionWordsOf('what year was that'));
    expect(year('In 2019, Marcy Sutton published findings from user research.')).toBe(true);
    expect(year('The church was finished on 4 July 1887.')).toBe(true);
    expect(year('Say how long loading is expected to take.')).toBe(false);
    expect(year('Repairs take two days.')).toBe(false);
  });
});

describe('a duration asked for', () => {
  it('is stated by a number with its unit, not by a clock time, a price or a room number', () => {
    const long = (sentence: string) =>
      statesType(sentence, 'duration', questionWordsOf('how long will you have it for'));
    expect(long('Repairs usually take 3 to 5 working days.')).toBe(true);
    expect(long('We keep it for two weeks.')).toBe(true);
    expect(long('The pool is 25 metres long.')).toBe(true);
    expect(long('Baby Rhymes: Mondays at 10:00 a.m., Central Library.')).toBe(false);
    expect(long('Overhaul: $285, every part is cleaned.')).toBe(false);
    expect(long("Pay at the Cashier's Office in Birch Hall, Room 120.")).toBe(false);
  });
});

describe('reading the evidence', () => {
  const passage = (id: string, heading: string, text: string) => ({
    id,
    documentName: 'guide.md',
    heading,
    page: null,
    text,
  });
  const read = (question: string, text: string) => {
    const index = buildKnowledgeIndex([passage('1', 'Middleware', text)], { companyName: 'X' });
    return bestEvidence(question, index.search(question), answerTypeOf(question));
  };

  it('takes a "no" for an answer to a yes-or-no question, but a negation as a mismatch for other questions', () => {
    const text = 'We do not accept cash deposits. A credit card is needed to hold each rental bike.';
    expect(read('do you take cash for the deposit', text)).toMatchObject({
      sentences: ['We do not accept cash deposits.', 'A credit card is needed to hold each rental bike.'],
      negationMismatch: false,
    });
    expect(read('what deposits do you accept', text)?.negationMismatch).toBe(true);
  });

  it('does not take a hyphenated word that starts with "no" for a negation', () => {
    const text =
      'The driver will wait five minutes after arrival; after that, the trip is recorded as a no-show.';
    expect(read('how long will the driver wait for me', text)).toMatchObject({
      sentences: [text],
      negationMismatch: false,
    });
    expect(read('how long will the driver wait for me', 'The driver will not wait.')?.negationMismatch).toBe(
      true,
    );
  });

  it('does not take a sentence that introduces code the passage no longer holds for an answer', () => {
    // The example that followed the colon was code, left out at ingestion.
    const text = [
      'Middleware can be attached to any route.',
      'On a request to /parent/child, the middleware runs in the following order:',
      'There are small differences between middleware on the server and in the browser.',
    ].join('\n');
    expect(read('what order does middleware run in', text)?.sentences ?? []).not.toContainEqual(
      expect.stringMatching(/following order/),
    );
  });

  it('says a sentence that introduces a list with the list', () => {
    const text = [
      'Schemas are checked before the handler runs.',
      'Supported validations include:',
      '- body: validates the request body.',
      '- params: validates the route parameters.',
    ].join('\n');
    const sentences = read('which validations are supported', text)?.sentences ?? [];
    const lead = sentences.indexOf('Supported validations include:');
    expect(lead).toBeGreaterThanOrEqual(0);
    expect(sentences[lead + 1]).toMatch(/body: validates the request body/);
  });

  it('says every item of the list a sentence introduces, not only the first', () => {
    const text = [
      'Upgrading is easiest when your build tools are current and your tests pass before you start the work.',
      'Read the upgrade guide first, and keep the old branch around until the new one has been deployed.',
      'React Router v7 requires the following minimum versions:',
      '- node@20',
      '- react@18',
      '- react-dom@18',
    ].join('\n');
    const spoken = (read('what react version is needed', text)?.sentences ?? []).join(' ');
    expect(spoken).toContain('react@18');
    expect(spoken).toContain('react-dom@18');
  });

  it('answers "how do I" with the sentence that says what to do, over one that says it can be done', () => {
    const text = [
      'It is possible to sign a cookie to verify its contents when it is received.',
      'Cookies that have been signed with an old secret are still read when they come back, so a secret can be replaced without logging anybody out, and the newest secret in the list is always the one that signs the cookies sent out from then on, until it is replaced in its turn by another.',
      'To sign a cookie, provide one or more secrets when you create it.',
      'Secrets are kept on the server, out of the code that is shipped to browsers.',
    ].join('\n');
    const evidence = read('how do i sign a cookie', text);
    expect(evidence?.sentences).toContain(
      'To sign a cookie, provide one or more secrets when you create it.',
    );
  });

  it('answers "how much" with the sentence that states an amount, over one that holds a little more of the question', () => {
    const text = [
      'Our after school care is open to children at every elementary school, with homework time and a snack.',
      'Children are signed out by a parent at the front desk.',
      'Spaces are limited and the wait list is kept in order of registration.',
      'After school only: $310 a month.',
      'Registration is open all year round for new families.',
    ].join('\n');
    const index = buildKnowledgeIndex([passage('1', 'Kids Club', text)], { companyName: 'X' });
    const question = 'how much is after school care for my children';
    const evidence = bestEvidence(question, index.search(question), answerTypeOf(question));
    expect(evidence?.sentences.join(' ')).toContain('$310 a month');
    expect(evidence?.typeFound).toBe(true);
  });

  it('says a second sentence that holds the question as fully as the answer does, and not one that merely sits near it', () => {
    const text = [
      'You can reset your password from the account page once you are signed in.',
      'The account page also lists your orders and the addresses you saved.',
      'Orders can be changed until they are packed, which is usually within the hour.',
      'Signed out, ask for a password reset link by email: it works for one hour.',
    ].join('\n');
    const index = buildKnowledgeIndex([passage('1', 'Your account', text)], { companyName: 'X' });
    const question = 'how do i reset my password';
    const sentences = bestEvidence(question, index.search(question), answerTypeOf(question))?.sentences ?? [];
    expect(sentences[0]).toMatch(/^You can reset your password/);
    expect(sentences.at(-1)).toMatch(/^Signed out, ask for a password reset link/);
    expect(sentences.join(' ')).not.toMatch(/Orders can be changed/);
  });

  it('reads the passage titled by everything the caller asked before another that mentions it in a sentence', () => {
    const index = buildKnowledgeIndex(
      [
        passage(
          '1',
          'connectionTimeout',
          'Default: 0 (no limit). Defines the server timeout in milliseconds.',
        ),
        passage(
          '2',
          'onTimeout',
          'The onTimeout hook is triggered by socket-level timeouts set via connectionTimeout.',
        ),
        passage('3', 'keepAliveTimeout', 'Default: 72000. Defines the keep-alive timeout in milliseconds.'),
      ],
      { companyName: 'X' },
    );
    const question = 'and the connection timeout';
    const evidence = bestEvidence(question, index.search(question), answerTypeOf(question));
    expect(evidence?.passage.id).toBe('1');
  });
});

describe('negatesItsQuestion', () => {
  it('reads a negation in a condition as what is asked about, so a sentence that states no negation still answers', () => {
    const passages = [
      {
        id: 'r',
        documentName: 'help.txt',
        heading: 'Reminders',
        page: null,
        text: 'Ledgerly e-mails your client a reminder 3 days before the due date and again 7 days after it.',
      },
      {
        id: 'o',
        documentName: 'help.txt',
        heading: 'Turning reminders off',
        page: null,
        text: 'Reminders can be turned off for one client from the client page.',
      },
      {
        id: 'p',
        documentName: 'help.txt',
        heading: 'Roles',
        page: null,
        text: 'People you invite with the View only role can read your invoices.',
      },
    ];
    const index = buildKnowledgeIndex(passages, { companyName: 'Ledgerly' });
    const read = (question: string) => evidenceIn(question, index.search(question), passages[0]!)!;
    expect(read('does ledgerly send reminders when people dont pay')).toMatchObject({
      passage: { id: 'r' },
      negationMismatch: false,
    });
  });

  it.each([
    ["don't you open on sundays", true],
    ['is there no parking', true],
    ['do you not take cash', true],
    ['does ledgerly send reminders when people dont pay', false],
    ["what if i can't come to the appointment", false],
    ['can i cancel if i have not used it', false],
    ['do you open on sundays', false],
    ['is there a no-show fee', false],
    ['is the not-for-profit rate lower', false],
  ])('%s -> %s', (question, negated) => {
    expect(negatesItsQuestion(question)).toBe(negated);
  });
});

describe('what the caller tells before asking', () => {
  it('weighs less in how much of the question a passage holds than the question itself', () => {
    const passages = [
      {
        id: 'm',
        documentName: 'help.txt',
        heading: 'Removing a member',
        page: null,
        text: 'Deactivate a member from Admin settings, Members. They are signed out everywhere at once.',
      },
      {
        id: 's',
        documentName: 'help.txt',
        heading: 'Spaces',
        page: null,
        text: "One account can belong to several spaces, for example your company's space. Switch spaces with the icons down the left edge.",
      },
    ];
    const index = buildKnowledgeIndex(passages, { companyName: 'Tidepool' });
    // The spaces passage holds "left" and "company", the caller's situation, not what they ask: how to remove someone.
    const coverage = (question: string) =>
      evidenceIn(question, index.search(question), passages[1]!)!.coverage;
    expect(coverage('someone left the company how do i remove them')).toBeLessThan(
      coverage('how do i remove someone who left the company') - 0.1,
    );
  });
});
