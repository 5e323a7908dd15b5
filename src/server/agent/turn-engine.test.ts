import { describe, expect, it } from 'vitest';
import { BAKERY_NAME, bakeryPassages } from './__fixtures__/bakery.ts';
import { buildKnowledgeIndex } from './retrieval/knowledge-index.ts';
import { createConversation } from './turn-engine.ts';

const knowledge = buildKnowledgeIndex(bakeryPassages(), { companyName: BAKERY_NAME });
const TRANSFER = '+15550142';

function call(transferNumber: string | null = TRANSFER) {
  return createConversation({ companyName: BAKERY_NAME, transferNumber, knowledge });
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

  it('escalates a question the documents do not cover and transfers at once', () => {
    const conversation = call();
    const reply = conversation.onCallerText('do you sell wedding flowers');
    expect(reply.action).toBe('end');
    expect(reply.handoff).toEqual({ reason: 'no_answer', transfer_to: TRANSFER });
    expect(reply.text).toMatch(/don't have that information/);
    expect(reply.text).toMatch(/transfer/);
    expect(reply.sources).toEqual([]);
    expect(conversation.state).toMatchObject({
      ended: true,
      outcome: 'escalated_no_answer',
      escalation: { reason: 'no_answer', question: 'do you sell wedding flowers', transferTo: TRANSFER },
    });
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

  it('without a transfer number, takes a message and then ends with the handoff reason', () => {
    const conversation = call(null);
    const escalation = conversation.onCallerText('do you sell wedding flowers');
    expect(escalation.action).toBe('continue');
    expect(escalation.handoff).toBeUndefined();
    expect(escalation.text).toMatch(/take a message/);

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
    expect(cake.onCallerText('and how much is it').sources[0]?.heading).toBe('How much is a custom cake?');

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
});
