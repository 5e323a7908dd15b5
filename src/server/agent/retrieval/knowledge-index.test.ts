import { describe, expect, it } from 'vitest';
import { BAKERY_NAME, bakeryPassages } from '../__fixtures__/bakery.ts';
import { buildKnowledgeIndex, buildKnowledgeIndexInSlices, documentTitle } from './knowledge-index.ts';

const index = buildKnowledgeIndex(bakeryPassages(), { companyName: BAKERY_NAME });
const passage = (id: string, heading: string, text: string) => ({
  id,
  documentName: 'faq.txt',
  heading,
  page: null,
  text,
});
const best = (question: string) => index.search(question).hits[0]?.passage.heading ?? null;

describe('knowledge index', () => {
  it('built in slices, lets other work run between them and finds what the whole build finds', async () => {
    // A large business's documents: the bakery's entries again under other names, as a site of many pages.
    const many = Array.from({ length: 40 }, (_, copy) =>
      bakeryPassages().map((p) => ({ ...p, id: `${p.id}-${copy}`, documentName: `page-${copy}.txt` })),
    ).flat();
    let otherWork = 0;
    const tick = setInterval(() => otherWork++, 0);
    const sliced = await buildKnowledgeIndexInSlices(many, { companyName: BAKERY_NAME }, 1);
    clearInterval(tick);
    expect(otherWork).toBeGreaterThan(0);
    const whole = buildKnowledgeIndex(many, { companyName: BAKERY_NAME });
    for (const question of [
      'do you deliver',
      'are you open on sundays',
      'how much is a custom cake',
      'parking',
    ]) {
      const ids = (i: typeof whole) =>
        i.search(question).hits.map((h) => [h.passage.id, h.relevance.toFixed(6)].join(' '));
      expect(ids(sliced), question).toEqual(ids(whole));
    }
  });

  it('finds an option written in camel case when the caller says its words', () => {
    const docs = buildKnowledgeIndex(
      [
        passage(
          '1',
          'keepAliveTimeout',
          'Default: 72000. The time a connection stays open after a response.',
        ),
        passage('2', 'connectionTimeout', 'Default: 0. The server timeout in milliseconds.'),
        passage('3', 'Logging', 'Logging is off by default; pass logger: true to turn it on.'),
      ],
      { companyName: 'Fastify Support' },
    );
    expect(docs.search('what is the default keep alive timeout').hits[0]?.passage.heading).toBe(
      'keepAliveTimeout',
    );
    expect(docs.search('and the connection timeout').hits[0]?.passage.heading).toBe('connectionTimeout');
  });

  it('reads a contraction written without its apostrophe as the contraction', () => {
    // "whats" is no word of the documents: left as it is, it weighed most in the question and made it look unanswered.
    for (const [bare, written] of [
      ['whats the cost of delivery', "what's the cost of delivery"],
      ['im after a custom cake how much is it', "i'm after a custom cake how much is it"],
      ['you dont take checks do you', "you don't take checks do you"],
    ] as const) {
      const words = (q: string) => index.search(q).terms.map((t) => t.word);
      expect(words(bare)).toEqual(words(written));
      expect(best(bare)).toBe(best(written));
    }
    expect(index.search('whats the cost of delivery').terms.map((t) => t.word)).not.toContain('whats');
  });

  it('does not join a word the documents know with the word before it into another word', () => {
    // "a longer" is not "alonger", which is stemmed like "along".
    const docs = buildKnowledgeIndex(
      [
        passage('1', 'The river trail', 'The trail runs along the river from the bridge to the park.'),
        passage('2', 'Timeouts', 'A route can be given a longer timeout than the server default.'),
      ],
      { companyName: 'Acme' },
    );
    const hits = docs.search('can one route get a longer one').hits.map((h) => h.passage.heading);
    expect(hits).toEqual(['Timeouts']);
  });

  it('does not join an article with the next word into a piece of a longer hyphenated word', () => {
    // "trail-a-bike" once gave the index "abike", and "a bike fit" lost its "bike" to it.
    const docs = buildKnowledgeIndex(
      [
        passage('1', 'Rentals', 'Rent a city bike, an e-bike or a trail-a-bike for the kids by the day.'),
        passage(
          '2',
          'Bike fitting',
          'A full professional fit on our fit bike takes 90 minutes and costs $175.',
        ),
        passage('3', 'Repairs', 'A flat repair on any bike is $15, tube included.'),
      ],
      { companyName: 'Acme' },
    );
    const result = docs.search('how much is a bike fit');
    expect(result.terms.map((t) => t.word)).toContain('bike');
    expect(result.hits[0]?.passage.heading).toBe('Bike fitting');
    // A two-part compound still joins: "e bike" finds the e-bike.
    expect(docs.search('do you rent an e bike').hits[0]?.passage.heading).toBe('Rentals');
  });

  it('never joins a question word with the next word into a misheard one', () => {
    // Without "long" in the documents, "how long" was heard as one word cut in two, "howlong", near "housing".
    const docs = buildKnowledgeIndex(
      [
        passage('1', 'Repairs', 'A basic tune-up costs $85 and takes two working days.'),
        passage('2', 'Overhaul', 'An overhaul replaces the cables and housing.'),
      ],
      { companyName: 'Acme' },
    );
    const result = docs.search('how long does it take');
    expect(result.terms.map((t) => t.word)).toEqual(['long', 'take']);
    expect(result.hits[0]?.passage.heading).toBe('Repairs');
  });

  it('hears a pair that makes a word the documents spell, not a misheard word overlapping it', () => {
    // "a tide pool meeting": "tide pool" is the name the documents spell Tidepool; "a tide" is no "outside".
    const docs = buildKnowledgeIndex(
      [
        passage('1', 'Record a meeting', 'Recording a Tidepool meeting is available on the Team plan.'),
        passage('2', 'Visitors', 'People from outside the space can join a meeting from a browser.'),
      ],
      { companyName: 'Northwind' },
    );
    const result = docs.search('can i record a tide pool meeting');
    expect(result.terms.map((t) => t.word)).toEqual(['tidepool', 'record', 'meeting']);
    expect(result.hits[0]?.passage.heading).toBe('Record a meeting');
  });

  it('still finds a word the caller says before a preposition the documents use with it elsewhere', () => {
    // "limit in" is written once in the documents; "limit" alone is the caller's subject.
    const docs = buildKnowledgeIndex(
      [
        passage('1', 'Body limit', 'The largest request body the server accepts is 1 MiB by default.'),
        passage('2', 'Rate limits', 'Clients over the rate limit in one minute are refused with a 429.'),
        passage('3', 'Body parser', 'The body is parsed as JSON by default.'),
        passage('4', 'Logging', 'Logging is off by default.'),
      ],
      { companyName: 'Fastify Support' },
    );
    expect(docs.search("what's the default body limit in fastify").hits[0]?.passage.id).toBe('1');
  });

  it('indexes and searches words that are names of JavaScript object properties', () => {
    const docs = buildKnowledgeIndex(
      [
        passage(
          '1',
          'Plugins',
          'The constructor receives the options; toString and valueOf are never called.',
        ),
        passage('2', 'Hooks', 'A hook runs before every request.'),
      ],
      { companyName: 'Fastify Support' },
    );
    expect(docs.search('what does the constructor receive').hits[0]?.passage.heading).toBe('Plugins');
  });

  it('finds the passage a plainly worded question is about', () => {
    expect(best('do you have gluten free bread')).toBe('Do you have gluten-free bread?');
    expect(index.search('do you have gluten free bread').answerable).toBe(true);
    expect(best('can i pay with my credit card')).toBe('Do you accept credit cards?');
  });

  it('tolerates speech-recognition noise: split words, misheard words and fillers', () => {
    expect(best('um so what is the check kin time for the baking class')).toBe(
      'What time is check-in for baking classes?',
    );
    expect(best('uh do they have wi fi there')).toBe('Do you have Wi-Fi?');
    expect(best('ok do they delver')).toBe('Do you deliver?');
  });

  it('finds the schedule for a question about opening times, even one about a day it does not name', () => {
    const dental = buildKnowledgeIndex(
      [
        passage(
          '1',
          'Appointments',
          'We see patients Monday through Friday, 8 a.m. to 5 p.m. Please bring a photo ID.',
        ),
        passage('2', 'Cancellations', 'We ask for 24 hours notice if you need to cancel or reschedule.'),
        passage(
          '3',
          'Emergencies',
          'After hours, call our emergency line. A dentist calls back within 30 minutes.',
        ),
      ],
      { companyName: 'Bright Smile Dental' },
    );
    const top = (q: string) => dental.search(q).hits[0];
    // Times of day mean opening hours: the schedule, not the sections that say "24 hours" or "after hours".
    expect(top('what are your hours')?.passage.heading).toBe('Appointments');
    // Saturday is not in the documents, but the week is: the schedule ranks first, and a day the documents never
    // name stays an unknown word, so the agent is not sure enough to answer outright.
    const saturday = top('are you open on saturdays');
    expect(saturday?.passage.heading).toBe('Appointments');
    expect(saturday?.features.unknownShare).toBeGreaterThan(0);
    expect(dental.search('are you open on saturdays').answerable).toBe(false);
  });

  it('answers from the text of a section whose heading is a topic label, not a question', () => {
    const tutoring = buildKnowledgeIndex(
      [
        passage(
          '1',
          'Locations',
          'Our tutors meet students at the Maple Grove library, the Eastfield community center, or at home in Riverton and Hollis.',
        ),
        passage('2', 'Rates', 'A one-hour session costs $60. A package of ten sessions costs $550.'),
        passage('3', 'Cancellations', 'Cancel at least 24 hours ahead or the session is charged in full.'),
      ],
      { companyName: 'Lakeside Tutoring' },
    );
    const meet = tutoring.search('can a tutor meet my son at the eastfield community center');
    expect(meet.hits[0]?.passage.heading).toBe('Locations');
    expect(meet.answerable).toBe(true);
    expect(tutoring.search('how much is a package of ten sessions').answerable).toBe(true);
    // One everyday word in common is not an answer.
    expect(tutoring.search('do your tutors teach organic chemistry').answerable).toBe(false);
    expect(tutoring.search('do you meet students in the summer holidays').answerable).toBe(false);
  });

  it("joins a written phrasal verb so it meets the caller's one-word form", () => {
    const hotel = buildKnowledgeIndex([
      passage('1', 'When do I have to check out?', 'Rooms are to be vacated by 11am.'),
      passage('2', 'Can I pick up my keys early?', 'Keys are at the front desk from 9am.'),
      passage('3', 'Is breakfast included?', 'Breakfast is served from 7am to 10am.'),
    ]);
    expect(hotel.search('what is the latest checkout').hits[0]?.passage.id).toBe('1');
    expect(hotel.search('um can we do a late check out').hits[0]?.passage.id).toBe('1');
  });

  it('hears a phrasal verb split by its object ("pick him up") as the verb itself', () => {
    const daycare = buildKnowledgeIndex([
      passage(
        '1',
        'Pickup Rules',
        'A child goes home only with a parent or an adult on the pickup list. Grandparents can be added at the desk.',
      ),
      passage(
        '2',
        'Sick Policy',
        'Keep your child home with a fever. If a child gets sick, we call you to pick your child within the hour.',
      ),
    ]);
    expect(daycare.search('can grandma pick them up').hits[0]?.passage.id).toBe('1');
    expect(daycare.search('can my mom pick him up on fridays').hits[0]?.passage.id).toBe('1');
  });

  it('does not join two function words into a content word that only shares its stem', () => {
    const dojo = buildKnowledgeIndex([
      passage('1', 'Uniforms', 'Students wear a white uniform to every class.'),
      passage('2', 'Freezes', 'You can put your membership on hold for up to two months a year.'),
    ]);
    const result = dojo.search("we're going away can i put my membership on hold");
    expect(result.hits[0]?.passage.id).toBe('2');
    expect(result.queryWords).not.toContain('weare');
  });

  it("keeps the caller's own words apart from a code example's identifiers and from a word before a particle", () => {
    const docs = buildKnowledgeIndex([
      passage(
        '1',
        'Writing a plugin',
        'Register it with fastify.register(myPlugin). Use it like in the example.',
      ),
      passage(
        '2',
        'pluginTimeout',
        'Default: 10000. The longest time in milliseconds a plugin may take to load.',
      ),
      passage('3', 'Sales', 'Put this on your list: every plugin is free.'),
    ]);
    const slow = docs.search('my plugin is taking forever to load is there a timeout');
    expect(slow.queryWords).toContain('plugin');
    expect(slow.queryWords).not.toContain('myplugin');
    expect(slow.hits[0]?.passage.id).toBe('2');
    // "like in" and "this on" are not words the documents use, nor phrasal verbs they do not cover.
    expect(docs.search('is there a timeout like in the other one').queryWords).not.toContain('likein');
    const onSale = docs.search('is this on sale');
    expect(onSale.queryWords).not.toContain('thison');
  });

  it("counts a phrasal verb the documents use with another particle as a topic they don't cover", () => {
    const hotel = buildKnowledgeIndex([
      {
        id: '1',
        documentName: 'faq.txt',
        heading: 'What time is checkout?',
        page: null,
        text: 'Checkout is at 11am.',
      },
      { id: '2', documentName: 'faq.txt', heading: 'Is breakfast included?', page: null, text: 'Yes.' },
    ]);
    const result = hotel.search("what's the check in time");
    expect(result.queryWords).toContain('checkin');
    expect(result.answerable).toBe(false);
    expect(hotel.search('what time is checkout').answerable).toBe(true);
  });

  it('does not make a topic of a common verb and a particle because the documents once use it with another', () => {
    const books = buildKnowledgeIndex([
      passage(
        '1',
        'Set up recurring invoices',
        'Recurring invoices send the same invoice on a schedule: weekly, every two weeks or monthly.',
      ),
      passage('2', 'Price changes', 'When prices go up, we tell you 30 days ahead.'),
    ]);
    const result = books.search('how often can a recurring invoice go out');
    expect(result.queryWords).not.toContain('goout');
    expect(result.hits[0]?.passage.id).toBe('1');
  });

  describe('a word the recogniser cut in two', () => {
    const cafe = buildKnowledgeIndex([
      passage('1', 'Do you have outdoor seating?', 'Yes, our patio seats twenty.'),
      passage('2', 'Do you deliver?', 'We deliver within five miles.'),
      passage('3', 'Is there a kitchen guests can use?', 'Guests may use the shared kitchen until 10pm.'),
      passage('4', 'When is checkout?', 'Checkout is at 11am.'),
      passage('5', 'Are you open on Monday?', 'We are closed on Mondays.'),
      passage('6', 'How can I pay?', 'We take cash and cards.'),
      passage('7', 'What if I missed my booking?', 'Call us to book again.'),
    ]);
    const answeredFrom = (q: string) => {
      const result = cafe.search(q);
      return result.answerable ? (result.hits[0]?.passage.id ?? null) : null;
    };

    it('is heard by how the pieces sound together', () => {
      expect(answeredFrom('so do the the lover')).toBe('2');
      expect(answeredFrom('is the coul chun available for guests')).toBe('3');
      // Found, though too little of the question is known to answer without asking.
      expect(cafe.search('do they offer al dor').hits[0]?.passage.id).toBe('1');
    });

    it("keeps a word's edges, phrase boundaries and the thesaurus's words as heard", () => {
      // "check kin" sounds like checkout but for its last consonant: still a topic the documents do not cover.
      expect(cafe.search('what is the check kin time').answerable).toBe(false);
      // "month" is a word the caller said, and "do" starts the next phrase: not a misheard "monday".
      const month = cafe.search('if it breaks next month do i have to pay again');
      expect(month.matchedTerms).not.toContain('monday');
      expect(month.queryWords).toContain('month');
      // "kid" is a word of the thesaurus (child), heard right: "my kid" is not a misheard "missed".
      expect(cafe.search('is there a menu for my kid').matchedTerms).not.toContain('mykid');
    });
  });

  it('finds heading words in misheard or run-together caller words', () => {
    const hit = index.search('is there a place to parke car').hits[0]!;
    expect(hit.passage.heading).toBe('Is there parking?');
    expect(hit.features.headingAlign).toBe(1);
    expect(hit.features.headingAlign).toBeGreaterThanOrEqual(hit.features.headingCoverage);
  });

  it('measures the margin against the best passage that is not a near-duplicate', () => {
    const passage = (id: string, heading: string) => ({
      id,
      documentName: 'faq.txt',
      heading,
      page: null,
      text: heading.replace('?', '.'),
    });
    const twice = buildKnowledgeIndex([
      passage('1', 'Do you have free WiFi in the rooms?'),
      passage('2', 'Is there free WiFi in the rooms?'),
      passage('3', 'Do you have a pool?'),
    ]);
    const hits = twice.search('do you have free wifi').hits;
    expect(hits[0]!.features.margin).toBeGreaterThan(0.5);
  });

  it('matches everyday synonyms of the words the documents use', () => {
    expect(best('what time do you close on saturday')).toBe('What are your opening hours?');
    expect(best('is there somewhere to park my car')).toBe('Is there parking?');
  });

  it('does not take cancelling an order for a refund, nor a refund for a cancellation', () => {
    const shop = buildKnowledgeIndex([
      passage('cancel', 'Cancel your order', 'Orders can be cancelled within 24 hours from the Orders page.'),
      passage('refund', 'Refunds', 'Refunds go back to the original card within five working days.'),
    ]);
    const found = (q: string) => shop.search(q).hits.map((h) => h.passage.id);
    expect(found('how long does a refund take')).toEqual(['refund']);
    expect(found('can i still cancel my order')).toEqual(['cancel']);
  });

  it('answers a kind of a thing from the general entry, but not from another kind of it', () => {
    const applePayOnly = buildKnowledgeIndex([
      passage('1', 'Do you accept Apple Pay?', 'Yes, Apple Pay works at the till.'),
      passage('2', 'Are dogs allowed?', 'Dogs on a lead are welcome on the patio.'),
      passage('3', 'Do you have vegan options?', 'Two vegan dishes are on the menu every day.'),
    ]);
    expect(applePayOnly.search('could you check whether they accept credit cards').answerable).toBe(false);
    expect(applePayOnly.search('do you have vegetarian options on the menu').answerable).toBe(false);
    const ask = (q: string) => applePayOnly.search(q);
    expect(ask('ok do you know if i can bring my dog').hits[0]?.passage.id).toBe('2');
    expect(ask('ok do you know if i can bring my dog').answerable).toBe(true);

    const general = buildKnowledgeIndex([
      passage('1', 'What payment methods do you accept?', 'Cash, debit and all major credit cards.'),
      passage('2', 'Do you have luggage storage?', 'Bags can be left at the front desk.'),
    ]);
    expect(general.search('do you accept credit cards').hits[0]?.passage.id).toBe('1');
    expect(general.search('do you accept credit cards').answerable).toBe(true);
    // a misheard word is corrected to a thesaurus word that means what the documents say ("baggage" = luggage)
    expect(general.search('do you know if they offer bagage storage').hits[0]?.passage.id).toBe('2');
  });

  it("meets the documents' digits with a caller's spoken numbers", () => {
    const hours = buildKnowledgeIndex([
      {
        id: '1',
        documentName: 'faq.txt',
        heading: 'Is the front desk staffed 24 hours?',
        page: null,
        text: 'Yes, day and night.',
      },
      {
        id: '2',
        documentName: 'faq.txt',
        heading: 'Is there a front desk safe?',
        page: null,
        text: 'Yes, ask at the desk.',
      },
    ]);
    const result = hours.search('is the front desk open twenty four hours');
    expect(result.hits[0]?.passage.id).toBe('1');
    expect(result.matchedTerms).toContain('24');
  });

  it('reads spoken sizes and ages as the written figures, and finds prices in a section that states amounts', () => {
    const storage = buildKnowledgeIndex([
      passage(
        '1',
        'Unit Sizes',
        'We offer 5x5 units for $45 per month and 10 x 10 units for $115 per month.',
      ),
      passage('2', 'Moving Out', 'Give us 10 days notice before you move out of your unit.'),
      passage('3', 'Age Requirements', 'Renters must be at least 18 years old.'),
    ]);
    const size = storage.search('hi how much is a ten by ten');
    expect(size.hits[0]?.passage.id).toBe('1');
    expect(size.matchedTerms).toEqual(expect.arrayContaining(['price', '10x10']));
    expect(storage.search('can a seventeen year old rent').queryWords).toContain('17');
    expect(storage.search('do you need to be eighteen').matchedTerms).toContain('18');
  });

  it('does not take the caller pointing at the business ("at this restaurant") for the topic', () => {
    const restaurant = buildKnowledgeIndex([
      passage('1', 'Can you tell me about the attire at this restaurant?', 'The attire is casual.'),
      passage('2', 'Does La Piazza serve alcohol?', 'We serve beer and wine only.'),
    ]);
    expect(restaurant.search('ok and do they sem alcohol at this restaurant').hits[0]?.passage.id).toBe('2');
  });

  it('is not confident about a topic the documents do not cover', () => {
    const result = index.search('do you sell wedding flowers and bouquets');
    expect(result.answerable).toBe(false);
    expect(index.search('can i bring my dog inside').answerable).toBe(false);
  });

  it('reports a relevance between 0 and 1, higher for the right passage', () => {
    const hits = index.search('how much does delivery cost').hits;
    expect(hits[0]!.passage.heading).toBe('How much is delivery?');
    for (const h of hits) expect(h.relevance).toBeGreaterThanOrEqual(0);
    expect(hits[0]!.relevance).toBeLessThanOrEqual(1);
    expect(hits[0]!.relevance).toBeGreaterThan(hits[1]!.relevance);
  });

  it('answers nothing for an empty index or a question without content words', () => {
    expect(buildKnowledgeIndex([]).search('do you deliver').answerable).toBe(false);
    const result = index.search('um well you know');
    expect(result.queryWords).toEqual([]);
    expect(result.answerable).toBe(false);
  });

  it('names the topic of a section under a heading that names nothing: the section above it, else the document', () => {
    const doc = (documentName: string, id: string, heading: string) => ({
      ...passage(id, heading, 'Some text.'),
      documentName,
    });
    const passages = [
      doc('rentals-and-repairs.md', 'a', 'Overview'),
      doc('rentals-and-repairs.md', 'b', 'Bike rentals'),
      doc('rentals-and-repairs.md', 'c', 'It is extremely simple to use and setup'),
      doc('rentals-and-repairs.md', 'd', 'Notes'),
      doc('rentals-and-repairs.md', 'e', 'Can I rent a tandem?'),
      doc('rentals-and-repairs.md', 'g', 'This example will show:'),
      doc('rentals-and-repairs.md', 'h', 'Consider these routes:'),
      doc('rentals-and-repairs.md', 'i', 'this will output'),
      doc('rentals-and-repairs.md', 'j', 'Parking and EV charging:'),
      doc('rentals-and-repairs.md', 'k', 'IT support:'),
      doc('rentals-and-repairs.md', 'l', 'Items we do not take'),
      doc('rentals-and-repairs.md', 'm', 'We do not take trade-ins'),
      doc('rentals-and-repairs.md', 'n', 'Before you can rent a bike online'),
      doc('faq.md', 'f', 'Overview'),
    ];
    const topics = buildKnowledgeIndex(passages, { companyName: 'Copper Spoke' });
    expect(passages.map((p) => topics.topicOf?.(p))).toEqual([
      'rentals and repairs',
      'Bike rentals',
      'Bike rentals',
      'Bike rentals',
      'Can I rent a tandem?',
      // A line leading in to an example names nothing either; a label with a colon does.
      'Can I rent a tandem?',
      'Can I rent a tandem?',
      'Can I rent a tandem?',
      'Parking and EV charging:',
      'IT support:',
      // A noun with a clause about it names a topic; a statement that opens with its subject does not.
      'Items we do not take',
      'Items we do not take',
      'Items we do not take',
      'Overview',
    ]);
  });

  it('reads a document name as a topic only when it names one', () => {
    expect(documentTitle('docs/Reference/Server.md')).toBe('Server');
    expect(documentTitle('Spring_Price-List.pdf')).toBe('Spring Price List');
    expect(documentTitle('faq.md')).toBeNull();
    expect(documentTitle('Untitled document (1).pdf')).toBeNull();
    expect(documentTitle('2024.pdf')).toBeNull();
  });
});
