import { describe, expect, it } from 'vitest';
import { asksWhoAnswered, confirmationAnswer, detectIntent, pickedOption } from './intent.ts';

const intent = (text: string) => detectIntent(text).intent;

describe('detectIntent', () => {
  it.each([
    'can I talk to a real person',
    'Operator.',
    'operator please',
    "I'd like to speak with someone",
    'let me speak to the manager',
    'transfer me please',
    'can you connect me to a representative',
    'is there someone I can talk to',
    'uh get me a human',
  ])('recognises a request for a person: %s', (text) => {
    expect(intent(text)).toBe('request_person');
  });

  it.each(['do you have multilingual staff', 'do they speak french', 'do you offer airport transfer'])(
    'does not take a question about staff for a request: %s',
    (text) => {
      expect(intent(text)).toBe('question');
    },
  );

  it('treats small talk wrapped around a question as a question', () => {
    expect(intent('thanks do they take master card')).toBe('question');
    expect(intent('great uh is there a facility nearby i can park bie bye')).toBe('question');
    expect(intent('hi what are your hours')).toBe('question');
  });

  it('recognises closings, thanks and greetings on their own', () => {
    expect(intent('ok thanks bye')).toBe('goodbye');
    expect(intent("no that's all, have a nice day")).toBe('goodbye');
    expect(intent('thank you so much')).toBe('thanks');
    expect(intent('hello')).toBe('greeting');
    // Taking leave after something else, without asking anything.
    expect(intent("No, that's okay, I'll call back later. Bye.")).toBe('goodbye');
    expect(intent('ok thanks have a nice day')).toBe('goodbye');
    expect(intent('is there a place to park my bike bye')).toBe('question');
    expect(intent('no thanks')).toBe('deny');
    expect(intent('um')).toBe('unclear');
  });

  it("reads the caller's yes or no to a confirmation, and what they said after a no", () => {
    const answer = (text: string) => confirmationAnswer(detectIntent(text).normalized);
    for (const yes of [
      'yes',
      'Yeah.',
      "uh yes that's right",
      'correct',
      'exactly',
      'mhm',
      'uh huh',
      'I guess so',
    ])
      expect(answer(yes).answer).toBe('yes');
    // A no that names nothing else is a plain no, not a new question to search.
    expect(answer("No, I'm asking about something else.")).toEqual({ answer: 'no', rest: '' });
    expect(answer('no')).toEqual({ answer: 'no', rest: '' });
    expect(answer('nope')).toEqual({ answer: 'no', rest: '' });
    expect(answer('no no no')).toEqual({ answer: 'no', rest: '' });
    expect(answer('no, I mean, for my bike')).toEqual({ answer: 'no', rest: 'for my bike' });
    expect(answer("that's not it i was asking about parking")).toEqual({ answer: 'no', rest: 'parking' });
    expect(answer('how late are you open').answer).toBeNull();
    expect(answer('i am').answer).toBe('yes');
    expect(answer('i am not').answer).toBe('no');
    // A new question that happens to open like a reply is a new question.
    expect(answer('i am looking for someone to fix my kitchen sink').answer).toBeNull();
    expect(answer('i am not sure what size i need').answer).toBeNull();
    // "nothing" and "knowledge" start with no but are not a no.
    expect(answer('nothing else').answer).toBeNull();
  });

  it('tells a caller checking whom they called from a question about the business', () => {
    const asks = (text: string) => asksWhoAnswered(detectIntent(text).normalized, 'Corner Deli');
    expect(asks('Hello, is this the Corner Deli?')).toBe(true);
    expect(asks('is this the right number for corner deli')).toBe(true);
    expect(asks('Have I reached Corner Deli?')).toBe(true);
    expect(asks('is this a good time to order')).toBe(false);
    expect(asks('is this deli open on sundays')).toBe(false);
    expect(asks('do you deliver')).toBe(false);
  });

  it('hears a request to say it again, or to wait, from a question', () => {
    for (const again of [
      'Sorry, could you repeat that?',
      "I didn't catch that",
      'Wait, what?',
      'Can you say that again?',
    ])
      expect(intent(again)).toBe('repeat');
    for (const wait of ['Hold on one second.', 'hang on', 'One moment please', 'ok wait a minute'])
      expect(intent(wait)).toBe('wait');
    expect(intent('Hold on, do you deliver on Sundays?')).toBe('question');
    for (const lost of ['What do you mean?', "Sorry, I don't understand."])
      expect(intent(lost)).toBe('repeat');
    expect(intent('What do you mean by free delivery?')).toBe('question');
    expect(intent('how much does it slow down each request')).toBe('question');
    for (const slower of [
      'Can you say that slower?',
      'Could you slow down please?',
      'Sorry, speak a bit slower.',
    ])
      expect(intent(slower)).toBe('repeat');
    expect(intent('can you repeat the steps for resetting my password')).toBe('question');
  });

  it('hears a caller letting something go, or taking an answer in, from a question', () => {
    for (const dismiss of ['Okay, no problem.', 'Alright, never mind.', 'No worries, thanks anyway.'])
      expect(intent(dismiss)).toBe('deny');
    for (const elsewhere of [
      "That's okay, I'll check your website instead.",
      "No thanks, I'll just call back tomorrow.",
      "Okay. I'll figure it out.",
    ])
      expect(intent(elsewhere)).toBe('deny');
    expect(intent("I'll check the website, but do you deliver?")).toBe('question');
    for (const ack of ['Got it.', 'Okay, sounds good.', 'That makes sense, thanks.', 'I see.'])
      expect(intent(ack)).toBe('acknowledge');
    expect(intent('got it, and how much is delivery')).toBe('question');
  });

  it('hears a request for a person however it is put', () => {
    for (const ask of [
      'Is anyone available to talk?',
      'Could you have someone call me back?',
      'Is there someone available?',
    ])
      expect(intent(ask)).toBe('request_person');
    expect(intent('is the pool available on sundays')).toBe('question');
    expect(intent('is someone available on weekends to help with setup')).toBe('question');
  });

  it('hears a question about the agent itself', () => {
    for (const about of ['What can you help me with?', 'Are you a robot?', 'Hi, who am I speaking with?'])
      expect(intent(about)).toBe('about_agent');
    expect(intent('what can you do about a broken pipe')).toBe('question');
    expect(intent('are you a dog friendly cafe')).toBe('question');
    // Asking whether it is a real person is most often asking for one.
    expect(intent('Are you a real person?')).toBe('request_person');
  });
});

describe('pickedOption', () => {
  const names = ['Bike parking', 'Car parking'] as const;
  it.each([
    ['the first one', 0],
    ['the second one please', 1],
    ['the other one', 1],
    ['the latter', 1],
    ['bikes', 0],
    ['for my car', 1],
    ['parking', null],
    ['neither', null],
    ['what time does the pool open', null],
  ] as const)('"%s" picks %s', (said, picked) => {
    expect(pickedOption(said, names)).toBe(picked);
  });
});
