import { describe, expect, it } from 'vitest';
import { composeExtractive, toSpokenText, withSentences } from './answer-composer.ts';

const passage = (text: string, heading = 'Q?') => ({
  id: '1',
  documentName: 'faq.txt',
  heading,
  page: null,
  text,
});

describe('extractive answers', () => {
  it('removes markdown and never reads out a URL', () => {
    const spoken = toSpokenText(
      '## Hours\n* **Mon-Fri**: 9am to 5pm\n* See [our site](https://example.com/hours) or www.example.com/x',
    );
    expect(spoken).not.toMatch(/[#*_`[\]]|https?:|www\./);
    expect(spoken).toContain('Mon-Fri: 9am to 5pm');
    expect(spoken).toContain('our site');
  });

  it('says a lead-in heading before the items that finish its sentence', () => {
    const answer = composeExtractive({
      companyName: 'X',
      question: 'when should i pick data mode',
      passages: [
        passage(
          'want data features but also want control over bundling and server abstractions, and prefer to keep them',
          'Use Data Mode if you:',
        ),
      ],
    });
    expect(answer).toMatch(/^Use Data Mode if you: want data features/);
  });

  it('says a label without its section number', () => {
    const answer = composeExtractive({
      companyName: 'X',
      question: 'how do i open the viewer',
      passages: [passage('Load the output file in a web browser.', '10.3. The viewer')],
    });
    expect(answer).toBe('The viewer: Load the output file in a web browser.');
  });

  it('never speaks a line that only points elsewhere', () => {
    const list = composeExtractive({
      companyName: 'X',
      question: 'when should i pick data mode',
      passages: [
        passage(
          '- want data features\n- started a data router in v6.4\n- like to control bundling\n→ Get Started with Data Mode.',
          'Use Data Mode if you:',
        ),
      ],
    });
    expect(list).toContain('want data features');
    expect(list).not.toContain('Get Started');
    const prose = composeExtractive({
      companyName: 'X',
      question: 'how do refunds work',
      passages: [
        passage(
          'Refunds go back to the card you paid with within five days. For more information, see the billing page.',
        ),
      ],
    });
    expect(prose).toBe('Refunds go back to the card you paid with within five days.');
  });

  it('keeps a long passage to a few sentences, preferring those about the question', () => {
    const text = [
      'Our bakery opened in 1998.',
      'We bake everything on site.',
      'Delivery is free for orders over $40.',
      'Our founder trained in Lyon.',
      'We also run baking classes on Saturdays.',
      'Gift cards are sold in the shop.',
    ].join(' ');
    const answer = composeExtractive({
      companyName: 'X',
      question: 'is delivery free',
      passages: [passage(text)],
    });
    expect(answer).toContain('Delivery is free for orders over $40.');
    expect(answer.split(/(?<=\.)\s/).length).toBeLessThanOrEqual(3);
  });

  it('drops the bare "Yes" of a yes-or-no answer when the caller asked how much, when or where', () => {
    const delivery = passage('Yes, we deliver within five miles for a 5 dollar fee.');
    const ask = (question: string) => composeExtractive({ companyName: 'X', question, passages: [delivery] });
    expect(ask('um how much is delivery')).toBe('We deliver within five miles for a 5 dollar fee.');
    expect(ask('do you deliver')).toBe('Yes, we deliver within five miles for a 5 dollar fee.');
    const no = passage('No, we do not deliver on Sundays.');
    expect(composeExtractive({ companyName: 'X', question: 'when do you deliver', passages: [no] })).toBe(
      'No, we do not deliver on Sundays.',
    );
  });

  it('ends a passage without punctuation as a sentence', () => {
    expect(
      composeExtractive({ companyName: 'X', question: 'q', passages: [passage('No smoking anywhere')] }),
    ).toBe('No smoking anywhere.');
  });

  it('answers from a list with the items asked about, or the whole list when none is named', () => {
    const hours = passage(
      [
        'Monday: 9am - 5pm',
        'Tuesday: 9am - 5pm',
        'Wednesday: 9am - 5pm',
        'Thursday: 9am - 7pm',
        'Friday: 9am - 5pm',
        'Saturday: 10am - 2pm',
        'Sunday: closed',
      ].join('\n'),
    );
    const ask = (question: string) => composeExtractive({ companyName: 'X', question, passages: [hours] });
    expect(ask('are you open on sunday')).toBe('Sunday: closed.');
    expect(ask('how late are you open on thursday or friday')).toBe(
      'Thursday: 9am - 7pm. Friday: 9am - 5pm.',
    );
    // The day named wins over a line that merely says "closed".
    expect(ask('what time do you close on saturday')).toBe('Saturday: 10am - 2pm.');
    expect(ask('which day are you closed')).toBe('Sunday: closed.');
    const table = passage(
      '| Item | Price |\n| --- | --- |\n| Sourdough loaf | $7 |\n| Croissant | $3.50 |\n| Loaf of the day | $6 |',
    );
    expect(
      composeExtractive({ companyName: 'X', question: 'how much is a loaf of sourdough', passages: [table] }),
    ).toBe('Sourdough loaf $7.');
    expect(ask('what are your hours')).toBe(
      'Monday: 9am - 5pm. Tuesday: 9am - 5pm. Wednesday: 9am - 5pm. Thursday: 9am - 7pm. Friday: 9am - 5pm. Saturday: 10am - 2pm. Sunday: closed.',
    );
    const prices = passage('- Haircuts for adults, $30\n- Kids cuts (under 12), $20\n- Beard trims, $15');
    expect(
      composeExtractive({ companyName: 'X', question: 'how much is a beard trim', passages: [prices] }),
    ).toBe('Beard trims, $15.');
  });

  it('reads the items of a long list as sentences of their own, the ones asked about', () => {
    const items = [
      'pino-caller: add callsite to the log line.',
      'pino-elasticsearch: send Pino logs to an Elasticsearch instance.',
      'pino-http: easily use Pino to log requests with the core http module.',
      'pino-mongodb: store Pino logs in a MongoDB database.',
      'pino-pretty: basic prettifier to make log lines human-readable.',
      'pino-test: a set of utilities for verifying logs generated by the Pino logger, in tests and elsewhere.',
    ];
    const answer = composeExtractive({
      companyName: 'X',
      question: 'can i store pino logs in elasticsearch',
      passages: [
        {
          id: '1',
          documentName: 'ecosystem.md',
          heading: 'Utilities',
          page: null,
          text: items.map((i) => `- ${i}`).join('\n'),
        },
      ],
    });
    expect(answer).toContain('pino-elasticsearch: send Pino logs to an Elasticsearch instance.');
    expect(answer).not.toContain('pino-pretty');
  });

  it('says identifiers as written, without the code marks around them, keeping the space before a file extension', () => {
    expect(toSpokenText('The reader sends `FST_ERR_CTP_BODY_TOO_LARGE` when the body is too big.')).toBe(
      'The reader sends FST_ERR_CTP_BODY_TOO_LARGE when the body is too big.',
    );
    expect(toSpokenText('Set __listen_addresses__ in _postgresql.conf_, or *both* ~~later~~.')).toBe(
      'Set listen_addresses in postgresql.conf, or both later.',
    );
    expect(toSpokenText('You can use `.js`, `.jsx`, `.ts` or `.tsx` file extensions.')).toBe(
      'You can use .js, .jsx, .ts or .tsx file extensions.',
    );
    expect(toSpokenText('Supported validations include:\n- body: the request body')).toBe(
      'Supported validations include: body: the request body',
    );
  });

  it('names the label a sentence is about when the caller asked about it and the sentence does not say it', () => {
    const ask = (heading: string, question: string, sentence: string) =>
      composeExtractive({
        companyName: 'X',
        question,
        passages: [{ id: '1', documentName: 'api.md', heading, page: null, text: sentence }],
        sentences: [sentence],
      });
    const bindings = 'Returns an object containing all the current bindings.';
    expect(ask('logger.bindings()', 'how do i see what bindings it has', bindings)).toBe(
      `logger.bindings(): ${bindings}`,
    );
    expect(ask('Parking', 'where can i park', 'Free spaces are behind the building.')).toBe(
      'Parking: Free spaces are behind the building.',
    );
    // Not when the sentence already names it, when the label is not what was asked, or for a question heading.
    expect(ask('Parking', 'where can i park', 'Parking is free behind the building.')).toBe(
      'Parking is free behind the building.',
    );
    expect(ask('Opening hours', 'what are your opening hours', 'We are open from 8 a.m. to 6 p.m.')).toBe(
      'We are open from 8 a.m. to 6 p.m.',
    );
    expect(ask('Note', 'where can i park', 'Free spaces are behind the building.')).toBe(
      'Free spaces are behind the building.',
    );
    expect(
      ask(
        'Or async/await:',
        'can that hook be async',
        'The hook runs when the client closes the connection.',
      ),
    ).toBe('The hook runs when the client closes the connection.');
    expect(ask('Where can I park?', 'where can i park', 'Free spaces are behind the building.')).toBe(
      'Free spaces are behind the building.',
    );
  });

  it('names a code label as written, also when the caller confirmed the passage and no sentence was chosen', () => {
    // "Trust all proxies" says the words of trustProxy, not the option's name, which the caller needs to use it.
    const trust = 'Default: false. true/false: Trust all proxies (true) or do not trust any proxies.';
    const answer = composeExtractive({
      companyName: 'X',
      question: "i'm behind a proxy how do i get the real client ip",
      passages: [{ id: '1', documentName: 'server.md', heading: 'trustProxy', page: null, text: trust }],
    });
    expect(answer).toBe(`trustProxy: ${trust}`);
  });
});

describe('an answer after a yes', () => {
  const passage = {
    id: 'p',
    documentName: 'repairs.md',
    heading: 'Repairs',
    page: null,
    text:
      'Bring your bike in and we keep it safe while we work on it. Most repairs take two days, and busy weeks ' +
      'can take four days. We keep you updated every few days by text. Parts we do not stock take a few more ' +
      'days to arrive, and we keep you posted. A bike that is not collected is donated after two months.',
  };
  const question = 'how many days do you keep a bike nobody collected';

  it('says the sentence that holds the question, which the first lines left out', () => {
    const composed = composeExtractive({ companyName: 'Copper Spoke', question, passages: [passage] });
    expect(composed).not.toContain('donated');
    const answer = withSentences(composed, ['A bike that is not collected is donated after two months.'], 70);
    expect(answer).toBe(`${composed} A bike that is not collected is donated after two months.`);
  });

  it('says nothing twice, and stops before the answer grows too long', () => {
    expect(withSentences('We open at 9. We close at 5.', ['We close at 5.'], 70)).toBe(
      'We open at 9. We close at 5.',
    );
    expect(withSentences('We open at 9.', ['Parking is free behind the shop on weekdays.'], 8)).toBe(
      'We open at 9.',
    );
  });
});
