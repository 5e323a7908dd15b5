/** Storage of self-test requests and runs (ADR 013). Kysely stays here; callers get domain types. */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import type { Database } from '../../db/schema.ts';
import type { MadeFrom, QuestionKind } from './self-test-questions.ts';

export type ItemOutcome = 'answered' | 'asks_first' | 'declined' | 'other';

export interface SelfTestItem {
  id: string;
  ord: number;
  question: string;
  kind: QuestionKind;
  madeFrom: MadeFrom;
  sourceDocument: string | null;
  sourceSection: string | null;
  outcome: ItemOutcome;
  reply: string;
  answerDocument: string | null;
  answerSection: string | null;
  markedWrongAt: Date | null;
  gapId: string | null;
}

export type NewItem = Omit<SelfTestItem, 'id' | 'markedWrongAt' | 'gapId'>;

export interface SelfTestRun {
  id: string;
  ranAt: Date;
  knowledgeVersion: number;
  items: SelfTestItem[];
}

export interface SelfTestRequest {
  requestedAt: Date;
  dueAt: Date;
  claimedUntil: Date | null;
  waitingSince: Date | null;
}

export interface ClaimedRequest {
  userId: string;
  agentId: string;
  holder: string;
  requestedAt: Date;
  waitingSince: Date | null;
}

export interface AgentForTest {
  companyName: string;
  transferNumber: string | null;
  knowledgeVersion: number;
}

/**
 * Requests a self-test of the account: due `debounceMs` after this change, but never later than `maxDelayMs`
 * after the first change of the burst (a steady stream of edits still gets tested).
 */
export async function upsertRequest(
  db: Db,
  agent: AgentRef,
  now: Date,
  debounceMs: number,
  maxDelayMs: number,
): Promise<void> {
  const due = new Date(now.getTime() + debounceMs);
  await db
    .insertInto('self_test_requests')
    .values({
      user_id: agent.userId,
      agent_id: agent.agentId,
      requested_at: now,
      first_requested_at: now,
      due_at: due,
    })
    .onConflict((oc) =>
      oc.column('agent_id').doUpdateSet({
        requested_at: now,
        due_at: sql<Date>`least(${due}::timestamptz, self_test_requests.first_requested_at + make_interval(secs => ${maxDelayMs / 1000}))`,
      }),
    )
    .execute();
}

/**
 * Claims one due request that no live instance holds: a conditional update, so exactly one instance gets it;
 * a crashed instance's claim expires after `ttlMs`.
 */
export async function claimDueRequest(
  db: Db,
  now: Date,
  holder: string,
  ttlMs: number,
): Promise<ClaimedRequest | undefined> {
  const free = (eb: ExpressionBuilder<Database, 'self_test_requests'>) =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);
  // Another instance may take the one found between the two statements: then look again, a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const candidate = await db
      .selectFrom('self_test_requests')
      .select('agent_id')
      .where('due_at', '<=', now)
      .where(free)
      .orderBy('due_at')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    const row = await db
      .updateTable('self_test_requests')
      .set({ claimed_by: holder, claimed_until: new Date(now.getTime() + ttlMs) })
      .where('agent_id', '=', candidate.agent_id)
      .where('due_at', '<=', now)
      .where(free)
      .returning(['user_id', 'agent_id', 'requested_at', 'waiting_since'])
      .executeTakeFirst();
    if (row)
      return {
        userId: row.user_id,
        agentId: row.agent_id,
        holder,
        requestedAt: row.requested_at,
        waitingSince: row.waiting_since,
      };
  }
  return undefined;
}

/** Gives a claimed request back, due again at `dueAt` (e.g. while the documents are being processed). */
export async function postponeRequest(
  db: Db,
  claim: ClaimedRequest,
  dueAt: Date,
  waitingSince: Date | null,
): Promise<void> {
  await db
    .updateTable('self_test_requests')
    .set({ claimed_by: null, claimed_until: null, due_at: dueAt, waiting_since: waitingSince })
    .where('agent_id', '=', claim.agentId)
    .where('claimed_by', '=', claim.holder)
    .execute();
}

export async function deleteRequest(db: Db, claim: ClaimedRequest): Promise<void> {
  await db
    .deleteFrom('self_test_requests')
    .where('agent_id', '=', claim.agentId)
    .where('claimed_by', '=', claim.holder)
    .execute();
}

export async function findRequest(db: Db, agent: AgentRef): Promise<SelfTestRequest | undefined> {
  const row = await db
    .selectFrom('self_test_requests')
    .select(['requested_at', 'due_at', 'claimed_until', 'waiting_since'])
    .where('agent_id', '=', agent.agentId)
    .executeTakeFirst();
  return row
    ? {
        requestedAt: row.requested_at,
        dueAt: row.due_at,
        claimedUntil: row.claimed_until,
        waitingSince: row.waiting_since,
      }
    : undefined;
}

export async function findAgentForTest(db: Db, agent: AgentRef): Promise<AgentForTest | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select(['company_name', 'transfer_phone_number', 'knowledge_version'])
    .where('id', '=', agent.agentId)
    .where('user_id', '=', agent.userId)
    .executeTakeFirst();
  return row
    ? {
        companyName: row.company_name,
        transferNumber: row.transfer_phone_number,
        knowledgeVersion: row.knowledge_version,
      }
    : undefined;
}

/** Passages still without their sentence vector (the documents are being processed). */
export async function countPendingVectors(db: Db, agent: AgentRef): Promise<number> {
  const row = await db
    .selectFrom('passages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('agent_id', '=', agent.agentId)
    .where('vector', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Stores a finished run, replacing the account's earlier one, in one transaction with the request: the request
 * is removed only when no change came in while the test ran, else it is given back to run again. Null when the
 * agent was deleted while the test ran (its requests went with it): there is nothing to keep.
 */
export async function saveRun(
  db: Db,
  claim: ClaimedRequest,
  run: { ranAt: Date; knowledgeVersion: number; items: NewItem[] },
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    // Held until the run is stored, so the agent cannot be deleted in between.
    const agent = await trx
      .selectFrom('agent_configs')
      .select('id')
      .where('id', '=', claim.agentId)
      .forKeyShare()
      .executeTakeFirst();
    if (!agent) return null;
    await trx.deleteFrom('self_tests').where('agent_id', '=', claim.agentId).execute();
    const { id } = await trx
      .insertInto('self_tests')
      .values({
        user_id: claim.userId,
        agent_id: claim.agentId,
        ran_at: run.ranAt,
        knowledge_version: run.knowledgeVersion,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (run.items.length > 0) {
      await trx
        .insertInto('self_test_items')
        .values(
          run.items.map((item) => ({
            self_test_id: id,
            user_id: claim.userId,
            ord: item.ord,
            question: item.question,
            kind: item.kind,
            made_from: item.madeFrom,
            source_document: item.sourceDocument,
            source_section: item.sourceSection,
            outcome: item.outcome,
            reply: item.reply,
            answer_document: item.answerDocument,
            answer_section: item.answerSection,
          })),
        )
        .execute();
    }
    const done = await trx
      .deleteFrom('self_test_requests')
      .where('agent_id', '=', claim.agentId)
      .where('claimed_by', '=', claim.holder)
      .where('requested_at', '=', claim.requestedAt)
      .executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) {
      await trx
        .updateTable('self_test_requests')
        .set((eb) => ({
          claimed_by: null,
          claimed_until: null,
          waiting_since: null,
          first_requested_at: eb.ref('requested_at'),
        }))
        .where('agent_id', '=', claim.agentId)
        .where('claimed_by', '=', claim.holder)
        .execute();
    }
    return id;
  });
}

type ItemRow = {
  id: string;
  ord: number;
  question: string;
  kind: string;
  made_from: string;
  source_document: string | null;
  source_section: string | null;
  outcome: string;
  reply: string;
  answer_document: string | null;
  answer_section: string | null;
  marked_wrong_at: Date | null;
  gap_id: string | null;
};

const itemColumns = [
  'id',
  'ord',
  'question',
  'kind',
  'made_from',
  'source_document',
  'source_section',
  'outcome',
  'reply',
  'answer_document',
  'answer_section',
  'marked_wrong_at',
  'gap_id',
] as const;

function toItem(row: ItemRow): SelfTestItem {
  return {
    id: row.id,
    ord: row.ord,
    question: row.question,
    kind: row.kind as QuestionKind,
    madeFrom: row.made_from as MadeFrom,
    sourceDocument: row.source_document,
    sourceSection: row.source_section,
    outcome: row.outcome as ItemOutcome,
    reply: row.reply,
    answerDocument: row.answer_document,
    answerSection: row.answer_section,
    markedWrongAt: row.marked_wrong_at,
    gapId: row.gap_id,
  };
}

export async function findLatestRun(db: Db, agent: AgentRef): Promise<SelfTestRun | undefined> {
  const run = await db
    .selectFrom('self_tests')
    .select(['id', 'ran_at', 'knowledge_version'])
    .where('agent_id', '=', agent.agentId)
    .orderBy('ran_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!run) return undefined;
  const items = await db
    .selectFrom('self_test_items')
    .select(itemColumns)
    .where('self_test_id', '=', run.id)
    .orderBy('ord')
    .execute();
  return { id: run.id, ranAt: run.ran_at, knowledgeVersion: run.knowledge_version, items: items.map(toItem) };
}

/** One item, only when it is this account's. */
export async function findItem(db: Db, agent: AgentRef, itemId: string): Promise<SelfTestItem | undefined> {
  const row = await db
    .selectFrom('self_test_items')
    .select(itemColumns)
    .where('id', '=', itemId)
    .where('user_id', '=', agent.userId)
    .where('self_test_id', 'in', (eb) =>
      eb.selectFrom('self_tests').select('id').where('agent_id', '=', agent.agentId),
    )
    .executeTakeFirst();
  return row ? toItem(row) : undefined;
}

/** Marks an item wrong; false when it already was (another tab, a double click). */
export async function claimItemWrong(db: Db, itemId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('self_test_items')
    .set({ marked_wrong_at: now })
    .where('id', '=', itemId)
    .where('marked_wrong_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setItemGap(db: Db, itemId: string, gapId: string | null): Promise<void> {
  await db.updateTable('self_test_items').set({ gap_id: gapId }).where('id', '=', itemId).execute();
}

/** Takes a mark back (the gap could not be kept). */
export async function unmarkItem(db: Db, itemId: string): Promise<void> {
  await db
    .updateTable('self_test_items')
    .set({ marked_wrong_at: null, gap_id: null })
    .where('id', '=', itemId)
    .execute();
}
