/** One fresh call through the turn engine a real call uses, timed (shared by the agent benchmarks). */
import { performance } from 'node:perf_hooks';
import { extractDocument } from '#server/features/knowledge/extract.ts';
import { splitIntoPassages } from '#server/agent/passages.ts';
import { buildKnowledgeIndex, type KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { createConversation, type AgentReply } from '#server/agent/turn-engine.ts';

export const TRANSFER_NUMBER = '+15550100';

export interface Timed {
  reply: AgentReply;
  turnMs: number;
  setupToGreetingMs: number;
}

/** Setup (index the passages, create the conversation), greeting, then the question. */
export function callOnce(companyName: string, passages: KnowledgePassage[], question: string): Timed {
  const t0 = performance.now();
  const knowledge = buildKnowledgeIndex(passages, { companyName });
  const conversation = createConversation({ companyName, transferNumber: TRANSFER_NUMBER, knowledge });
  conversation.greet();
  const t1 = performance.now();
  const reply = conversation.onCallerText(question);
  const t2 = performance.now();
  return { reply, turnMs: t2 - t1, setupToGreetingMs: t1 - t0 };
}

export interface CallOutcome extends Timed {
  /** The reply that settled the question: the first one, or the one after the caller's yes or no. */
  final: AgentReply;
  /** What the simulated caller said to the agent's "are you asking …?", when it asked. */
  confirmed: 'yes' | 'no' | null;
}

/**
 * callOnce, then, when the agent asks the caller to confirm what it understood, the caller's truthful reply: "yes"
 * when the passage the agent offers is the one that answers the question (`isRight`), otherwise "no". The offered
 * passage is only known from the answer a yes gets, so a "no" is replayed in a fresh call.
 */
export function callAndConfirm(
  companyName: string,
  passages: KnowledgePassage[],
  question: string,
  isRight: (passage: KnowledgePassage | undefined) => boolean,
): CallOutcome {
  const first = callOnce(companyName, passages, question);
  if (first.reply.intent !== 'confirm') return { ...first, final: first.reply, confirmed: null };
  const ask = () => {
    const knowledge = buildKnowledgeIndex(passages, { companyName });
    const conversation = createConversation({ companyName, transferNumber: TRANSFER_NUMBER, knowledge });
    conversation.onCallerText(question);
    return conversation;
  };
  const yes = ask().onCallerText('yes');
  if (isRight(yes.answer?.passages[0])) return { ...first, final: yes, confirmed: 'yes' };
  return { ...first, final: ask().onCallerText('no'), confirmed: 'no' };
}

/** An uploaded file's passages, exactly as the product ingests it: bytes -> pages -> passages. */
export async function ingestFile(name: string, text: string): Promise<KnowledgePassage[]> {
  const { pages } = await extractDocument({ filename: name, data: Buffer.from(text, 'utf8') });
  return splitIntoPassages(pages).map((draft) => ({
    id: `${name}#${draft.ord}`,
    documentName: name,
    heading: draft.heading,
    page: draft.page,
    text: draft.text,
  }));
}
