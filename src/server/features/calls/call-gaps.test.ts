import { describe, expect, it } from 'vitest';
import { splitIntoPassages } from '../../agent/passages.ts';
import { buildKnowledgeIndex } from '../../agent/retrieval/knowledge-index.ts';
import { createConversation } from '../../agent/turn-engine.ts';
import { GapTracker, type CallGap } from './call-gaps.ts';
import { FAQ } from './calls-test-helpers.ts';

const passages = splitIntoPassages([{ page: null, text: FAQ }]).map((d, i) => ({
  id: `p${i}`,
  documentName: 'faq.txt',
  heading: d.heading,
  page: d.page,
  text: d.text,
}));

/** A call through the real turn engine; every caller turn's gaps, as the call runtime would keep them. */
function call(
  turns: (string | { dtmf: string } | 'silence')[],
  transferNumber: string | null = '+15557654321',
) {
  const conversation = createConversation({
    companyName: 'Acme Heating',
    transferNumber,
    knowledge: buildKnowledgeIndex(passages, { companyName: 'Acme Heating' }),
  });
  const tracker = new GapTracker();
  conversation.greet();
  const gaps: CallGap[] = [];
  const replies: string[] = [];
  for (const turn of turns) {
    const reply =
      turn === 'silence'
        ? conversation.onSilence()
        : typeof turn === 'string'
          ? conversation.onCallerText(turn)
          : conversation.onDtmf(turn.dtmf);
    replies.push(reply.text);
    gaps.push(
      ...tracker.afterTurn(
        typeof turn === 'string' && turn !== 'silence' ? turn : null,
        reply,
        conversation.state,
      ),
    );
  }
  return { gaps, replies };
}

describe('the knowledge gaps of a call', () => {
  it('keeps a declined question once, even when the caller then takes the transfer', () => {
    const { gaps, replies } = call(['do you sell gift vouchers', 'yes please']);
    expect(replies[0]).toMatch(/don't have that information/);
    expect(gaps).toEqual([{ question: 'do you sell gift vouchers', kind: 'declined' }]);
  });

  it('keeps nothing for a call whose questions were answered', () => {
    expect(call(['what are your opening hours', 'thanks, bye']).gaps).toEqual([]);
  });

  it('keeps the question asked just before the caller demanded a person', () => {
    const { gaps } = call(['what are your opening hours', 'let me talk to a real person']);
    expect(gaps).toEqual([{ question: 'what are your opening hours', kind: 'before_person' }]);
    // Pressing 0 is a demand for a person too.
    expect(call(['how much is a boiler repair', { dtmf: '0' }]).gaps).toEqual([
      { question: 'how much is a boiler repair', kind: 'before_person' },
    ]);
    // Asking for a person first thing leaves no question behind.
    expect(call(['operator please']).gaps).toEqual([]);
  });

  it('keeps a question whose "are you asking …?" the caller said no to', () => {
    // "where can i park my truck" finds Parking, which never mentions trucks: the agent asks first.
    const { gaps, replies } = call(['where can i park my truck', 'no']);
    expect(replies[0]).toMatch(/are you asking/i);
    expect(gaps).toEqual([{ question: 'where can i park my truck', kind: 'not_confirmed' }]);
  });

  it('keeps the words of a no_answer escalation the agent could not make out', () => {
    const { gaps } = call(['hmm', 'uh'], null);
    expect(gaps.map((g) => g.kind)).toEqual(['no_answer']);
  });
});
