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
