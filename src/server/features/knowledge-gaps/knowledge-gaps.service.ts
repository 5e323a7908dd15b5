/**
 * Knowledge gaps (ADR 012): the questions the agent could not answer, grouped by meaning for the owner, who answers
 * a group in one step (an entry of "Answers you added", through the knowledge feature's hook) or dismisses it. After
 * an answer the group's questions are asked again through the turn engine, on the account's current knowledge, to
 * show the owner what the agent now says.
 */
import { askAgent, type AskOutcome } from '../../accounts/ask-agent.ts';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import type { AppDeps } from '../../app-deps.ts';
import { questionSentence } from '../../agent/retrieval/meaning.ts';
import { AppError } from '../../lib/errors.ts';
import { groupGaps, groupQuestion } from './gap-groups.ts';
import * as repo from './knowledge-gaps.repository.ts';

export type GapKind = 'declined' | 'not_confirmed' | 'before_person' | 'no_answer';

/** A question whose self-test answer the owner marked wrong (ADR 013): a gap without a call. */
export const SELF_TEST_GAP_KIND = 'self_test';

/** What the knowledge-gaps feature needs from the others (wired in features/index.ts). */
export interface KnowledgeGapHooks {
  /** Saves an entry of "Answers you added" (knowledge feature); throws a 4xx AppError on a bad question or answer. */
  addAnswer(
    agent: AgentRef,
    entry: { question: string; answer: string; askedAs: string[] },
  ): Promise<{ id: string; question: string }>;
  /** After the knowledge changed (e.g. keep a hosted agent's knowledge base in step). */
  afterKnowledgeChanged?(agent: AgentRef): Promise<void>;
  /** Queues an email once per dedupe key (notifications outbox). */
  sendEmail(email: {
    dedupeKey: string;
    to: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<boolean>;
}

export interface GapAsk {
  gapId: string;
  question: string;
  callId: string | null;
  askedAt: Date;
  kind: string;
}

export interface GapGroup {
  /** The question shown for the group (its most frequent wording). */
  question: string;
  gapIds: string[];
  /** Calls the question came up on (one caller per call). */
  callCount: number;
  lastAskedAt: Date;
  asks: GapAsk[];
}

/** The page shows the groups of this many most recent gaps. */
const MAX_GAPS_SHOWN = 500;
/** Passages without a vector yet that a replay embeds itself (an answer just added); more, and it goes without. */
const MAX_REPLAY_EMBEDS = 40;

export async function recordGaps(
  deps: Pick<AppDeps, 'db'>,
  input: {
    userId: string;
    agentId: string;
    callId: string;
    askedAt: Date;
    gaps: { question: string; kind: GapKind }[];
  },
): Promise<void> {
  await repo.insertGaps(
    deps.db,
    { userId: input.userId, agentId: input.agentId },
    input.gaps.map((g) => ({
      callId: input.callId,
      question: g.question,
      kind: g.kind,
      askedAt: input.askedAt,
    })),
  );
}

/** Keeps a question the owner marked wrong in the self-test as an open gap; returns its id. */
export async function recordSelfTestGap(
  deps: Pick<AppDeps, 'db'>,
  agent: AgentRef,
  gap: { question: string; askedAt: Date },
): Promise<string> {
  return repo.insertGap(deps.db, agent, {
    callId: null,
    question: gap.question,
    kind: SELF_TEST_GAP_KIND,
    askedAt: gap.askedAt,
  });
}

/**
 * The gaps' sentence vectors, computed for those without one (stored for next time). A failing encoder leaves them
 * without: they are then grouped by their exact words only.
 */
export async function withVectors(
  deps: Pick<AppDeps, 'db' | 'providers'>,
  gaps: repo.StoredGap[],
): Promise<repo.StoredGap[]> {
  const missing = gaps.filter((g) => g.vector === null);
  if (missing.length === 0) return gaps;
  try {
    const vectors = await deps.providers.encoder.embed(
      missing.map((g) => questionSentence(g.question)),
      'background',
    );
    for (const [i, gap] of missing.entries()) {
      const vector = vectors[i];
      if (!vector) continue;
      gap.vector = vector;
      await repo.setGapVector(deps.db, gap.id, vector);
    }
  } catch {
    // Grouped by words alone this time.
  }
  return gaps;
}

export function toGroups(gaps: repo.StoredGap[]): GapGroup[] {
  return groupGaps(gaps).map((members) => ({
    question: groupQuestion(members),
    gapIds: members.map((m) => m.id),
    callCount: new Set(members.map((m) => m.callId ?? m.id)).size,
    lastAskedAt: new Date(Math.max(...members.map((m) => m.askedAt.getTime()))),
    asks: [...members]
      .sort((a, b) => b.askedAt.getTime() - a.askedAt.getTime())
      .map((m) => ({
        gapId: m.id,
        question: m.question,
        callId: m.callId,
        askedAt: m.askedAt,
        kind: m.kind,
      })),
  }));
}

/** The account's open gaps, grouped by meaning, most recently asked first. */
export async function listGapGroups(
  deps: Pick<AppDeps, 'db' | 'providers'>,
  agent: AgentRef,
): Promise<GapGroup[]> {
  const gaps = await repo.findGaps(deps.db, agent, 'open', MAX_GAPS_SHOWN);
  return toGroups(await withVectors(deps, gaps));
}

export async function countOpenGapGroups(
  deps: Pick<AppDeps, 'db' | 'providers'>,
  agent: AgentRef,
): Promise<{ groups: number; questions: number }> {
  const questions = await repo.countOpenGaps(deps.db, agent);
  if (questions === 0) return { groups: 0, questions };
  return { groups: (await listGapGroups(deps, agent)).length, questions };
}

/**
 * The open gaps among `ids`, all of them this account's: a 404 when one is not (another account's, or deleted with
 * its call), a 409 when none is open any more (answered or dismissed meanwhile, say in another tab).
 */
async function openGapsOf(
  deps: Pick<AppDeps, 'db'>,
  agent: AgentRef,
  ids: string[],
): Promise<repo.StoredGap[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new AppError('validation', 'Choose the questions to answer or dismiss.');
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const found = unique.every((id) => UUID.test(id)) ? await repo.findGapsByIds(deps.db, agent, unique) : [];
  if (found.length !== unique.length) {
    throw new AppError('not_found', 'These questions are not in your list any more. Please reload the page.');
  }
  const open = found.filter((g) => g.status === 'open');
  if (open.length === 0) {
    throw new AppError(
      'conflict',
      'These questions were already answered or dismissed. Please reload the page.',
    );
  }
  return open;
}

export type ReplayOutcome = AskOutcome;

export interface ReplayResult {
  question: string;
  outcome: ReplayOutcome;
  /** What the agent would say. */
  reply: string;
  /** The document the answer comes from (or the entry asked about). */
  document: string | null;
}

/**
 * Asks each question on a fresh call of the turn engine over the account's current documents, as the next caller
 * would: words, then meaning (passages without a vector yet, such as an answer just added, are embedded here).
 */
export async function replayQuestions(
  deps: Pick<AppDeps, 'db' | 'providers'>,
  agent: AgentRef,
  questions: string[],
): Promise<ReplayResult[]> {
  const companyName = (await repo.findCompanyName(deps.db, agent)) ?? '';
  const answers = await askAgent(deps, agent, questions, {
    companyName,
    transferNumber: null,
    embedPendingUpTo: MAX_REPLAY_EMBEDS,
    priority: 'call',
  });
  return answers.map(({ question, outcome, reply, document }) => ({ question, outcome, reply, document }));
}

/** The distinct wordings of some gaps, in their order. */
function wordings(gaps: repo.StoredGap[]): string[] {
  const seen = new Set<string>();
  return gaps
    .map((g) => g.question)
    .filter((q) => {
      const key = q.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * Answers a group: the entry is saved in "Answers you added" (validated there: an empty or too long answer is a 422
 * and nothing changes), the group's open gaps are marked answered, and its questions replayed.
 */
export async function answerGapGroup(
  deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>,
  hooks: KnowledgeGapHooks,
  agent: AgentRef,
  input: { gapIds: string[]; question: string; answer: string },
): Promise<{ answerId: string; question: string; resolved: number; replay: ReplayResult[] }> {
  const gaps = await openGapsOf(deps, agent, input.gapIds);
  // The callers' own wordings go with the entry: each of their questions then finds it by its words.
  const entry = await hooks.addAnswer(agent, {
    question: input.question,
    answer: input.answer,
    askedAs: wordings(gaps),
  });
  const resolved = await repo.resolveGaps(
    deps.db,
    agent,
    gaps.map((g) => g.id),
    { status: 'answered', answerId: entry.id, now: deps.clock.now() },
  );
  await hooks.afterKnowledgeChanged?.(agent).catch(() => undefined);
  const replay = await replayQuestions(deps, agent, wordings(gaps));
  return { answerId: entry.id, question: entry.question, resolved, replay };
}

export async function dismissGapGroup(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  agent: AgentRef,
  gapIds: string[],
): Promise<number> {
  const gaps = await openGapsOf(deps, agent, gapIds);
  return repo.resolveGaps(
    deps.db,
    agent,
    gaps.map((g) => g.id),
    { status: 'dismissed', answerId: null, now: deps.clock.now() },
  );
}
