/**
 * The self-test (ADR 013): after every change to the documents or the configuration, the agent is asked questions
 * made from the documents and out-of-scope probes through the same turn engine as a call (accounts/ask-agent.ts:
 * no call row, no minute billed), and the result is kept for the dashboard.
 *
 * A change requests a test (a row per account, pushed back by each change of a burst, so a burst runs once); a
 * loop in every instance (ADR 005) claims due requests by a conditional update, so one instance runs each. While
 * the account's passages still lack their sentence vectors (an upload being processed) the test waits for them.
 */
import { randomUUID } from 'node:crypto';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import type { AppDeps } from '../../app-deps.ts';
import { askAgent } from '../../accounts/ask-agent.ts';
import { loadAgentPassages } from '../../accounts/agent-passages.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './self-test.repository.ts';
import { makeSelfTestQuestions } from './self-test-questions.ts';

/** A change is tested this long after the last change of a burst… */
export const DEBOUNCE_MS = 3_000;
/** …but never later than this after the first. */
export const MAX_DELAY_MS = 30_000;
/** How often a waiting test looks again whether the documents are processed. */
export const VECTOR_RECHECK_MS = 2_000;
/** After this long waiting for vectors (a broken encoder), the test runs on the documents' words alone. */
export const MAX_VECTOR_WAIT_MS = 10 * 60_000;
/** A claim's life: a crashed instance's test is taken over after it. */
const CLAIM_TTL_MS = 2 * 60_000;
/** Tests run per loop tick and instance. */
const TESTS_PER_TICK = 5;

/** What the self-test needs from the others (wired in features/index.ts). */
export interface SelfTestHooks {
  /** Keeps a question the owner marked wrong as a knowledge gap (knowledge-gaps feature); returns its id. */
  recordGap(agent: AgentRef, gap: { question: string; askedAt: Date }): Promise<string>;
}

export async function requestSelfTest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  agent: AgentRef,
  options: { now?: boolean } = {},
): Promise<void> {
  await repo.upsertRequest(
    deps.db,
    agent,
    deps.clock.now(),
    options.now ? 0 : DEBOUNCE_MS,
    options.now ? 0 : MAX_DELAY_MS,
  );
}

/** Runs the due self-tests this instance can claim; returns how many ran. */
export async function runDueSelfTests(deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>): Promise<number> {
  const holder = randomUUID();
  let ran = 0;
  for (let i = 0; i < TESTS_PER_TICK; i++) {
    const now = deps.clock.now();
    const claim = await repo.claimDueRequest(deps.db, now, holder, CLAIM_TTL_MS);
    if (!claim) break;
    try {
      if (await runClaimed(deps, claim)) ran += 1;
    } catch (error) {
      // Tried again after the claim's life; the request stays.
      await repo.postponeRequest(deps.db, claim, new Date(now.getTime() + CLAIM_TTL_MS), claim.waitingSince);
      throw error;
    }
  }
  return ran;
}

/** The loop's task: one pass at a time per instance. */
export function selfTestTask(deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>): () => Promise<number> {
  let running: Promise<number> | null = null;
  return () => {
    running ??= runDueSelfTests(deps).finally(() => {
      running = null;
    });
    return running;
  };
}

async function runClaimed(
  deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>,
  claim: repo.ClaimedRequest,
): Promise<boolean> {
  const now = deps.clock.now();
  const ref: AgentRef = { userId: claim.userId, agentId: claim.agentId };
  const agent = await repo.findAgentForTest(deps.db, ref);
  if (!agent) {
    await repo.deleteRequest(deps.db, claim);
    return false;
  }
  const pending = await repo.countPendingVectors(deps.db, ref);
  const waitingSince = claim.waitingSince ?? now;
  if (pending > 0 && now.getTime() - waitingSince.getTime() < MAX_VECTOR_WAIT_MS) {
    await repo.postponeRequest(deps.db, claim, new Date(now.getTime() + VECTOR_RECHECK_MS), waitingSince);
    return false;
  }
  const rows = await loadAgentPassages(deps.db, ref);
  const questions = makeSelfTestQuestions(
    rows.map((r) => ({
      documentName: r.passage.documentName,
      heading: r.passage.heading,
      text: r.passage.text,
    })),
    { companyName: agent.companyName },
  );
  const answers = await askAgent(
    deps,
    ref,
    questions.map((q) => q.question),
    { companyName: agent.companyName, transferNumber: agent.transferNumber, priority: 'background' },
  );
  const saved = await repo.saveRun(deps.db, claim, {
    ranAt: deps.clock.now(),
    knowledgeVersion: agent.knowledgeVersion,
    items: questions.map((q, ord) => {
      const answer = answers[ord]!;
      return {
        ord,
        question: q.question,
        kind: q.kind,
        madeFrom: q.madeFrom,
        sourceDocument: q.document,
        sourceSection: q.section,
        outcome: answer.outcome,
        reply: answer.reply,
        answerDocument:
          answer.outcome === 'answered' || answer.outcome === 'asks_first' ? answer.document : null,
        answerSection:
          answer.outcome === 'answered' || answer.outcome === 'asks_first' ? answer.section : null,
      };
    }),
  });
  // Deleted while the test ran: nothing to store and no error.
  return saved !== null;
}

export type SelfTestStatus = 'idle' | 'scheduled' | 'running' | 'waiting_for_documents';

export interface SelfTestView {
  configured: boolean;
  status: SelfTestStatus;
  /** The agent's knowledge version now. */
  knowledgeVersion: number | null;
  lastRun:
    | (repo.SelfTestRun & {
        documentsChangedSince: boolean;
        documentQuestions: number;
        documentAnswered: number;
        probeQuestions: number;
        probeDeclined: number;
      })
    | null;
}

export async function getSelfTest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  ref: AgentRef | undefined,
): Promise<SelfTestView> {
  const agent = ref ? await repo.findAgentForTest(deps.db, ref) : undefined;
  if (!ref || !agent) return { configured: false, status: 'idle', knowledgeVersion: null, lastRun: null };
  const [request, run] = await Promise.all([
    repo.findRequest(deps.db, ref),
    repo.findLatestRun(deps.db, ref),
  ]);
  const now = deps.clock.now();
  const status: SelfTestStatus = !request
    ? 'idle'
    : request.waitingSince
      ? 'waiting_for_documents'
      : request.claimedUntil && request.claimedUntil > now
        ? 'running'
        : 'scheduled';
  const documents = run?.items.filter((i) => i.kind === 'document') ?? [];
  const probes = run?.items.filter((i) => i.kind === 'out_of_scope') ?? [];
  return {
    configured: true,
    status,
    knowledgeVersion: agent.knowledgeVersion,
    lastRun: run
      ? {
          ...run,
          documentsChangedSince: run.knowledgeVersion !== agent.knowledgeVersion,
          documentQuestions: documents.length,
          documentAnswered: documents.filter((i) => i.outcome === 'answered').length,
          probeQuestions: probes.length,
          probeDeclined: probes.filter((i) => i.outcome === 'declined').length,
        }
      : null,
  };
}

/** The owner asks for a test now; the message says when it will run. */
export async function runSelfTestNow(deps: Pick<AppDeps, 'db' | 'clock'>, agent: AgentRef): Promise<string> {
  if (!(await repo.findAgentForTest(deps.db, agent))) {
    throw new AppError('not_found', 'Please configure your agent first');
  }
  await requestSelfTest(deps, agent, { now: true });
  if ((await repo.countPendingVectors(deps.db, agent)) > 0) {
    return 'Your documents are still being processed. The self-test runs as soon as they are ready.';
  }
  return 'The self-test is running. Its results show here in a few seconds.';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The owner marks an answer wrong: the question becomes a knowledge gap (shown on /knowledge-gaps to be answered).
 * Another account's item, or one replaced by a newer test, is a 404; marking twice keeps one gap.
 */
export async function markAnswerWrong(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  hooks: SelfTestHooks,
  agent: AgentRef,
  itemId: string,
): Promise<{ gapId: string | null; already: boolean }> {
  const item = UUID.test(itemId) ? await repo.findItem(deps.db, agent, itemId) : undefined;
  if (!item) {
    throw new AppError(
      'not_found',
      'This question is not in your latest self-test any more. Please reload the page.',
    );
  }
  const now = deps.clock.now();
  if (!(await repo.claimItemWrong(deps.db, item.id, now))) return { gapId: item.gapId, already: true };
  try {
    const gapId = await hooks.recordGap(agent, { question: item.question, askedAt: now });
    await repo.setItemGap(deps.db, item.id, gapId);
    return { gapId, already: false };
  } catch (error) {
    await repo.unmarkItem(deps.db, item.id);
    throw error;
  }
}
