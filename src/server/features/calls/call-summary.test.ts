import { describe, expect, it } from 'vitest';
import { shortAnswer, summarizeCall, topicOf } from './call-summary.ts';
import type { TranscriptEntry } from './calls.repository.ts';

const src = (heading: string | null) => [{ document: 'shop.txt', heading, page: null }];

describe('call summary', () => {
  it('names the topics from the sections that answered, with the short answer, not the caller’s words', () => {
    const transcript: TranscriptEntry[] = [
      { speaker: 'agent', text: 'Thanks for calling Spoke Bikes. How can I help you today?', at_s: 0 },
      { speaker: 'caller', text: 'hey so how much do you guys charge to fix a flat', at_s: 3 },
      {
        speaker: 'agent',
        text: 'We fix flat tires for $15 a wheel.',
        at_s: 4,
        sources: src('Flat-Tire Repair'),
      },
      { speaker: 'caller', text: 'and where do I leave the car', at_s: 8 },
      {
        speaker: 'agent',
        text: 'Free parking is available behind the shop.',
        at_s: 9,
        sources: src('Parking'),
      },
      { speaker: 'caller', text: 'can I pay with a cheque', at_s: 12 },
      {
        speaker: 'agent',
        text: 'We do not accept payment by cheque. Cards and cash are fine.',
        at_s: 13,
        sources: src('Payment by cheque'),
      },
    ];
    const summary = summarizeCall({ outcome: 'answered', transcript, escalation: null });
    expect(summary).toBe(
      'Asked about flat-tire repair (answered: $15 a wheel), parking (answered) and payment by cheque (answered: not accepted).',
    );
    expect(summary).not.toContain('guys');
  });

  it('names the question an answer was for (not the yes that confirmed it) when the section has no heading', () => {
    const transcript: TranscriptEntry[] = [
      { speaker: 'caller', text: 'Do you have bike parking?', at_s: 3 },
      { speaker: 'agent', text: 'Are you asking about parking?', at_s: 4 },
      { speaker: 'caller', text: 'yes', at_s: 6 },
      {
        speaker: 'agent',
        text: 'Yes, there are bike racks by the door.',
        at_s: 7,
        sources: src(null),
        question: 'Do you have bike parking?',
      },
    ];
    expect(summarizeCall({ outcome: 'answered', transcript, escalation: null })).toBe(
      'Asked about bike parking (answered: yes).',
    );
  });

  it('says what the documents did not cover, and the transfer with its reason and the formatted number', () => {
    const transcript: TranscriptEntry[] = [
      { speaker: 'caller', text: 'what are your opening hours', at_s: 1 },
      {
        speaker: 'agent',
        text: 'We are open Monday to Friday from 8 a.m. to 6 p.m.',
        at_s: 2,
        sources: src('Opening hours'),
      },
      { speaker: 'caller', text: 'Do you sell gift cards?', at_s: 5 },
      {
        speaker: 'agent',
        text: "I'm sorry, I don't have that information. Would you like me to transfer you to someone who can help? Or you can ask me something else.",
        at_s: 6,
      },
      { speaker: 'caller', text: 'yes please', at_s: 9 },
      {
        speaker: 'agent',
        text: 'Of course. Let me transfer you to someone who can help, please hold.',
        at_s: 10,
      },
    ];
    expect(
      summarizeCall({
        outcome: 'escalated_no_answer',
        transcript,
        escalation: {
          reason: 'no_answer',
          question: 'Do you sell gift cards?',
          message: null,
          transferTo: '+14155552671',
        },
      }),
    ).toBe(
      "Asked about opening hours (answered: 8 a.m. to 6 p.m.) and gift cards (not in the documents). Transferred to +1 415-555-2671: the documents don't cover gift cards.",
    );
  });

  it('a caller who asks for a person without a transfer number: the message taken', () => {
    const transcript: TranscriptEntry[] = [
      { speaker: 'caller', text: 'can I talk to a real person', at_s: 1 },
      {
        speaker: 'agent',
        text: 'Of course. No one can take your call right now, but I can take a message.',
        at_s: 2,
      },
      { speaker: 'caller', text: 'Sam Lee, 555 0101, please call me back about my order', at_s: 8 },
    ];
    expect(
      summarizeCall({
        outcome: 'escalated_requested',
        transcript,
        escalation: {
          reason: 'requested',
          question: 'can I talk to a real person',
          message: 'Sam Lee, 555 0101, please call me back about my order',
          transferTo: null,
        },
      }),
    ).toBe(
      'Message taken (the caller asked for a person): "Sam Lee, 555 0101, please call me back about my order".',
    );
  });

  it('no transfer number and no message; a silent caller; a call refused for minutes', () => {
    expect(
      summarizeCall({
        outcome: 'escalated_requested',
        transcript: [{ speaker: 'caller', text: '[pressed 0]', at_s: 1 }],
        escalation: { reason: 'requested', question: 'pressed 0', message: null, transferTo: null },
      }),
    ).toBe('No transfer number (the caller asked for a person); the caller left no message.');
    expect(summarizeCall({ outcome: 'abandoned', transcript: [], escalation: null })).toBe(
      'The caller hung up without saying anything.',
    );
    expect(summarizeCall({ outcome: 'rejected_no_minutes', transcript: [], escalation: null })).toBe(
      'Not answered: the agent was out of minutes.',
    );
  });

  it('lists five topics and counts the rest; a topic asked twice is listed once', () => {
    const headings = ['Hours', 'Parking', 'Rates', 'Delivery', 'Returns', 'Warranty', 'Parking'];
    const transcript: TranscriptEntry[] = headings.map((h, i) => ({
      speaker: 'agent',
      text: 'Some answer.',
      at_s: i,
      sources: src(h),
      question: `about ${h}`,
    }));
    expect(summarizeCall({ outcome: 'answered', transcript, escalation: null })).toBe(
      'Asked about hours (answered), parking (answered), rates (answered), delivery (answered), returns (answered) and 1 more.',
    );
  });
});

describe('topics and short answers', () => {
  it.each([
    ['Opening hours', 'opening hours'],
    ['Flat-Tire Repair', 'flat-tire repair'],
    ['Do you have bike parking?', 'bike parking'],
    ['What are your opening hours?', 'opening hours'],
    ['How much is delivery?', 'the price of delivery'],
    ['can you come to my house', "coming to the caller's house"],
    ['Is there parking?', 'parking'],
    ['do your tutors teach organic chemistry', 'tutors teaching organic chemistry'],
    ['Is the shop open on Sundays?', 'shop open on Sundays'],
    ['[pressed 1]', null],
  ])('topicOf(%j) = %j', (text, topic) => {
    expect(topicOf(text)).toBe(topic);
  });

  it.each([
    ['We fix flat tires for $15 a wheel.', '$15 a wheel'],
    ['We do not accept payment by cheque.', 'not accepted'],
    // A "no" after the yes is an aside, not the answer.
    ['We accept Visa and Apple Pay. We do not take checks.', null],
    ['We are open Monday to Friday from 8 a.m. to 6 p.m. We are closed on Sundays.', '8 a.m. to 6 p.m.'],
    ['Delivery costs $5, and it is free for orders over $40.', '$5, $40'],
    [
      'A boiler repair visit costs 95 dollars for the first hour, parts are extra.',
      '95 dollars for the first hour',
    ],
    ['Cancel at least 24 hours ahead.', '24 hours'],
    ['Free parking is available behind the building.', null],
  ])('shortAnswer(%j) = %j', (text, short) => {
    expect(shortAnswer(text)).toBe(short);
  });
});
