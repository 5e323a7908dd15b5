import { describe, expect, it } from 'vitest';
import { isGenericHeading, splitIntoPassages, splitSentences } from './passages.ts';

/** The passages of one page written as `lines`. */
const passagesOfLines = (lines: string[]) => splitIntoPassages([{ page: null, text: lines.join('\n') }]);

describe('splitIntoPassages', () => {
  it('keeps an FAQ question and its answer together, with the question as heading', () => {
    const passages = splitIntoPassages([
      {
        page: 1,
        text: 'Do you have parking?\nYes, free parking behind the shop.\n\nAre dogs allowed?\nOnly guide dogs are allowed inside.',
      },
    ]);
    expect(passages).toEqual([
      {
        ord: 0,
        heading: 'Do you have parking?',
        headingLevel: null,
        page: 1,
        text: 'Yes, free parking behind the shop.',
      },
      {
        ord: 1,
        heading: 'Are dogs allowed?',
        headingLevel: null,
        page: 1,
        text: 'Only guide dogs are allowed inside.',
      },
    ]);
  });

  it('reads a Markdown list item marked with a plus as content, not as a new heading', () => {
    const passages = splitIntoPassages([
      {
        page: null,
        text: '### http2\n\n+ Default: false\n\nIf true, the HTTP/2 module is used for binding the socket.',
      },
    ]);
    expect(passages.map((p) => p.heading)).toEqual(['http2']);
    expect(passages[0]!.text).toContain('Default: false');
  });

  it('keeps explicit headings, their depth and the page each section starts on', () => {
    const passages = splitIntoPassages([
      { page: 1, text: '# Opening hours\nWe open at 9am every weekday.' },
      { page: 2, text: '## Returns\nItems can be returned within 30 days with a receipt.' },
      { page: 3, text: 'Gift cards\nGift cards never expire.' },
    ]);
    expect(passages.map((p) => [p.heading, p.headingLevel, p.page])).toEqual([
      ['Opening hours', 1, 1],
      ['Returns', 2, 2],
      ['Gift cards', null, 3],
    ]);
    expect(passages[1]!.text).toBe('Items can be returned within 30 days with a receipt.');
  });

  it('keeps a line that leads in with a colon, first under a heading, as the start of its section', () => {
    const passages = passagesOfLines([
      '## Log rotation',
      '',
      'Use a separate tool for log rotation:',
      'We recommend logrotate. We would rotate our log files with it every day.',
      '',
      'Other tools:',
      'Anything that can move a file away works too.',
    ]);
    expect(passages.map((p) => p.heading)).toEqual(['Log rotation', 'Other tools:']);
    expect(passages[0]!.text).toContain('Use a separate tool for log rotation: We recommend logrotate.');
  });

  it('recognises plain-text headings without taking a short answer for one', () => {
    const passages = splitIntoPassages([
      {
        page: null,
        text: 'SERVICES\nWe repair bikes of every make.\n\n2. Prices\nA basic tune-up costs $60.\n\nIs smoking allowed?\nNo smoking anywhere',
      },
    ]);
    expect(passages.map((p) => p.heading)).toEqual(['SERVICES', '2. Prices', 'Is smoking allowed?']);
    expect(passages[2]!.text).toBe('No smoking anywhere');
  });

  it('splits a long section into passages of at most about 200 words at sentence boundaries', () => {
    const sentence = (i: number) =>
      `Sentence number ${i} explains one more detail of the warranty policy for customers.`;
    const body = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    const passages = splitIntoPassages([{ page: 3, text: `# Warranty\n${body}` }]);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) {
      const words = p.text.split(/\s+/).length;
      expect(words).toBeLessThanOrEqual(280);
      expect(words).toBeGreaterThanOrEqual(80);
      expect(p.text).toMatch(/^Sentence number \d+/);
      expect(p.text).toMatch(/customers\.$/);
      expect(p.heading).toBe('Warranty');
      expect(p.page).toBe(3);
    }
    expect(passages.map((p) => p.ord)).toEqual(passages.map((_, i) => i));
  });

  it('takes a question typed with a full stop for a heading when its answer follows', () => {
    const passages = splitIntoPassages([
      {
        page: null,
        text: 'Do you deliver?\nYes, within five miles.\n\nAre children allowed at your location.\nYes, children are welcome.',
      },
    ]);
    expect(passages.map((p) => [p.heading, p.text])).toEqual([
      ['Do you deliver?', 'Yes, within five miles.'],
      ['Are children allowed at your location.', 'Yes, children are welcome.'],
    ]);
  });

  it('drops a title that has nothing under it', () => {
    const passages = splitIntoPassages([
      { page: null, text: '# Bakery FAQ\n\nDo you deliver?\nYes, within five miles.' },
    ]);
    expect(passages).toHaveLength(1);
    expect(passages[0]!.heading).toBe('Do you deliver?');
  });

  it('keeps a wrapped paragraph under its heading instead of promoting its first line', () => {
    const passages = splitIntoPassages([
      {
        page: 1,
        text:
          '## Repairs\n\nMost repairs are finished within two working days. Wheel truing and brake adjustments\n' +
          'are usually done while you wait. A basic service costs 49 dollars.\n\n' +
          'Frames carry a lifetime warranty against defects and rust\nfor as long as you own the bike.',
      },
    ]);
    expect(passages.map((p) => p.heading)).toEqual(['Repairs']);
    expect(passages[0]!.text).toMatch(/^Most repairs are finished/);
    expect(passages[0]!.text).toMatch(/for as long as you own the bike\.$/);
  });

  it('drops the Q: and A: markers of a Q&A-style FAQ, so the agent never reads them out', () => {
    const drafts = splitIntoPassages([
      {
        page: null,
        text: 'Q: Do you deliver?\nA: Yes, within five miles.\n\nQuestion 2: Is there parking?\nAnswer: Free parking behind the shop.\n\nA. Introduction\nWe are a family bakery.',
      },
    ]);
    expect(drafts.map((d) => [d.heading, d.text])).toEqual([
      ['Do you deliver?', 'Yes, within five miles.'],
      ['Is there parking?', 'Free parking behind the shop.'],
      ['A. Introduction', 'We are a family bakery.'],
    ]);
  });

  it('reads the ways owners type FAQ questions: bold, numbered, or with the answer on the same line', () => {
    const drafts = splitIntoPassages([
      {
        page: null,
        text: [
          'Our bakery opens early. Not sure what to order? Ask us and we will help you choose.',
          '',
          '**Do you deliver?**',
          'Yes, within five miles.',
          '',
          '3. Is there parking?',
          'Free parking behind the shop.',
          '',
          'Do you take cards? Yes, all major cards.',
          'Are you open on Sundays? No, we are closed on Sundays.',
          '',
          '4. Pickup Locations',
          'We pick up at the library.',
        ].join('\n'),
      },
    ]);
    expect(drafts.map((d) => [d.heading, d.text])).toEqual([
      // A question inside a paragraph of prose is not an FAQ entry.
      [null, 'Our bakery opens early. Not sure what to order? Ask us and we will help you choose.'],
      ['Do you deliver?', 'Yes, within five miles.'],
      ['Is there parking?', 'Free parking behind the shop.'],
      ['Do you take cards?', 'Yes, all major cards.'],
      ['Are you open on Sundays?', 'No, we are closed on Sundays.'],
      ['4. Pickup Locations', 'We pick up at the library.'],
    ]);
  });

  it('ends a sentence at a line break left in a passage, as after a label and its value', () => {
    expect(
      splitSentences('Default: 1048576 (1MiB)\nDefines the maximum payload, in bytes, the server accepts.'),
    ).toEqual(['Default: 1048576 (1MiB)', 'Defines the maximum payload, in bytes, the server accepts.']);
  });

  it('reads a numbered step that ends on a quoted label as a step, not as an FAQ question', () => {
    const [reset] = passagesOfLines([
      '## Reset your password',
      '',
      '1. On the sign-in page, click Forgot password?',
      '2. Enter the email address you use for Slotwise.',
      '3. Open the reset link we send you. It expires after 1 hour.',
    ]);
    expect(reset!.heading).toBe('Reset your password');
    expect(reset!.text).toContain('On the sign-in page, click Forgot password?');
    // The steps are spoken without their numbers.
    expect(splitSentences(reset!.text)).toEqual([
      'On the sign-in page, click Forgot password?',
      'Enter the email address you use for Slotwise.',
      'Open the reset link we send you.',
      'It expires after 1 hour.',
    ]);
  });

  it('reads a wrapped line of prose that ends on a question mark as prose, not as an FAQ question', () => {
    const drafts = passagesOfLines([
      '# Recommendations',
      'Consider the scenario where a database connection is needed before the server is',
      'accepting connections. How do we address this problem?',
      '',
      'See Why should I use a Reverse Proxy if Node.js is Production Ready?',
      'for a more thorough discussion of why one should use a reverse proxy.',
      '',
      'Do you have a reverse proxy guide?',
      'Yes, in the deployment chapter.',
    ]);
    expect(drafts.map((d) => d.heading)).toEqual(['Recommendations', 'Do you have a reverse proxy guide?']);
    expect(drafts[0]!.text).toContain('See Why should I use a Reverse Proxy if Node.js is Production Ready?');
    expect(drafts[0]!.text).toContain('accepting connections. How do we address this problem?');
  });

  it('reads a line whose sentence goes on with a package name as prose, not as a heading', () => {
    const [migration] = passagesOfLines([
      '# Migration',
      '',
      'If you need to use middleware, use',
      '@fastify/middie or @fastify/express, which will continue to be maintained.',
    ]);
    expect(migration).toMatchObject({
      heading: 'Migration',
      text: 'If you need to use middleware, use @fastify/middie or @fastify/express, which will continue to be maintained.',
    });
  });

  it('keeps list items, opening hours and table rows on lines of their own, so each is spoken as a sentence', () => {
    const [services, hours, prices] = splitIntoPassages([
      {
        page: null,
        text: [
          'Services',
          '- Haircuts for adults, $30',
          '- Kids cuts (under 12), $20, with a free',
          '  lollipop',
          '',
          'Hours',
          'Monday: 9am - 5pm',
          'Saturday: 10am - 2pm',
          'Sunday: closed',
          '',
          'Prices',
          'Haircut | $30',
          'Beard trim | $15',
        ].join('\n'),
      },
    ]);
    expect(services?.text).toBe(
      '- Haircuts for adults, $30\n- Kids cuts (under 12), $20, with a free lollipop',
    );
    expect(hours?.text).toBe('Monday: 9am - 5pm\nSaturday: 10am - 2pm\nSunday: closed');
    expect(prices?.text).toBe('Haircut | $30\nBeard trim | $15');
  });

  it('never takes a table row for a heading, so a price table stays under its own heading', () => {
    const drafts = splitIntoPassages([
      { page: null, text: '# Prices\n\nHaircut | 35 €\nColour | from 60 €\n\nStudents get 10 % off.' },
    ]);
    expect(drafts.map((d) => [d.heading, d.text])).toEqual([
      ['Prices', 'Haircut | 35 €\nColour | from 60 €\nStudents get 10 % off.'],
    ]);
  });
  it('keeps a paragraph wrapped at the page width under its heading, never taking a wrapped line for a title', () => {
    const drafts = splitIntoPassages([
      {
        page: null,
        text: [
          '## Migrations',
          '',
          'As stated at the beginning of the guide, Fastify is database agnostic and any',
          'Node.js database migration tool can be used with it. We give an example with the',
          'Postgrator tool, which supports Postgres and MySQL.',
          '',
          'Fastify has first-class support for JSON. It is extremely optimized to parse',
          'JSON bodies and serialize JSON output.',
        ].join('\n'),
      },
    ]);
    expect(drafts.map((d) => d.heading)).toEqual(['Migrations']);
    expect(drafts[0]!.text).toContain('Fastify is database agnostic and any Node.js database migration tool');
  });

  it('takes a statement that opens like a question for text, so its section keeps its heading', () => {
    const drafts = splitIntoPassages([
      {
        page: null,
        text: [
          '### requestTimeout',
          '',
          'Defines the maximum number of milliseconds for receiving the entire request from the client.',
          '',
          'When serverFactory option is specified, this option is ignored.',
          'It must be set to a non-zero value (e.g. 120 seconds) to protect against attacks.',
          '',
          'Do not pass an externally supplied object directly.',
          'It may be changed by the caller.',
          '',
          'Are children allowed at your location.',
          'Yes, with an adult.',
        ].join('\n'),
      },
    ]);
    expect(drafts.map((d) => d.heading)).toEqual([
      'requestTimeout',
      'Are children allowed at your location.',
    ]);
    expect(drafts[0]!.text).toContain('It must be set to a non-zero value (e.g. 120 seconds)');
  });
  it('takes a label with its value for content, not for the title of the text after it', () => {
    const drafts = splitIntoPassages([
      {
        page: null,
        text: [
          '### level',
          '',
          "Default: 'info'",
          '',
          'The minimum level to log: messages with a lower level are not written.',
        ].join('\n'),
      },
    ]);
    expect(drafts.map((d) => d.heading)).toEqual(['level']);
    expect(drafts[0]!.text).toBe(
      "Default: 'info'\nThe minimum level to log: messages with a lower level are not written.",
    );
  });
});

describe('a bullet item wrapped at the page width', () => {
  it('is one item, not an item and a line of its own', () => {
    const [passage] = passagesOfLines([
      'Ecosystem',
      '+ pino-elasticsearch: send',
      'Pino logs to an Elasticsearch instance.',
      '+ pino-eventhub: send Pino logs to an Event Hub.',
      '+ pino-noir: redact sensitive information in logs.',
    ]);
    expect(passage!.text.split('\n')).toEqual([
      '+ pino-elasticsearch: send Pino logs to an Elasticsearch instance.',
      '+ pino-eventhub: send Pino logs to an Event Hub.',
      '+ pino-noir: redact sensitive information in logs.',
    ]);
  });
});

describe('isGenericHeading', () => {
  it.each([
    ['Note', true],
    ['Example:', true],
    ['**Important**', true],
    ['See also', true],
    ['[MODES: framework]', true],
    ['More examples', true],
    // A line going on from the one before names no topic of its own.
    ['Or async/await:', true],
    ['And in production', true],
    ['Orders and returns', false],
    ['Example 3: HTTP2 server', false],
    ['Body limit', false],
    ['Notes on parking', false],
  ])('%s -> %s', (heading, generic) => {
    expect(isGenericHeading(heading)).toBe(generic);
  });
});
