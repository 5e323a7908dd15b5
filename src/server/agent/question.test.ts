import { describe, expect, it } from 'vitest';
import { answerTypeOf, followUpTypeOf, questionOf, questionsOf, toldAndAsked } from './question.ts';

describe('answerTypeOf', () => {
  it.each([
    ['how much do people make at the police department', 'amount'],
    ['um so what does a cleaning cost', 'amount'],
    ['how many branches do you have', 'count'],
    ['how long does a repair take', 'duration'],
    ['how far in advance do i need to order one', 'duration'],
    ["what's their number", 'contact'],
    ['what number do i call for bulky items', 'contact'],
    ['what is the phone number for public works', 'contact'],
    ['what is the email address for returns', 'contact'],
    ['what is the number of rooms', 'other'],
    ['how much time ahead should we book', 'duration'],
    ['ok how long will you have it for', 'duration'],
    ['how often do you collect glass', 'count'],
    ["what's the default body size limit", 'count'],
    ['what is the maximum number of guests', 'count'],
    ['what are the size limits for carry-on bags', 'count'],
    ['when do you open tomorrow', 'time'],
    ['whats the last day to drop a class', 'time'],
    ['what is the deadline', 'time'],
    ["what's the hourly rate for the packers", 'amount'],
    ['what is the best way to reach you', 'other'],
    ['what time do you close on saturdays', 'time'],
    ['in what year was the church built', 'year'],
    ['what year was that', 'year'],
    ['where can i park', 'place'],
    ['where do i leave my car when i visit', 'place'],
    ['who do i call when the power goes out', 'person'],
    ['when is the office open for people who work days', 'time'],
    ['what happens when my free trial runs out', 'other'],
    ['how late does the train run that night', 'time'],
    ['how soon could you look at it', 'time'],
    ['what error do i get when it times out', 'other'],
    ['can i show slides when i talk', 'yesno'],
    ['could you tell me exactly when the pool opens', 'time'],
    ['which city is the office in', 'place'],
    ['who gave their name to normandy', 'person'],
    ['what company makes the software', 'person'],
    ['how can i create an account', 'procedure'],
    ['do you sell skateboards', 'yesno'],
    ['can you tell me if you are open on the 26th', 'yesno'],
    ['what is an account', 'other'],
    ['does the redis one close the connection when the server shuts down', 'yesno'],
    ['is the pool open when it rains', 'yesno'],
    ['can you check when you open on sunday', 'time'],
    ['do you remember where i left my keys', 'place'],
    // The product or the caller as the subject of the verb of knowing: a yes or no about what it does.
    ['will it remind me when my sales tax is due', 'yesno'],
    ['can i see who owes me money', 'yesno'],
    ['can an admin see who read a message', 'yesno'],
    ['is there a doctor who speaks french', 'yesno'],
    // After a noun a wh-word opens a relative clause; in "what school supplies" the last noun is what is asked for.
    ['i want to complain about a driver who was rude', 'other'],
    ['what school supplies does she need', 'other'],
    ['what day camps do you run in the summer', 'other'],
    ['which school does she go to', 'person'],
    ['which doctor does them', 'person'],
    ['where do i leave my car when i visit', 'place'],
    // Told first, then asked, with no punctuation: the question is where an auxiliary comes before its subject.
    ['we live two miles away can he still ride the bus', 'yesno'],
    ['my order came broken is there a way to send it back', 'yesno'],
    ['i left my umbrella on the train yesterday where would it be', 'place'],
    ['im behind a firewall how do i open the port', 'procedure'],
    ['if my dog gets sick at night who do i call', 'person'],
    ['my daughter is in middle school what does she need', 'other'],
  ])('%s -> %s', (question, type) => {
    expect(answerTypeOf(question)).toBe(type);
  });
});

describe('toldAndAsked', () => {
  it('parts what the caller tells first from the question, when it is a clause of its own', () => {
    expect(toldAndAsked('someone left the company how do i remove them')).toEqual({
      told: 'someone left the company',
      asked: 'how do i remove them',
    });
    expect(toldAndAsked('im behind a firewall how do i open the port').told).toBe('i am behind a firewall');
    // A phrase without a verb names what is asked about.
    expect(toldAndAsked('ok and the starter one is there a limit on invoices').told).toBe('');
    expect(toldAndAsked('what time do you open').told).toBe('');
  });
});

describe('followUpTypeOf', () => {
  it('reads a follow-up that only adds a detail as the question before it, asked again', () => {
    expect(followUpTypeOf('what about on sundays', 'is there a late bus')).toBe('yesno');
    expect(followUpTypeOf('and for kids', 'how much is a ticket')).toBe('amount');
    // It asks something of its own, or there is nothing before it.
    expect(followUpTypeOf('and if it rains', 'how much is a ticket')).toBe('other');
    expect(followUpTypeOf('and where is it', 'how much is a ticket')).toBe('place');
    expect(followUpTypeOf('what about on sundays', null)).toBe('other');
  });
});

describe('questionOf', () => {
  it('keeps the question and leaves out greetings, thanks and polite formulas around it', () => {
    expect(
      questionOf("Hi there, I was wondering if you could help me. What's the default body size limit?"),
    ).toBe("What's the default body size limit?");
    expect(questionOf("Thanks, that's helpful. Ok and what option do I use to change it?")).toBe(
      'and what option do I use to change it?',
    );
    expect(questionOf('Great, thank you so much! Could you also tell me what it costs?')).toBe(
      'what it costs?',
    );
    expect(questionOf('I have another question. Can I set it for one route?')).toBe(
      'Can I set it for one route?',
    );
    expect(questionOf('Okay, got it. Another question: ok and is it free?')).toBe('and is it free?');
  });

  it('leaves out the frame that says the caller wants to know, and a polite tag after the question', () => {
    expect(
      questionOf("I'm trying to find out what the default body size limit is, can you help with that?"),
    ).toBe('what the default body size limit is?');
    expect(questionOf('Could you help me understand how to set it per route?')).toBe(
      'how to set it per route?',
    );
    expect(questionOf('I was wondering, do you sell gift cards?')).toBe('do you sell gift cards?');
    expect(questionOf('Do you deliver, please?')).toBe('Do you deliver?');
    // Before "if" or "whether" the frame stays: it makes the question a yes or no.
    expect(questionOf("I'd like to know if you deliver.")).toBe("I'd like to know if you deliver.");
    expect(answerTypeOf(questionOf("I'd like to know if you deliver."))).toBe('yesno');
  });

  it('leaves out the greetings and thanks that run into the question when the recogniser writes no punctuation', () => {
    expect(questionOf("hi there i was wondering if you could help me what's the default limit")).toBe(
      "what's the default limit",
    );
    expect(questionOf("thanks that's helpful ok and what option do i use to change it")).toBe(
      'and what option do i use to change it',
    );
    expect(questionOf('hello i have a question how much is it')).toBe('how much is it');
    expect(questionOf('great is there parking')).toBe('is there parking');
    expect(questionOf("ok I'm back. how much are the platters?")).toBe('how much are the platters?');
    expect(questionOf('Wait, how much is it?')).toBe('how much is it?');
    expect(questionOf('No, I meant catering.')).toBe('catering.');
    expect(questionOf('Let me rephrase: do you make cakes for weddings?')).toBe(
      'do you make cakes for weddings?',
    );
    expect(questionOf('Hi, this is John Miller. Do you deliver on weekends?')).toBe(
      'Do you deliver on weekends?',
    );
    expect(questionOf("I'm calling because I wanted to know if you deliver.")).toBe(
      'I wanted to know if you deliver.',
    );
    expect(questionOf('This is John.')).toBe('This is John.');
    expect(questionOf('Sort of, I want to know the default timeout.')).toBe('the default timeout.');
    // Without a greeting or thanks in them, the first words are the question's own.
    expect(questionOf('so is there parking')).toBe('so is there parking');
    expect(questionOf('can you help me find parking')).toBe('can you help me find parking');
  });

  it('leaves a turn with nothing else, and the substance of every sentence that asks', () => {
    expect(questionOf('Thanks.')).toBe('Thanks.');
    expect(questionOf('Can you help me?')).toBe('Can you help me?');
    expect(questionOf('do you have one')).toBe('do you have one');
    expect(questionOf("I'm running it in Docker and can't reach it. What should I change?")).toBe(
      "I'm running it in Docker and can't reach it. What should I change?",
    );
    // "Could you tell me if …" stays: the "if" makes it a yes or no.
    expect(questionOf('Could you tell me if you are open?')).toBe('Could you tell me if you are open?');
  });
});

describe('questionsOf', () => {
  it('finds each question a caller asked in one turn', () => {
    expect(questionsOf('What are your hours, and do you deliver?')).toEqual([
      'What are your hours',
      'do you deliver?',
    ]);
    expect(questionsOf('Do you deliver? How much is it?')).toEqual(['Do you deliver?', 'How much is it?']);
    expect(questionsOf('How much is delivery, and how long does it take?')).toEqual([
      'How much is delivery',
      'how long does it take?',
    ]);
  });

  it('keeps one question whole: a list, a lead-in sentence, or the social words around it', () => {
    expect(questionsOf('is it open on weekends and holidays')).toEqual([
      'is it open on weekends and holidays',
    ]);
    expect(questionsOf('Can I bring my dog and my cat?')).toEqual(['Can I bring my dog and my cat?']);
    // Without punctuation, as a recogniser may write it, an "and" does not cut.
    expect(questionsOf('how much is delivery and how long does it take')).toEqual([
      'how much is delivery and how long does it take',
    ]);
    expect(questionsOf('How do I know when and where to go?')).toEqual([
      'How do I know when and where to go?',
    ]);
    expect(questionsOf('My bike has a flat tire. Can you fix it today?')).toEqual([
      'My bike has a flat tire. Can you fix it today?',
    ]);
    expect(questionsOf('Hi there, I was wondering if you could help me. Do you deliver?')).toEqual([
      'Do you deliver?',
    ]);
  });
});
