import { describe, expect, it } from 'vitest';
import { BAKERY_NAME, bakeryPassages } from './__fixtures__/bakery.ts';
import { buildKnowledgeIndex } from './retrieval/knowledge-index.ts';
import { MeaningIndex } from './retrieval/meaning.ts';
import { splitIntoPassages } from './passages.ts';
import { confirmationOf, offerOfTwo } from './offer-wording.ts';
import { createConversation, type AgentReply } from './turn-engine.ts';

const knowledge = buildKnowledgeIndex(bakeryPassages(), { companyName: BAKERY_NAME });
const TRANSFER = '+15550142';

function call(transferNumber: string | null = TRANSFER) {
  return createConversation({ companyName: BAKERY_NAME, transferNumber, knowledge });
}

/** The passages of a document named `name`.txt whose text is `text`, with ids `name#0`, `name#1`, … */
function passagesOf(name: string, text: string) {
  return splitIntoPassages([{ page: null, text }]).map((d) => ({
    id: `${name}#${d.ord}`,
    documentName: `${name}.txt`,
    heading: d.heading,
    headingLevel: d.headingLevel,
    page: d.page,
    text: d.text,
  }));
}

/** A fresh call to another business whose one document is `text`. */
function callWith(companyName: string, text: string) {
  const index = buildKnowledgeIndex(passagesOf('doc', text), { companyName });
  return createConversation({ companyName, transferNumber: TRANSFER, knowledge: index });
}

/** A deli's document: catering and delivery, each with a price. */
const DELI = [
  '# Catering',
  'Catering platters cost $45 each and feed ten people.',
  '',
  '# Delivery',
  'We deliver within five miles of the shop. Delivery costs $4, and it is free on orders over $30.',
].join('\n');

/** A bike shop's document: rentals, repairs and returns. */
const SHOP = [
  '# Bike rentals',
  'City bike: 2 hours, $20; full day, $45. Electric bike: 2 hours, $35; full day, $80.',
  'Every rental includes a helmet, a lock and a flat repair kit. A child seat can be added for $8 per day.',
  '',
  '# Repairs',
  'A basic tune-up costs $85 and takes two working days. Flat repairs are done while you wait.',
  '',
  '# Returns',
  'Unridden bikes can be returned within 14 days. Used clothing and helmets cannot be returned.',
].join('\n');

/** The answer to a question: `reply` itself, or what follows a yes when the agent first asked "are you asking …?". */
function afterAnyOffer(conversation: ReturnType<typeof call>, reply: AgentReply): AgentReply {
  return /are you asking/i.test(reply.text) ? conversation.onCallerText('yes') : reply;
}

/** The documents don't say: one sentence, the offer of a transfer, and the call goes on. */
function expectDeclined(reply: AgentReply) {
  expect(reply).toMatchObject({ declined: true, action: 'continue', sources: [] });
  expect(reply.handoff).toBeUndefined();
  expect(reply.text).toMatch(/^I'm sorry, I don't have that information\. Would you like me to transfer you/);
}

describe('turn engine', () => {
  it('speaks first, thanking the caller for calling the business', () => {
    const greeting = call().greet();
    expect(greeting.text).toMatch(/^Thanks for calling Sunny Bakery, /);
    expect(greeting.action).toBe('continue');
  });

  it('answers a question from the right passage and records it as the source', () => {
    const conversation = call();
    conversation.greet();
    const reply = conversation.onCallerText('um hi do you guys deliver');
    expect(reply.intent).toBe('question');
    expect(reply.action).toBe('continue');
    expect(reply.handoff).toBeUndefined();
    expect(reply.text).toContain('we deliver within five miles');
    expect(reply.sources).toHaveLength(1);
    expect(reply.sources[0]).toMatchObject({ documentName: 'faq.txt', heading: 'Do you deliver?' });
    expect(reply.answer?.passages[0]?.heading).toBe('Do you deliver?');
    expect(conversation.state.outcome).toBe('answered');
  });

  it('speaks answers without markdown or URLs', () => {
    const reply = call().onCallerText('do you have gluten free bread');
    expect(reply.sources[0]?.heading).toBe('Do you have gluten-free bread?');
    expect(reply.text).toContain('gluten-free loaf');
    expect(reply.text).not.toMatch(/[*#_`]|https?:|www\.|\.example\.com/);
  });

  it('declines a question the documents do not cover, offers the transfer, and transfers on a yes', () => {
    const conversation = call();
    const reply = conversation.onCallerText('do you sell wedding flowers');
    expectDeclined(reply);
    expect(conversation.state).toMatchObject({ ended: false, outcome: 'escalated_no_answer' });
    const yes = conversation.onCallerText('yes please');
    expect(yes.action).toBe('end');
    expect(yes.handoff).toEqual({ reason: 'no_answer', transfer_to: TRANSFER });
    expect(yes.text).toMatch(/transfer/);
    expect(conversation.state).toMatchObject({
      ended: true,
      outcome: 'escalated_no_answer',
      escalation: { reason: 'no_answer', question: 'do you sell wedding flowers', transferTo: TRANSFER },
    });
  });

  it('after a decline the caller may ask something else, and is answered', () => {
    const conversation = call();
    expectDeclined(conversation.onCallerText('do you sell wedding flowers'));
    const next = conversation.onCallerText('ok do you deliver');
    expect(next.text).toContain('we deliver within five miles');
    expect(conversation.state).toMatchObject({
      ended: false,
      outcome: 'answered',
      declinedQuestions: ['do you sell wedding flowers'],
    });
    // A no to the offer goes on too.
    const other = call();
    expectDeclined(other.onCallerText('do you sell wedding flowers'));
    expect(other.onCallerText('no thanks')).toMatchObject({ action: 'continue', intent: 'deny' });
    expect(other.onCallerText('is there parking').text).toContain('Free parking');
  });

  it('answers a follow-up from the subject of the previous turn, and a short new question on its own', () => {
    const deli = callWith('Corner Deli', DELI);
    expectDeclined(deli.onCallerText('do you sell wedding cakes'));
    expect(deli.onCallerText('no thanks, do you deliver').text).toContain('within five miles');
    const price = deli.onCallerText('how much does it cost');
    expect(price.text).toContain('Delivery costs $4');
    expect(price.text).not.toContain('$45');
    expect(deli.onCallerText('what about catering').text).toContain('$45');
  });

  it('understands a caller who speaks in full, polite sentences as one who speaks in fragments', () => {
    const deli = () => callWith('Corner Deli', DELI);
    const polite = deli();
    expect(
      polite.onCallerText('Hi there, I was wondering if you could help me. Do you deliver?').text,
    ).toContain('within five miles');
    const price = polite.onCallerText("Thanks, that's helpful. And how much does it cost?");
    expect(price.text).toContain('Delivery costs $4');
    expect(price.text).not.toContain('$45');
    const catering = polite.onCallerText('Great, thank you! Could you also tell me what catering costs?');
    expect(catering.text).toContain('$45');
    // After a decline, a no to the transfer said in sentences of its own, then the next question.
    const declined = deli();
    expectDeclined(declined.onCallerText('Do you sell wedding cakes?'));
    const next = declined.onCallerText("No, that's okay. Let me ask something else. Do you deliver?");
    expect(next.text).toContain('within five miles');
  });

  it('says whom the caller reached, and ends the call when the caller takes leave after a decline', () => {
    const conversation = call();
    const who = conversation.onCallerText(`Hello, is this ${BAKERY_NAME}?`);
    expect(who).toMatchObject({ action: 'continue', intent: 'greeting' });
    expect(who.text).toBe(
      `Yes, you've reached ${BAKERY_NAME}. I'm the virtual assistant. How can I help you today?`,
    );
    expect(conversation.onCallerText('What can you help me with?').text).toBe(
      `I'm the virtual assistant for ${BAKERY_NAME}. I can answer questions from ${BAKERY_NAME}'s documents, and put you through to a person whenever you like. What would you like to know?`,
    );
    expectDeclined(conversation.onCallerText('Do you sell wedding flowers?'));
    const bye = conversation.onCallerText("No, that's okay, I'll call back later. Bye.");
    expect(bye).toMatchObject({ action: 'end', intent: 'goodbye' });
    expect(bye.handoff).toBeUndefined();
  });

  it('says its last words again when asked, and waits, leaving the offer it made open', () => {
    const conversation = call();
    expectDeclined(conversation.onCallerText('Do you sell wedding flowers?'));
    const wait = conversation.onCallerText('Hold on one second.');
    expect(wait).toMatchObject({ text: 'Sure, take your time.', action: 'continue' });
    const again = conversation.onCallerText("Sorry, I didn't catch that.");
    expect(again.text).toMatch(
      /^Sure\. I'm sorry, I don't have that information\. Would you like me to transfer you/,
    );
    expect(conversation.onCallerText('Yes please.').handoff).toEqual({
      reason: 'no_answer',
      transfer_to: TRANSFER,
    });
  });

  it('takes "got it" and "no worries, thanks anyway" as the small talk they are, not as questions', () => {
    const conversation = call();
    expectDeclined(conversation.onCallerText('Do you sell wedding flowers?'));
    // The transfer is still on offer after "I see".
    expect(conversation.onCallerText('I see.').text).toBe(
      'Would you like me to transfer you to someone who can help? Or you can ask me something else.',
    );
    expect(conversation.onCallerText('No worries, thanks anyway.').text).toBe(
      'No problem. Is there anything else I can help you with?',
    );
    expect(conversation.onCallerText('No.')).toMatchObject({ action: 'end', intent: 'deny' });

    const answered = call();
    answered.onCallerText('how much is a custom cake');
    expect(answered.onCallerText('Got it.').text).toBe('Is there anything else I can help you with?');
    expect(answered.state.declinedQuestions).toEqual([]);
  });

  it('answers each of two questions asked in one turn, and says which one the documents do not cover', () => {
    expect(call().onCallerText('What are your opening hours, and do you deliver?').text).toBe(
      'We are open Monday to Friday from 7am to 6pm and on Saturday from 8am to 2pm. We are closed on Sundays. Yes, we deliver within five miles of the shop, Tuesday to Saturday.',
    );
    const conversation = call();
    const reply = conversation.onCallerText('Do you have a loyalty card, and how much is delivery?');
    expect(reply.text).toBe(
      "Delivery costs $5, and it is free for orders over $40. As for your other question: I'm sorry, I don't have that information. Would you like me to transfer you to someone who can help? Or you can ask me something else.",
    );
    expect(reply.declined).toBe(true);
    expect(conversation.state.declinedQuestions).toEqual(['Do you have a loyalty card']);
    expect(conversation.onCallerText('Yes please.').handoff).toEqual({
      reason: 'no_answer',
      transfer_to: TRANSFER,
    });

    // Neither answered on its own: one turn, declined once, as a turn misheard into two would be.
    const neither = call();
    expectDeclined(neither.onCallerText('Do you sell flowers and do you have balloons?'));
    expect(neither.state.declinedQuestions).toEqual(['Do you sell flowers and do you have balloons?']);
  });

  it('says an answer once when a second question in the turn gets the same one, and keeps the call going', () => {
    expect(call().onCallerText('Do you deliver? And what is it?').text).toBe(
      'Yes, we deliver within five miles of the shop, Tuesday to Saturday.',
    );
    // After a turn not understood, a part that names nothing does not end the call as a second one.
    const conversation = call();
    expect(conversation.onCallerText('uh the').intent).toBe('unclear');
    const reply = conversation.onCallerText('What is it? And do you deliver?');
    expect(reply.text).toBe('Yes, we deliver within five miles of the shop, Tuesday to Saturday.');
    expect(reply.action).toBe('continue');
    expect(conversation.onCallerText('What time do you close?').text).toContain('7am to 6pm');
    expect(conversation.state.outcome).toBe('answered');
  });

  it('keeps the subject of the call through a follow-up it cannot answer', () => {
    const conversation = call();
    conversation.onCallerText('Can I order a custom cake?');
    expect(conversation.onCallerText('How far in advance do I need to order one?').text).toContain(
      "48 hours' notice",
    );
    expectDeclined(conversation.onCallerText('Can I do that online?'));
    // Still the cakes, not the delivery entry that also has a price.
    expect(conversation.onCallerText('How much do they cost?').text).toContain('how much is a custom cake?');
  });

  it('answers "what\'s their number?" from the passage just answered from, which gives it', () => {
    const city = callWith(
      'City of Millbrook',
      [
        '# Bulky items',
        'Bulky item pickup is available twice a year at no charge. Call Public Works at 555-0142 to schedule.',
        '',
        '# Visitor passes',
        'Visitor passes cost $5 per day and can be bought online.',
      ].join('\n'),
    );
    city.onCallerText('Who do I call to schedule a bulky pickup?');
    expect(city.onCallerText("What's their number?").text).toContain('555-0142');
    // "bought" is found for "buy".
    city.onCallerText('How much does a visitor pass cost?');
    expect(city.onCallerText('Where can I buy one?').text).toBe(
      'Visitor passes cost $5 per day and can be bought online.',
    );
  });

  it('takes the question it asked about as the subject when the caller goes on to ask something else', () => {
    const conversation = call();
    expect(conversation.onCallerText('I have a question about your cakes.').intent).toBe('confirm');
    expect(conversation.onCallerText('How much are they?').text).toBe(
      'Custom cakes start at $45 for eight servings.',
    );
  });

  it("answers from a page's sections when its introduction only says what the page is about", () => {
    const billing = [
      '# Billing for your subscription',
      'This article is about paying for your own Ledgerly subscription. To get paid by your clients, see Get paid online with Ledgerly Payments.',
      '',
      '## When you are charged',
      'Monthly plans are charged on the same day each month as the day your trial ended.',
      '',
      '## How you can pay',
      'We accept Visa, Mastercard, American Express and Discover cards. Annual plans can also be paid by bank transfer.',
      '',
      '## Receipts',
      'A receipt is e-mailed to the billing contact after every charge.',
      '',
      '# Get paid online with Ledgerly Payments',
      'Your clients can pay an invoice by card or bank transfer from the link in the invoice e-mail.',
    ].join('\n');
    const cards = 'We accept Visa, Mastercard, American Express and Discover cards.';
    const direct = callWith('Ledgerly', billing).onCallerText('How do I pay for my subscription?');
    expect(direct.text).toContain(cards);
    expect(direct.text).not.toContain('This article');
    expect(
      callWith('Ledgerly', billing).onCallerText('What cards do you take for subscription billing?').text,
    ).toContain(cards);
    // Offered, the section is named as itself, not as the page's introduction, and a yes is answered from it.
    const offered = callWith('Ledgerly', billing);
    const offer = offered.onCallerText('Which cards work for the subscription?');
    expect(offer.intent).toBe('confirm');
    expect(offer.text).toContain('how you can pay');
    expect(offered.onCallerText('yes').text).toContain(cards);
  });

  it('answers the question it asked about after a yes, then the next question said with it', () => {
    const conversation = call();
    expect(conversation.onCallerText('What payment do you take for cakes?').intent).toBe('confirm');
    const reply = conversation.onCallerText('Yes, exactly. And how much is delivery?');
    expect(reply.text).toBe(
      'We accept Visa, Mastercard, American Express and Apple Pay. We do not take checks. Delivery costs $5, and it is free for orders over $40.',
    );
    expect(reply.sources).toHaveLength(2);

    // A question after the yes that asks for that same answer is not a second question.
    for (const yes of ['Yes, what are they?', 'Yes. What is it?', 'yes so what do you take']) {
      const again = call();
      again.onCallerText('What payment do you take for cakes?');
      expect(again.onCallerText(yes).text).toBe(
        'We accept Visa, Mastercard, American Express and Apple Pay. We do not take checks.',
      );
    }
  });

  it('says "are you asking …?" again when the caller asks what it means, and still takes the yes', () => {
    const conversation = call();
    const offer = conversation.onCallerText('What payment do you take for cakes?').text;
    expect(conversation.onCallerText('What do you mean?').text).toBe(`Sure. ${offer}`);
    expect(conversation.onCallerText('yes').text).toContain('We accept Visa');
  });

  it('lets a declined question go when the caller says what they will do instead, and keeps the call open', () => {
    const conversation = call();
    expectDeclined(conversation.onCallerText('Do you sell wedding flowers?'));
    expect(conversation.onCallerText("That's okay, I'll check your website instead.").text).toBe(
      'No problem. Is there anything else I can help you with?',
    );
    expect(conversation.onCallerText('how much is a custom cake').text).toContain('$45');
  });

  it('reads "does it come with …?" as what the subject includes', () => {
    const conversation = callWith('Copper Spoke', SHOP);
    conversation.greet();
    const first = conversation.onCallerText('how much is it to rent an electric bike for the day');
    const price = afterAnyOffer(conversation, first);
    expect(price.text).toContain('$80');
    const helmet = conversation.onCallerText('does it come with a helmet');
    expect(helmet.declined).toBeFalsy();
    expect(helmet.text).toContain('Every rental includes a helmet');
  });

  it("takes what the caller asks about, not their own child, as the question's focus", () => {
    const school = [
      '# How to register',
      'Registration for transitional kindergarten and kindergarten for the 2027-28 school year opens January 11, 2027.',
      'Follow the steps on the enrollment page and bring a birth certificate and two proofs of residency.',
      '',
      '# Attendance',
      'If your son or daughter is sick, call the attendance line before 9 a.m. A note is needed after three days.',
      '',
      '# School meals',
      'Lunch costs $3.25 at the elementary schools and $3.75 at the high school.',
    ].join('\n');
    const conversation = callWith('Harrow Unified', school);
    conversation.greet();
    // "son" is the rarest word the documents use; the question asks about registering for kindergarten.
    const reply = conversation.onCallerText('when can i register my son for kindergarten');
    expect(reply.declined).toBeFalsy();
    const answer = afterAnyOffer(conversation, reply);
    expect(answer.text).toContain('January 11, 2027');
  });

  it('answers "how much" about the subject of the call when another entry asks about a price', () => {
    const garage = callWith(
      'Halden Auto',
      [
        'November special',
        'Winter ready package: oil change, battery test, wiper blades and a coolant check for $99. Valid until 31 December 2026.',
        '',
        'What does a diagnostic check cost?',
        'A check engine light diagnostic is $129.',
        '',
        'Do you work on all makes?',
        'Yes, we service all makes and models.',
      ].join('\n'),
    );
    expect(garage.onCallerText("what's in the winter ready package").text).toContain('coolant check');
    const price = garage.onCallerText('how much');
    expect(price.text).toContain('$99');
    expect(price.text).not.toContain('$129');
  });

  it('answers a question about a date from the holiday notice, not from the regular hours', () => {
    const text = [
      '# Opening hours',
      'We are open Monday to Friday from 9 am to 6 pm and on Saturday from 10 am to 4 pm. We are closed on Sundays.',
      '',
      '# Holiday notice',
      'Our workshop and shop are closed from 26 to 28 December for stocktaking. We reopen on 29 December at 9 am.',
    ].join('\n');
    // "Closed" and "open" match the regular hours too: the agent answers from the notice, or first asks whether the
    // notice is what the caller means, and never reads the regular hours.
    for (const question of ['are you closed between christmas and new year', 'are you open on the 27th']) {
      const holidays = callWith('Copper Spoke Bikes', text);
      let reply = holidays.onCallerText(question);
      if (reply.intent === 'confirm') {
        expect(reply.text).toMatch(/Are you asking about holiday notice\?$/);
        reply = holidays.onCallerText('yes');
      }
      expect(reply.text).toContain('closed from 26 to 28 December');
    }
    expect(callWith('Copper Spoke Bikes', text).onCallerText('are you open on saturday').text).toContain(
      'Saturday from 10 am to 4 pm',
    );
  });

  it("answers from the section under a page's short introduction when the section holds what was asked", () => {
    const text = [
      '# Contact support',
      'Our support team is here to help with anything in Ledgerly.',
      '',
      '## Ways to reach us',
      'Chat in the app: all plans, Monday to Friday 8 a.m. to 8 p.m.',
      'Phone: (503) 555-0142, Pro plan only, Monday to Friday 9 a.m. to 6 p.m.',
      '',
      '## System status',
      'See whether Ledgerly is working normally at status.ledgerly.example.',
      '',
      '## Planned maintenance',
      'Routine maintenance takes place on Sundays between 2 a.m. and 4 a.m. Eastern Time.',
    ].join('\n');
    const support = callWith('Ledgerly', text);
    const answer = afterAnyOffer(support, support.onCallerText('whats the ledgerly support phone number'));
    expect(answer.text).toContain('555-0142');
    expect(answer.text).not.toContain('here to help');
    // The page's title is what each section is about, not an answer to whatever else is asked about it.
    expectDeclined(callWith('Ledgerly', text).onCallerText('can i get support in spanish'));
  });

  it('does not take a light verb ("say", "put") for the topic of a question', () => {
    const garage = callWith(
      'Halden Auto',
      [
        '# What does a diagnostic check cost?',
        'A check engine light diagnostic is $129. If we do the repair within 30 days, the $129 is taken off the bill.',
        '',
        '# Brakes',
        'Brake pads for one axle start at $189.',
        '',
        '# Tires',
        'We mount and balance tires for $25 a wheel.',
      ].join('\n'),
    );
    expect(garage.onCallerText('what would you guys say it costs to put new tires on').text).toBe(
      'We mount and balance tires for $25 a wheel.',
    );
  });

  it('reads a short follow-up against the passage just answered from, and only when it holds what was asked', () => {
    const text = [
      '# How do I import my clients?',
      'Go to Clients, press "Import", and upload a CSV file with one client per row. You can import up to 5,000 clients at a time.',
      '',
      '# Do you have storage?',
      'Yes. Our warehouse in Brooklyn Park stores goods in sealed vaults. Storage is $65 per vault per month.',
      '',
      '# Invoices',
      'Invoices are sent by email on the first day of each month.',
    ].join('\n');
    const software = callWith('Tallybook', text);
    expect(software.onCallerText('how do i import my clients').text).toContain('CSV file');
    // "How many" of what was just explained: the number is in that answer's passage.
    expect(software.onCallerText('how many at once').text).toContain('up to 5,000 clients');
    // A word the documents never use is not taken to mean the subject.
    const storage = callWith('Tallybook', text);
    expect(storage.onCallerText('do you have storage').text).toContain('$65 per vault');
    expectDeclined(storage.onCallerText('is it heated'));
  });

  it('answers a short follow-up from the subject of the call when another passage holds its words too', () => {
    const district = callWith(
      'Harrow Schools',
      [
        '# School transfers',
        'Families who want their child to attend a different school may apply for a transfer. You can apply from January 4 through January 29 each year.',
        '',
        '# Jobs',
        'You may apply for more than one position with the same form. Staff at the district office can help you apply on weekdays.',
      ].join('\n'),
    );
    expect(district.onCallerText('how do i get my kid into a different school').text).toContain(
      'apply for a transfer',
    );
    // "When can I apply?" asks about the transfer, not about jobs.
    expect(district.onCallerText('ok when can i apply').text).toContain('January 4 through January 29');
    // Asked first, the question has no subject but its own words.
    const jobs = callWith(
      'Harrow Schools',
      'Staff at the district office can help you apply for a job on weekdays.',
    );
    expect(jobs.onCallerText('when can i apply').text).toContain('on weekdays');
  });

  it('answers "what about …?" as the question before it asked again, also when told first what the caller needs', () => {
    const text = [
      '# Late activity bus',
      'A late bus serves all middle schools for students staying after school for clubs. It runs Monday through Thursday and leaves at 4:45 p.m. There is no late bus on Fridays.',
      '',
      '# Make-up day',
      'Friday, March 12 is now a regular school day. Buses will run their regular routes that day.',
    ].join('\n');
    const district = callWith('Harrow Schools', text);
    const late = afterAnyOffer(
      district,
      district.onCallerText('my son stays after school for robotics is there a late bus'),
    );
    expect(late.text).toContain('4:45 p.m.');
    // A yes or no about Fridays: "There is no late bus on Fridays" answers it; the make-up Friday does not.
    const fridays = afterAnyOffer(district, district.onCallerText('what about on fridays'));
    expect(fridays.text).toContain('no late bus on Fridays');
  });

  it('never answers a follow-up that points back with a price of something else', () => {
    const dentist = callWith(
      'Cedar Dental',
      [
        '# Emergency visits',
        'Call before 10 a.m. and we will see you for a broken tooth the same day.',
        '',
        '# New patients',
        'A new patient exam costs $95.',
      ].join('\n'),
    );
    expect(dentist.onCallerText('i broke a tooth can you see me today').intent).toBe('confirm');
    expect(dentist.onCallerText('yes').text).toContain('the same day');
    // The documents price a new patient's exam, not an emergency visit: no answer from that price.
    const price = dentist.onCallerText('how much would that cost');
    expect(price.text).not.toContain('$95');
    expect(price.answer).toBeUndefined();
  });

  it('does not answer a follow-up that points back from a passage about something else', () => {
    const docs = callWith(
      'Swift Help',
      [
        '# Testing your routes',
        'You can test your routes with the inject method, without starting the server.',
        '',
        '# Plugins',
        'Swift was built from the beginning to be an extremely modular system.',
      ].join('\n'),
    );
    expect(docs.onCallerText('how do i test my routes without starting the server').text).toContain(
      'inject method',
    );
    // "That" is the inject method; the documents never say what it is built on.
    const builtOn = docs.onCallerText("what's that built on");
    expect(builtOn.text).not.toContain('modular');
    expectDeclined(builtOn);
  });

  it('does not answer a follow-up that points back to a question the caller said no to', () => {
    const dentist = callWith(
      'Cedar Dental',
      [
        '# Emergency visits',
        'Call before 10 a.m. and we will see you for a broken tooth the same day.',
        '',
        '# Our building',
        'The practice was built on the site of the old mill in 1990.',
      ].join('\n'),
    );
    expect(dentist.onCallerText('i broke a tooth can you see me today').intent).toBe('confirm');
    expectDeclined(dentist.onCallerText('no'));
    // "That" is still the broken tooth: the building's history does not answer it.
    const builtOn = dentist.onCallerText("what's that built on");
    expect(builtOn.text).not.toContain('old mill');
    expectDeclined(builtOn);
  });

  it("after a yes, also says the sentence that holds what was asked, beyond the passage's first lines", () => {
    const dentist = callWith(
      'Cedar Dental',
      [
        '# Visiting the practice',
        'Visits start with a short check of your teeth and gums, and we explain every step before we begin.',
        'Visits for children are on Wednesday afternoons, and a parent stays in the room for the whole visit.',
        'Visits can be moved up to a day before without any charge, by phone or online.',
        'Please bring your insurance card and a list of your medicines to the first visit.',
        'Automobiles can be left in the lot behind the building.',
        '',
        '# New patients',
        'A new patient exam costs $95.',
      ].join('\n'),
    );
    expect(dentist.onCallerText('what do i do with my car on a visit').intent).toBe('confirm');
    const yes = dentist.onCallerText('yes');
    expect(yes.text).toContain('Visits start with a short check');
    expect(yes.text).toContain('Automobiles can be left in the lot behind the building.');
    // Asked where, the sentence that states a place answers without asking ("when i visit" opens a clause: ADR 010,
    // pass 25).
    expect(dentist.onCallerText('and where do i leave my car when i visit').text).toContain(
      'Automobiles can be left in the lot behind the building.',
    );
  });

  it('transfers when the caller says nothing after the offer', () => {
    const conversation = call();
    expectDeclined(conversation.onCallerText('do you sell wedding flowers'));
    const silence = conversation.onSilence();
    expect(silence.handoff).toEqual({ reason: 'no_answer', transfer_to: TRANSFER });
    expect(conversation.state.escalation?.question).toBe('do you sell wedding flowers');
  });

  it('answers a yes-or-no question with the "no" the documents state', () => {
    const rentals = callWith(
      'Copper Spoke',
      `# Bike rentals
Cruiser: 2 hours, $20; full day, $45. Electric bike: 2 hours, $40; full day, $90.

# Rental rules
Riders must be 18 or older to rent on their own. We do not accept cash deposits: a credit card is needed to hold each rental bike. Helmets and locks are included.
`,
    );
    // Before, the sentence's "not" counted against it as if the question had asked something else, and it was declined.
    expect(rentals.onCallerText('do you take cash for the deposit').text).toBe(
      'I may only have part of what you asked. Are you asking about rental rules?',
    );
    expect(rentals.onCallerText('yes').text).toContain('We do not accept cash deposits');
  });

  it('declines what the passage does not state, although it is on the subject', () => {
    const volunteers = callWith(
      'Auburn Police Department',
      [
        '# Volunteers in Police Service',
        'Our vision is a safer Auburn through partnership between residents and the police department.',
        'Volunteers help at community events and with office work.',
        '',
        '# Recruitment',
        'Police officer candidates must be 21 years old and pass a written test and a physical test.',
      ].join('\n'),
    );
    expectDeclined(
      volunteers.onCallerText('how much do police officers make at the auburn police department'),
    );
    const age = volunteers.onCallerText('how old do police officer candidates have to be');
    expect(age.text).toContain('21 years old');
    expect(age.text).not.toContain('vision');
  });

  it('hears letters spelled out as one word: a topic the documents lack is declined, another name answers', () => {
    // The bakery's documents never mention a TV: "t v" is the caller's topic, not noise to ask about again.
    const reply = call().onCallerText('all right sounds great do they have t v');
    expectDeclined(reply);
    const answer = callWith(
      'Corner Bar',
      '# Do you have televisions?\nEvery game is shown on our six big-screen televisions.\n\n# Parking\nFree lot behind the bar.',
    ).onCallerText('do you have a t v');
    expect(answer.text).toContain('six big-screen televisions');
  });

  it("never offers a section on the strength of a word that only sounds like the caller's", () => {
    const allergens = [
      'Gluten free',
      'We bake a gluten free sourdough loaf every Friday, in a shared kitchen.',
      '',
      'Nuts',
      'Our almond croissants and walnut bread contain nuts.',
    ].join('\n');
    const ask = (q: string) => callWith('Sunrise Bakery', allergens).onCallerText(q);
    // "leave" sounds like "loaf" and "far" like "free", but neither is a misheard version of them.
    for (const q of ['where do i leave my car when i visit', 'how far do you drive out']) {
      const reply = ask(q);
      expect(reply.intent).not.toBe('confirm');
      expect(reply.declined).toBe(true);
    }
    // A misheard word that looks like the document's still finds it.
    expect(ask('do you make a glutn free loaf').text).toContain('gluten free sourdough loaf');
  });

  it.each(['can I talk to a real person', 'operator', 'let me speak to someone please'])(
    'transfers when the caller asks for a person: %s',
    (text) => {
      const conversation = call();
      const reply = conversation.onCallerText(text);
      expect(reply.intent).toBe('request_person');
      expect(reply.action).toBe('end');
      expect(reply.handoff).toEqual({ reason: 'requested', transfer_to: TRANSFER });
      expect(conversation.state.outcome).toBe('escalated_requested');
    },
  );

  it('transfers on DTMF 0 and explains other keys', () => {
    const conversation = call();
    const other = conversation.onDtmf('5');
    expect(other.action).toBe('continue');
    expect(other.text).toMatch(/press zero/i);
    const zero = conversation.onDtmf('0');
    expect(zero.handoff).toEqual({ reason: 'requested', transfer_to: TRANSFER });
    expect(zero.action).toBe('end');
  });

  it('without a transfer number, offers to take a message and then ends with the handoff reason', () => {
    const conversation = call(null);
    const declined = conversation.onCallerText('do you sell wedding flowers');
    expect(declined).toMatchObject({ declined: true, action: 'continue' });
    expect(declined.text).toMatch(/leave a message/);
    const escalation = conversation.onCallerText('yes');
    expect(escalation.action).toBe('continue');
    expect(escalation.handoff).toBeUndefined();
    expect(escalation.text).toMatch(/your name, your number and your question/);

    const done = conversation.onCallerText('This is Ana, 555 0199, I need flowers for Saturday');
    expect(done.action).toBe('end');
    expect(done.handoff).toEqual({ reason: 'no_answer' });
    expect(done.text).toMatch(/Goodbye/);
    expect(conversation.state.escalation).toEqual({
      reason: 'no_answer',
      question: 'do you sell wedding flowers',
      message: 'This is Ana, 555 0199, I need flowers for Saturday',
      transferTo: null,
    });
  });

  it('ends the call on goodbye, and says nothing more after the end', () => {
    const conversation = call();
    conversation.onCallerText('do you deliver');
    const bye = conversation.onCallerText('ok great thanks bye');
    expect(bye.intent).toBe('goodbye');
    expect(bye.action).toBe('end');
    expect(bye.handoff).toBeUndefined();
    expect(conversation.state).toMatchObject({ ended: true, outcome: 'answered' });
    expect(conversation.onCallerText('hello?')).toMatchObject({ text: '', action: 'end' });
  });

  it('uses the previous question for an elliptical follow-up', () => {
    const delivery = call();
    expect(delivery.onCallerText('do you deliver').sources[0]?.heading).toBe('Do you deliver?');
    const deliveryPrice = delivery.onCallerText('and how much is it');
    expect(deliveryPrice.handoff).toBeUndefined();
    expect(deliveryPrice.sources[0]?.heading).toBe('How much is delivery?');

    // The same follow-up after another question is about that question.
    const cake = call();
    expect(cake.onCallerText('can i order a custom cake').sources[0]?.heading).toBe(
      'Can I order a custom cake?',
    );
    // Several entries give prices: the agent checks which one is meant before answering.
    expect(cake.onCallerText('and how much is it').text).toMatch(
      /Are you asking, how much is a custom cake\?$/,
    );
    expect(cake.onCallerText('yes').sources[0]?.heading).toBe('How much is a custom cake?');

    // A follow-up with its own topic is answered on that topic.
    expect(delivery.onCallerText('what about parking').sources[0]?.heading).toBe('Is there parking?');
  });

  it('asks once whether the caller is still there, then ends on the second silence', () => {
    const conversation = call();
    conversation.greet();
    const first = conversation.onSilence();
    expect(first.text).toBe('Are you still there?');
    expect(first.action).toBe('continue');
    const second = conversation.onSilence();
    expect(second.action).toBe('end');
    expect(conversation.state.outcome).toBeNull();
  });

  it('asks the caller to repeat when nothing was understood, instead of escalating', () => {
    const conversation = call();
    const reply = conversation.onCallerText('um uh');
    expect(reply.action).toBe('continue');
    expect(reply.handoff).toBeUndefined();
    expect(reply.text).toMatch(/say it again/);
  });

  it('answers thanks with an offer of more help, and a following no ends the call', () => {
    const conversation = call();
    conversation.onCallerText('is there parking');
    expect(conversation.onCallerText('thank you').text).toMatch(/anything else/);
    expect(conversation.onCallerText('no').action).toBe('end');
  });

  describe('when unsure, asks what the caller meant instead of guessing or transferring', () => {
    const CONFIRM = /^Just to make sure I heard you right: are you asking/;

    it('reads the entry back and answers from it on a yes', () => {
      const conversation = call();
      const asked = conversation.onCallerText('cake for a party');
      expect(asked.text).toBe(
        'Just to make sure I heard you right: are you asking, how much is a custom cake?',
      );
      expect(asked).toMatchObject({ action: 'continue', intent: 'confirm', sources: [] });
      expect(asked.handoff).toBeUndefined();
      expect(asked.answer).toBeUndefined();

      const answer = conversation.onCallerText("yeah that's right");
      expect(answer.text).toContain('Custom cakes start at $45');
      expect(answer.sources[0]?.heading).toBe('How much is a custom cake?');
      expect(answer.answer?.question).toBe('cake for a party');
      expect(conversation.state.outcome).toBe('answered');
    });

    it('declines on a plain no, and transfers with the original question on a yes to the offer', () => {
      const conversation = call();
      expect(conversation.onCallerText('cake for a party').text).toMatch(CONFIRM);
      expectDeclined(conversation.onCallerText('no'));
      expect(conversation.onCallerText('yes').handoff).toEqual({
        reason: 'no_answer',
        transfer_to: TRANSFER,
      });
      expect(conversation.state.escalation).toMatchObject({
        reason: 'no_answer',
        question: 'cake for a party',
      });
    });

    it.each(['no thanks', 'no no', 'nope, sorry'])('declines on "%s"', (no) => {
      const conversation = call();
      expect(conversation.onCallerText('cake for a party').text).toMatch(CONFIRM);
      expectDeclined(conversation.onCallerText(no));
    });

    it('says goodbye to "no, bye"', () => {
      const conversation = call();
      expect(conversation.onCallerText('cake for a party').text).toMatch(CONFIRM);
      const bye = conversation.onCallerText('no, bye');
      expect(bye).toMatchObject({ action: 'end', intent: 'goodbye' });
      expect(bye.handoff).toBeUndefined();
    });

    it('searches what the caller says after the no, and asks only once', () => {
      const corrected = call();
      expect(corrected.onCallerText('do you drop off orders').text).toBe(
        'Just to make sure I heard you right: are you asking, can I order a custom cake?',
      );
      const delivery = corrected.onCallerText('no i mean do you deliver');
      expect(delivery.handoff).toBeUndefined();
      expect(delivery.sources[0]?.heading).toBe('Do you deliver?');

      // A second unsure question right after a confirmation is not met with another one.
      const twice = call();
      expect(twice.onCallerText('do you drop off orders').text).toMatch(CONFIRM);
      const second = twice.onCallerText('cake for a party');
      expectDeclined(second);
    });

    it('meets another question asked in place of a yes or no with an offer of its own, never the one passed over', () => {
      const another = call();
      expect(another.onCallerText('do you drop off orders').text).toMatch(/can I order a custom cake\?$/);
      expect(another.onCallerText('how much is a cake for a party?').text).toMatch(
        /re you asking, how much is a custom cake\?$/,
      );
      expect(another.onCallerText('yes').sources[0]?.heading).toBe('How much is a custom cake?');

      // The same question again is not offered the same passage a second time.
      const again = call();
      expect(again.onCallerText('do you drop off orders').text).toMatch(CONFIRM);
      expectDeclined(again.onCallerText('do you drop off orders?'));
    });

    it("without a transfer number, the message's question says what the caller asked and how they put it right", () => {
      const conversation = call(null);
      expect(conversation.onCallerText('cake for a party').text).toMatch(CONFIRM);
      expect(conversation.onCallerText('no, I need wedding flowers').text).toMatch(/leave a message/);
      expect(conversation.onCallerText('yes').text).toMatch(/your name, your number and your question/);
      expect(conversation.state.escalation).toMatchObject({
        reason: 'no_answer',
        question: 'cake for a party; i need wedding flowers',
      });
    });

    it('a yes to "are you still there?" is not taken as a yes to the question', () => {
      const conversation = call();
      expect(conversation.onCallerText('cake for a party').text).toMatch(CONFIRM);
      conversation.onSilence();
      const yes = conversation.onCallerText('yes');
      expect(yes.sources).toEqual([]);
      expect(yes.text).toBe('Sure, what would you like to know?');
    });

    it('still transfers at once when the caller asks for a person instead of answering', () => {
      const conversation = call();
      expect(conversation.onCallerText('cake for a party').text).toMatch(CONFIRM);
      const person = conversation.onCallerText('can i just talk to a person');
      expect(person.handoff).toEqual({ reason: 'requested', transfer_to: TRANSFER });
    });

    it('names the topic a "Note" sits under, not "note"', () => {
      const doc = `Body limit
The largest request body the server reads is 1 MiB by default.

Note:
Uploads over the limit get a 413 reply, and the connection stays open.

Timeouts
Requests time out after 30 seconds.
`;
      const conversation = callWith('Server Docs', doc);
      expect(conversation.onCallerText('do uploads over the limit close the connection').text).toBe(
        'I may only have part of what you asked. Are you asking about body limit?',
      );
      // The offered passage is the note itself.
      expect(conversation.onCallerText('yes').text).toContain('413 reply, and the connection stays open');
    });

    it('reads headings back as a person would say them', () => {
      const ask = (heading: string | null) =>
        confirmationOf({
          passage: { id: '1', documentName: 'd.txt', heading, page: null, text: 'Text.' },
        })?.replace('Just to make sure I heard you right: are you asking', '…');
      expect(ask('Do you have bike parking?')).toBe('…, do you have bike parking?');
      expect(ask('Can I bring my dog.')).toBe('…, can I bring my dog?');
      expect(ask('SERVICE AREA')).toBe('… about service area?');
      expect(ask('3. Pickup Locations')).toBe('… about pickup locations?');
      expect(ask('2.7.5. Uncommon Options')).toBe('… about uncommon options?');
      expect(ask('10.3 The viewer')).toBe('… about the viewer?');
      expect(ask('2026 opening hours')).toBe('… about 2026 opening hours?');
      expect(ask('About the clinic')).toBe('… about the clinic?');
      expect(ask('Parking and EV charging:')).toBe('… about parking and EV charging?');
      expect(ask('How to Register')).toBe('…, how to register?');
      expect(ask('Where to Get a Valley Card?')).toBe('…, where to get a valley card?');
      expect(ask('- How much does it cost to ride?')).toBe('…, how much does it cost to ride?');
      expect(ask('Can I bring my dog to Riverside Park?')).toBe('…, can I bring my dog to Riverside Park?');
      expect(ask('What is a GFCI Outlet?')).toBe('…, what is a GFCI outlet?');
      expect(ask(null)).toBeUndefined();
      // A code name is said as written, without its signature.
      expect(ask('bodyLimit')).toBe('… about bodyLimit?');
      expect(ask('logger.flush([cb])')).toBe('… about logger.flush?');
      expect(ask('pino.destination([opts]) => SonicBoom')).toBe('… about pino.destination?');
      expect(ask('fastify.FastifyReply<RequestGeneric, RawServer>')).toBe('… about fastify.FastifyReply?');
      expect(ask('name (String)')).toBe('… about name (string)?');
      expect(ask('Node.js with Docker')).toBe('… about node.js with docker?');
      // A heading that says what to do is asked about as the activity.
      expect(ask('Cancel your order')).toBe('… about cancelling your order?');
      expect(ask('Open an account')).toBe('… about opening an account?');
      expect(ask('Install')).toBe('… about installing?');
      expect(ask('Return policy')).toBe('… about return policy?');
      expect(ask('Getting started')).toBe('… about getting started?');
      expect(ask('Changed middleware support')).toBe('… about changed middleware support?');
      expect(ask('React Router v7 requires the following versions')).toBe(
        '… about react router v7 requires the following versions?',
      );
    });

    it('offers an entry only when its sentences make an answer likely, since a caller may say yes to its subject alone', () => {
      // "We accept Visa, Mastercard … We do not take checks." says nothing of cash: offering "do you accept credit
      // cards?" would have a caller who says yes to the subject told about cards.
      expectDeclined(call().onCallerText('do you take cash'));
      // The parking entry says where and that it is free: likely enough to ask about.
      expect(call().onCallerText('is the parking free at night').text).toBe(
        'I may only have part of what you asked. Are you asking, is there parking?',
      );
    });

    it('asks before answering from a general entry when the caller named something the documents never mention', () => {
      const bike = call();
      expect(bike.onCallerText('can i park my bike at the shop').text).toBe(
        'I may only have part of what you asked. Are you asking, is there parking?',
      );
      expectDeclined(bike.onCallerText('no'));

      const car = call();
      expect(car.onCallerText('can i park my bike at the shop').intent).toBe('confirm');
      expect(car.onCallerText('yes').text).toContain('Free parking is available behind the shop');

      // Where the documents do speak of bikes, or the caller names nothing they lack, the agent answers at once.
      const withRack = callWith(
        'Spoke Cafe',
        'Is there parking?\nFree parking is available behind the cafe.\n\nIs there bike parking?\nThere is a bike rack by the door.\n',
      ).onCallerText('can i park my bike at the cafe');
      expect(withRack.intent).toBe('question');
      expect(withRack.text).toContain('bike rack');
      expect(call().onCallerText('can i park at the shop').text).toContain('Free parking');
    });

    it('asks before answering from an entry whose question is about something the caller did not ask', () => {
      const doc =
        'Is there bike parking?\nThere is a bike rack by the door.\n\nDo you deliver?\nYes, within two miles.\n';
      const parking = callWith('Spoke Cafe', doc);
      expect(parking.onCallerText('do you have parking').text).toBe(
        'I may only have part of what you asked. Are you asking, is there bike parking?',
      );
      expectDeclined(parking.onCallerText('no'));
      // Asked about what the entry's question names, in other words, the agent answers at once.
      expect(callWith('Spoke Cafe', doc).onCallerText('can i park my bicycle').text).toContain('bike rack');
    });

    it('answers from an entry without a heading; of a condition it does not state, it asks, named by its subject', () => {
      const cafe = () => callWith('Spoke Cafe', 'Free parking is available behind the cafe for cars.\n');
      const reply = cafe().onCallerText('is parking free for cars');
      expect(reply.intent).toBe('question');
      expect(reply.text).toContain('Free parking');
      const late = cafe();
      expect(late.onCallerText('is parking free for cars if i come late at night').text).toBe(
        'I may only have part of what you asked. Are you asking about free parking?',
      );
      expectDeclined(late.onCallerText('no'));
    });

    it('names a paragraph of a document without headings by its subject, unless that is the business itself', () => {
      const policy = (who: string) =>
        `${who} meet students at the Maple Grove library, the Eastfield community center, or at home in Riverton and Hollis.

A one-hour session costs $60. A package of ten sessions costs $550.
`;
      const tutoring = (who: string) =>
        createConversation({
          companyName: 'Lakeside Tutoring',
          transferNumber: TRANSFER,
          knowledge: buildKnowledgeIndex(passagesOf('policy', policy(who)), {
            companyName: 'Lakeside Tutoring',
          }),
        });
      const conversation = tutoring('Our teachers');
      expect(conversation.onCallerText('can you come to my apartment').text).toBe(
        'Just to make sure I heard you right: are you asking about our teachers?',
      );
      expect(conversation.onCallerText('yes').text).toContain('at home in Riverton and Hollis');
      // "Are you asking about our tutors?" at Lakeside Tutoring names no part of it: nothing to ask about.
      expectDeclined(tutoring('Our tutors').onCallerText('can you come to my apartment'));
    });

    it('after a yes to a paragraph without a heading, says the sentences that answer, not the paragraph from its start', () => {
      const policy = `Our teachers meet students at the Maple Grove library, the Eastfield community center, or at home in Riverton and Hollis, and each of them has at least five years of classroom experience in the subjects they tutor. They plan every session around the school curriculum and send parents a short written report after each visit. Visits at home take place on weekday evenings between five and eight.

A one-hour session costs $60. A package of ten sessions costs $550.
`;
      const conversation = createConversation({
        companyName: 'Lakeside Tutoring',
        transferNumber: TRANSFER,
        knowledge: buildKnowledgeIndex(passagesOf('policy', policy), { companyName: 'Lakeside Tutoring' }),
      });
      expect(conversation.onCallerText('what evenings can a teacher come to my house').text).toBe(
        'I may only have part of what you asked. Are you asking about our teachers?',
      );
      const answer = conversation.onCallerText('yes').text;
      expect(answer).toContain('Visits at home take place on weekday evenings between five and eight.');
      // Before, the paragraph's opening came first and the 70 words ran out on the report and the price.
      expect(answer).not.toContain('written report');
      expect(answer).not.toContain('$60');
    });

    it('names the topic of a section whose heading is a label, and never asks when nothing is close', () => {
      const policy = `Locations
Our tutors meet students at the Maple Grove library, the Eastfield community center, or at home in Riverton and Hollis.

Rates
A one-hour session costs $60. A package of ten sessions costs $550.
`;
      const tutoring = buildKnowledgeIndex(passagesOf('policy', policy), {
        companyName: 'Lakeside Tutoring',
      });
      const conversation = createConversation({
        companyName: 'Lakeside Tutoring',
        transferNumber: TRANSFER,
        knowledge: tutoring,
      });
      expect(conversation.onCallerText('can you come to my apartment').text).toBe(
        'Just to make sure I heard you right: are you asking about locations?',
      );
      expect(conversation.onCallerText('yes').text).toContain('at home in Riverton and Hollis');
      // A house is a kind of home (WordNet): that question is answered at once.
      const house = createConversation({
        companyName: 'Lakeside Tutoring',
        transferNumber: TRANSFER,
        knowledge: tutoring,
      }).onCallerText('can you come to my house');
      expect(house.text).toContain('at home in Riverton and Hollis');

      const chemistry = createConversation({
        companyName: 'Lakeside Tutoring',
        transferNumber: TRANSFER,
        knowledge: tutoring,
      }).onCallerText('do your tutors teach organic chemistry');
      expectDeclined(chemistry);
    });
  });

  describe('by meaning, when the words find nothing relevant', () => {
    const shop = `Is there parking?
Yes, free parking behind the shop.

Do you deliver?
We deliver within five miles of the shop.
`;
    const passages = passagesOf('shop', shop);
    // Stand-in vectors: one axis per entry, so a test says which entry a question means.
    const meaning = new MeaningIndex(
      passages.map((passage, i) => ({ passage, vector: Float32Array.from([0, 1], (_, k) => +(k === i)) })),
    );
    const MEANS_PARKING = Float32Array.of(0.9, 0.2);
    const MEANS_DELIVERY = Float32Array.of(0.2, 0.9);
    /** A fresh call to the shop, searching by meaning in `vectors` (by default one axis per entry). */
    const start = (vectors: MeaningIndex = meaning) =>
      createConversation({
        companyName: 'Corner Shop',
        transferNumber: TRANSFER,
        knowledge: buildKnowledgeIndex(passages, { companyName: 'Corner Shop' }),
        meaning: vectors,
      });

    it('offers the entry nearest in meaning and answers from it on a yes', () => {
      const conversation = start();
      const question = 'is there somewhere to put my car behind the shop';
      expect(conversation.needsMeaning(question)).toBe(true);
      const asked = conversation.onCallerText(question, MEANS_PARKING);
      expect(asked).toMatchObject({ intent: 'confirm', action: 'continue' });
      expect(asked.text).toBe('Just to make sure I understand: are you asking, is there parking?');
      const answer = conversation.onCallerText('yes');
      expect(answer.text).toContain('free parking behind the shop');
      expect(answer.sources[0]).toMatchObject({ passageId: 'shop#0', heading: 'Is there parking?' });
      expect(conversation.state.outcome).toBe('answered');
    });

    it('offers an entry found only by meaning when it is likely right, a higher bar than for one the words found', () => {
      // Near in meaning (cosine 0.9), the parking entry is likely enough as a first question (0.62); as a follow-up,
      // whose words say less on their own, it is not (0.42: above the bar for offers the words found, below that for
      // offers by meaning), and the question is declined.
      const question = 'is there somewhere to put my car behind the shop';
      const near = Float32Array.of(0.9, Math.sqrt(1 - 0.81));
      expect(start().onCallerText(question, near).intent).toBe('confirm');
      const conversation = start();
      expect(conversation.onCallerText('do you deliver', MEANS_DELIVERY).text).toContain('five miles');
      expectDeclined(conversation.onCallerText(question, near));
    });

    it('wants the meaning of a question the words answer (a second opinion), not of what is not a question', () => {
      const conversation = start();
      expect(conversation.needsMeaning('do you deliver')).toBe(true);
      expect(conversation.needsMeaning('thanks, bye')).toBe(false);
      expect(conversation.onCallerText('do you deliver', MEANS_DELIVERY).text).toContain('within five miles');
    });

    it('embeds a follow-up that leans on the last question with that question, and a new one alone', () => {
      const conversation = start();
      expect(conversation.meaningSentence('do you deliver')).toBe('do you deliver');
      conversation.onCallerText('do you deliver', MEANS_DELIVERY);
      // "is it free" has no subject of its own: its meaning is the delivery's.
      expect(conversation.meaningSentence('is it free')).toBe('do you deliver is it free');
      // A question that stands on its own words is embedded as it is.
      expect(conversation.meaningSentence('where do customers leave cars when visiting')).toBe(
        'where do customers leave cars when visiting',
      );
      // Any question may open with "is there", "can I" or "how much": that alone does not make it a follow-up.
      expect(conversation.meaningSentence('is there somewhere to put my car near the shop')).toBe(
        'is there somewhere to put my car near the shop',
      );
      expect(conversation.meaningSentence('so what if I live farther away')).toBe(
        'do you deliver so what if I live farther away',
      );
      // Short: it leans on the delivery, unless it names a heading whole.
      expect(conversation.meaningSentence('how far')).toBe('do you deliver how far');
      expect(conversation.meaningSentence('is there parking')).toBe('is there parking');
    });

    it('embeds a follow-up after a refused "are you asking …?" with the refused question', () => {
      const conversation = start();
      const question = 'is there somewhere to put my car behind the shop';
      expect(conversation.onCallerText(question, MEANS_PARKING).intent).toBe('confirm');
      expectDeclined(conversation.onCallerText('no'));
      expect(conversation.meaningSentence('how much is it')).toBe(`${question} how much is it`);
    });

    it('checks a follow-up found with the last question when its meaning points elsewhere', () => {
      const faq = `Do you deliver?
We deliver within five miles of the shop.

How much is delivery?
Delivery costs 5 dollars.

Is there parking?
Free parking behind the shop.
`;
      const entries = passagesOf('faq', faq);
      const axes = new MeaningIndex(
        entries.map((passage, i) => ({
          passage,
          vector: Float32Array.from([0, 1, 2], (_, k) => +(k === i)),
        })),
      );
      const open = () =>
        createConversation({
          companyName: 'Corner Shop',
          transferNumber: TRANSFER,
          knowledge: buildKnowledgeIndex(entries, { companyName: 'Corner Shop' }),
          meaning: axes,
        });
      const ask = (conversation: ReturnType<typeof open>, followUp: Float32Array) => {
        conversation.onCallerText('do you deliver', Float32Array.of(1, 0, 0));
        expect(conversation.needsMeaning('and how much is it')).toBe(true);
        return conversation.onCallerText('and how much is it', followUp);
      };
      // The meaning agrees (the delivery fee): answered.
      expect(ask(open(), Float32Array.of(0.2, 0.9, 0)).text).toContain('5 dollars');
      // The meaning is another entry's: the agent checks what it heard before answering.
      const checked = ask(open(), Float32Array.of(0, 0.1, 0.95));
      expect(checked).toMatchObject({ intent: 'confirm', action: 'continue' });
      expect(checked.text).toContain('how much is delivery?');
    });

    describe('a choice of two', () => {
      const hotel = passagesOf(
        'hotel',
        `Car parking
Guests park free in the lot behind the hotel, open day and night.

Bike parking
Bikes can be parked in the locked shed by the entrance.

Pool
The pool is open from 7am to 9pm.
`,
      );
      const axes = new MeaningIndex(
        hotel.map((passage, i) => ({ passage, vector: Float32Array.from([0, 1, 2], (_, k) => +(k === i)) })),
      );
      // The words find both parking entries equally; the meaning is as near to both.
      const question = 'is there parking at the hotel';
      const asked = () => {
        const conversation = createConversation({
          companyName: 'Lake Hotel',
          transferNumber: TRANSFER,
          knowledge: buildKnowledgeIndex(hotel, { companyName: 'Lake Hotel' }),
          meaning: axes,
        });
        expect(conversation.needsMeaning(question)).toBe(true);
        const reply = conversation.onCallerText(question, Float32Array.of(0.7, 0.7, 0.14));
        return { conversation, reply };
      };

      it('asks about both entries likely to answer, and answers from the one the caller picks', () => {
        const { reply } = asked();
        expect(reply).toMatchObject({
          intent: 'confirm',
          action: 'continue',
          choices: ['Bike parking', 'Car parking'],
        });
        expect(reply.text).toBe(
          'Just to make sure I heard you right: are you asking about bike parking, or about car parking?',
        );
        for (const said of ['the second one', 'for my car', 'no, the other one']) {
          const { conversation } = asked();
          const answer = conversation.onCallerText(said);
          expect(answer.text, said).toBe('Guests park free in the lot behind the hotel, open day and night.');
          expect(answer.sources[0]).toMatchObject({ heading: 'Car parking' });
        }
        for (const said of ['the first one', 'yes', 'bikes']) {
          const { conversation } = asked();
          expect(conversation.onCallerText(said).text, said).toContain('locked shed');
        }
      });

      it('declines on a no to both, and answers a question asked instead of picking', () => {
        expectDeclined(asked().conversation.onCallerText('no'));
        expectDeclined(asked().conversation.onCallerText('neither'));
        const { conversation } = asked();
        expect(conversation.onCallerText('when does the pool open').text).toContain('7am to 9pm');
      });
    });

    it('never offers a section with nothing to read out, only a pointer elsewhere', () => {
      const guide = passagesOf(
        'guide',
        `Pino with Express
See the pino-http README for more info.

Pino with Fastify
Fastify comes with Pino built in: set its logger option to true.
`,
      );
      const axes = new MeaningIndex(
        guide.map((passage, i) => ({ passage, vector: Float32Array.from([0, 1], (_, k) => +(k === i)) })),
      );
      const open = () =>
        createConversation({
          companyName: 'Pino',
          transferNumber: TRANSFER,
          knowledge: buildKnowledgeIndex(guide, { companyName: 'Pino' }),
          meaning: axes,
        });
      const question = 'how do i log requests in my express app';
      const conversation = open();
      conversation.needsMeaning(question);
      expectDeclined(conversation.onCallerText(question, Float32Array.of(0.95, 0.3)));
    });

    it('reads a question heading back whole beside another topic', () => {
      expect(
        offerOfTwo(
          'Just to make sure I heard you right: are you asking, do you deliver?',
          'Do you deliver?',
          'Service area',
        ),
      ).toBe(
        'Just to make sure I heard you right: are you asking, do you deliver? Or are you asking about service area?',
      );
      expect(
        offerOfTwo(
          'I may only have part of what you asked. Are you asking about parking?',
          'Parking',
          'Is there a bike rack?',
        ),
      ).toBe(
        'I may only have part of what you asked. Are you asking about parking? Or are you asking, is there a bike rack?',
      );
    });

    it('transfers without asking when the question shares no word with the documents', () => {
      const conversation = start();
      const question = 'do you have a climbing wall';
      expect(conversation.needsMeaning(question)).toBe(false);
      expectDeclined(conversation.onCallerText(question, MEANS_PARKING));
    });

    it("never offers an entry on the strength of the business's own name, whatever the meaning", () => {
      // The words find "Is there parking?" through "shop" alone, the business's name; the rest is noise.
      const question = 'what about the shop tay wolver';
      expectDeclined(start().onCallerText(question, Float32Array.of(0.4, -0.9165)));
      expectDeclined(start().onCallerText(question, Float32Array.of(-0.9165, 0.4)));
    });

    it('offers the entry the words found weakly and the meaning, not clearly the nearest, supports', () => {
      // The words find "Is there parking?" at relevance 0.16; the meaning is about as close to both entries.
      const question = 'can i leave it behind the shop for a while';
      const wide = new MeaningIndex(
        passages.map((passage, i) => ({
          passage,
          vector: Float32Array.from([0, 1, 2], (_, k) => +(k === i)),
        })),
      );
      const ask = (vector: Float32Array) => start(wide).onCallerText(question, vector);
      expect(ask(Float32Array.of(0.42, 0.4, 0.815)).text).toBe(
        'Just to make sure I understand: are you asking, is there parking?',
      );
      // Less close to it, words and meaning together are too little: the caller is transferred.
      expectDeclined(ask(Float32Array.of(0.35, 0.33, 0.877)));
    });

    it('transfers when no entry is clearly the nearest in meaning and the words do not settle it', () => {
      // The words find both entries, equally weakly (relevance 0.19); the meaning is as close to both.
      expectDeclined(start().onCallerText('how many miles behind', Float32Array.of(1, 1)));
    });

    describe('a question with a detail the documents do not state', () => {
      // "do you deliver?" is there; groceries and Brookside are not.
      const question = 'can you deliver my groceries to brookside';

      it('declines at once: the delivery entry holds too little of the question to be offered, when the meaning points elsewhere', () => {
        // "We deliver within five miles" says nothing of groceries or Brookside. Offered, a caller who hears
        // "are you asking, do you deliver?" may well say yes, and would then be answered from it.
        const conversation = start();
        expectDeclined(conversation.onCallerText(question, MEANS_PARKING));
        expect(conversation.state.outcome).not.toBe('answered');
      });

      it('answers at once when the meaning agrees with the words', () => {
        const sure = start();
        expect(sure.needsMeaning('how far do you deliver')).toBe(true);
        expect(sure.onCallerText('how far do you deliver', MEANS_DELIVERY).text).toContain(
          'within five miles',
        );
      });

      it('checks first even when the words are sure, if the meaning points elsewhere', () => {
        const asked = start().onCallerText('how far do you deliver', MEANS_PARKING);
        expect(asked).toMatchObject({ intent: 'confirm', action: 'continue' });
        expect(asked.text).toMatch(/[Aa]re you asking, do you deliver\?$/);
      });
    });

    describe('a question whose rarest word is not what it asks about', () => {
      // "leave" is rarer in the documents than "hostname", but "can I leave out the hostname?" is about the hostname:
      // the words rank the hostname entry first without answering from it, and "leave" is only elsewhere.
      const logger = passagesOf(
        'logger',
        `Hostname and process id
Every log line carries the process id and the hostname. The hostname comes from the operating system. Set base to null to drop the hostname and the process id.

Shutting down
When the process gets a signal, the logger flushes what it holds in memory to the destination, closes the file descriptors it opened, waits for the worker threads of its transports to finish writing, and then lets the process exit; do not leave the process before the flush callback runs, or the last lines written may be lost on the way to the disk.

Levels
The default level is info, on every hostname.

Serializers
Errors are serialized with their stack and the hostname.

Timestamps
Lines carry the epoch time in milliseconds. Leave it on unless another tool adds its own time, in which case the two would disagree about when a line was written and the output would be harder to read.

Destinations
Logs go to standard output.

Redaction
Paths listed in redact are replaced with a placeholder.

Child loggers
A child logger adds its bindings to every line.

Transports
Transports run in a worker thread.

Browser
In the browser, logs go to the console.
`,
      );
      const vectors = new MeaningIndex(
        logger.map((passage, i) => ({
          passage,
          vector: Float32Array.from({ length: 10 }, (_, k) => +(k === i)),
        })),
      );
      const MEANS_HOSTNAME = Float32Array.of(0.9, 0.3, 0, 0, 0, 0, 0, 0, 0, 0);
      const MEANS_SHUTDOWN = Float32Array.of(0.3, 0.9, 0, 0, 0, 0, 0, 0, 0, 0);
      const ask = (vector: Float32Array) => {
        const conversation = createConversation({
          companyName: 'Log Docs',
          transferNumber: TRANSFER,
          knowledge: buildKnowledgeIndex(logger, { companyName: 'Log Docs' }),
          meaning: vectors,
        });
        const question = 'can i leave out the hostname';
        expect(conversation.needsMeaning(question)).toBe(true);
        return conversation.onCallerText(question, vector).text;
      };

      it('offers the entry that holds the thing named (a noun), not the rarest word', () => {
        expect(ask(MEANS_HOSTNAME)).toBe(
          'I may only have part of what you asked. Are you asking about hostname and process id?',
        );
      });

      it('offers the entry the words found when there is no encoder to weigh it', () => {
        const conversation = createConversation({
          companyName: 'Log Docs',
          transferNumber: TRANSFER,
          knowledge: buildKnowledgeIndex(logger, { companyName: 'Log Docs' }),
        });
        expect(conversation.onCallerText('can i leave out the hostname').text).toBe(
          'I may only have part of what you asked. Are you asking about hostname and process id?',
        );
      });

      it('offers nothing when the meaning points elsewhere than the words: it declines', () => {
        // Neither the hostname entry (the words) nor the shutdown entry (the meaning) is likely enough on its own.
        const reply = ask(MEANS_SHUTDOWN);
        expect(reply).toMatch(/^I'm sorry, I don't have that information\./);
      });
    });

    it('searches the documents once on a turn whose meaning was asked for', () => {
      const index = buildKnowledgeIndex(passages, { companyName: 'Corner Shop' });
      let searches = 0;
      const counting = {
        size: index.size,
        search: (...args: Parameters<typeof index.search>) => (searches++, index.search(...args)),
      };
      const conversation = createConversation({
        companyName: 'Corner Shop',
        transferNumber: TRANSFER,
        knowledge: counting,
        meaning,
      });
      const question = 'is there somewhere to put my car behind the shop';
      expect(conversation.needsMeaning(question)).toBe(true);
      expect(conversation.onCallerText(question, MEANS_PARKING).intent).toBe('confirm');
      expect(searches).toBe(1);
      // A question the runtime did not preview is searched as usual.
      conversation.onCallerText('yes');
      expect(conversation.onCallerText('do you deliver').text).toContain('within five miles');
      expect(searches).toBeGreaterThan(1);
    });
  });
});
