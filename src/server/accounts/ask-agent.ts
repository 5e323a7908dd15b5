/**
 * Asks an agent questions the way a caller would, without a call: each question on a fresh conversation of the
 * turn engine over the account's current passages (words, then meaning), as the call runtime does on a turn. No
 * call row is written and no minute is billed. Used by the knowledge-gaps replay and the self-test (ADR 012, 013).
 */
import type { Db } from '../db/database.ts';
import type { AgentRef } from './agent-scope.ts';
import { createConversation, type AgentReply } from '../agent/turn-engine.ts';
import { buildKnowledgeIndexInSlices } from '../agent/retrieval/knowledge-index.ts';
import { inSlices } from '../agent/slices.ts';
import {
  MeaningIndex,
  passageSentence,
  questionSentence,
  type EmbedPriority,
  type SentenceEncoder,
} from '../agent/retrieval/meaning.ts';
import { loadAgentPassages } from './agent-passages.ts';
import { HOURS_PASSAGE_PREFIX } from '../agent/opening-hours.ts';

export type AskOutcome = 'answered' | 'asks_first' | 'declined' | 'other';

export interface AgentAnswer {
  question: string;
  outcome: AskOutcome;
  /** What the agent would say. */
  reply: string;
  /** The document the answer comes from (or the entry asked about), and its section. */
  document: string | null;
  section: string | null;
}

export interface AskOptions {
  companyName: string;
  transferNumber: string | null;
  /** Passages without a vector yet that are embedded here (an answer just added); more, and it goes without. */
  embedPendingUpTo?: number;
  /** The encoder's queue: 'call' when the owner waits for the result, 'background' otherwise. */
  priority: EmbedPriority;
}

export function outcomeOf(reply: AgentReply): AskOutcome {
  if (reply.answer) return 'answered';
  if (reply.intent === 'confirm') return 'asks_first';
  return reply.declined ? 'declined' : 'other';
}

export async function askAgent(
  deps: { db: Db; providers: { encoder: SentenceEncoder } },
  agent: AgentRef,
  questions: readonly string[],
  options: AskOptions,
): Promise<AgentAnswer[]> {
  const { encoder } = deps.providers;
  const rows = await loadAgentPassages(deps.db, agent);
  const pending = rows.filter((r) => r.vector === null && !r.passage.id.startsWith(HOURS_PASSAGE_PREFIX));
  if (pending.length > 0 && pending.length <= (options.embedPendingUpTo ?? 0)) {
    const vectors = await encoder
      .embed(
        pending.map((r) => passageSentence(r.passage)),
        'background',
      )
      .catch(() => null);
    vectors?.forEach((v, i) => (pending[i]!.vector = v));
  }
  const { companyName, transferNumber } = options;
  // Built and asked a slice at a time: a large site's index and questions take seconds, and calls on this instance
  // take their turns meanwhile (ADR 030).
  const knowledge = await buildKnowledgeIndexInSlices(
    rows.map((r) => r.passage),
    { companyName },
  );
  const meaning = await MeaningIndex.inSlices(rows);
  // A fresh call per question; those the words alone don't settle are embedded together.
  const conversations = questions.map((question) => {
    const conversation = createConversation({ companyName, transferNumber, knowledge, meaning });
    conversation.greet();
    return { question, conversation, needsMeaning: conversation.needsMeaning(question) };
  });
  const asking = conversations.filter((c) => c.needsMeaning);
  const vectors =
    asking.length === 0
      ? []
      : await encoder
          .embed(
            asking.map((c) => questionSentence(c.question)),
            options.priority,
          )
          .catch(() => []);
  const vectorOf = new Map(asking.map((c, i) => [c, vectors[i] ?? null]));
  const answers: AgentAnswer[] = [];
  await inSlices(conversations.length, (i) => {
    const c = conversations[i]!;
    const reply = c.conversation.onCallerText(c.question, vectorOf.get(c) ?? null);
    const source = reply.sources[0];
    answers.push({
      question: c.question,
      outcome: outcomeOf(reply),
      reply: reply.text,
      document: source?.documentName ?? null,
      section: source?.heading ?? null,
    });
  });
  return answers;
}
