/** Storage of knowledge gaps (ADR 012). Kysely stays here; callers get domain types. */

import type { Db } from '../../db/database.ts';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import { vectorFromBytes, vectorToBytes } from '../../agent/retrieval/meaning.ts';

export type GapStatus = 'open' | 'answered' | 'dismissed';

export interface StoredGap {
  id: string;
  callId: string | null;
  question: string;
  kind: string;
  askedAt: Date;
  vector: Float32Array | null;
  status: GapStatus;
}

export interface NewGap {
  callId: string | null;
  question: string;
  kind: string;
  askedAt: Date;
}

type GapRow = {
  id: string;
  call_id: string | null;
  question: string;
  kind: string;
  asked_at: Date;
  vector: Buffer | null;
  status: string;
};

const gapColumns = ['id', 'call_id', 'question', 'kind', 'asked_at', 'vector', 'status'] as const;

function toGap(row: GapRow): StoredGap {
  return {
    id: row.id,
    callId: row.call_id,
    question: row.question,
    kind: row.kind,
    askedAt: row.asked_at,
    vector: vectorFromBytes(row.vector),
    status: row.status as GapStatus,
  };
}

export async function insertGaps(db: Db, agent: AgentRef, gaps: NewGap[]): Promise<void> {
  if (gaps.length === 0) return;
  await db
    .insertInto('knowledge_gaps')
    .values(
      gaps.map((g) => ({
        user_id: agent.userId,
        agent_id: agent.agentId,
        call_id: g.callId,
        question: g.question,
        kind: g.kind,
        asked_at: g.askedAt,
      })),
    )
    .execute();
}

/** One gap; returns its id. */
export async function insertGap(db: Db, agent: AgentRef, gap: NewGap): Promise<string> {
  const row = await db
    .insertInto('knowledge_gaps')
    .values({
      user_id: agent.userId,
      agent_id: agent.agentId,
      call_id: gap.callId,
      question: gap.question,
      kind: gap.kind,
      asked_at: gap.askedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The account's gaps of one status, at most `limit`, most recent first. */
export async function findGaps(
  db: Db,
  agent: AgentRef,
  status: GapStatus,
  limit: number,
): Promise<StoredGap[]> {
  const rows = await db
    .selectFrom('knowledge_gaps')
    .select(gapColumns)
    .where('agent_id', '=', agent.agentId)
    .where('status', '=', status)
    .orderBy('asked_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toGap);
}

/** Those of `ids` that are this account's. */
export async function findGapsByIds(db: Db, agent: AgentRef, ids: string[]): Promise<StoredGap[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('knowledge_gaps')
    .select(gapColumns)
    .where('agent_id', '=', agent.agentId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toGap);
}

export async function countOpenGaps(db: Db, agent: AgentRef): Promise<number> {
  const row = await db
    .selectFrom('knowledge_gaps')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('agent_id', '=', agent.agentId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a vector where none is yet (two readers embedding the same gap store it once). */
export async function setGapVector(db: Db, id: string, vector: Float32Array): Promise<void> {
  await db
    .updateTable('knowledge_gaps')
    .set({ vector: vectorToBytes(vector) })
    .where('id', '=', id)
    .where('vector', 'is', null)
    .execute();
}

/** Marks open gaps answered or dismissed; returns how many changed. */
export async function resolveGaps(
  db: Db,
  agent: AgentRef,
  ids: string[],
  resolution: { status: 'answered' | 'dismissed'; answerId: string | null; now: Date },
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('knowledge_gaps')
    .set({ status: resolution.status, answer_id: resolution.answerId, resolved_at: resolution.now })
    .where('agent_id', '=', agent.agentId)
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every passage of the account with its vector (the replay builds a call's index from them). */

export async function findCompanyName(db: Db, agent: AgentRef): Promise<string | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select('company_name')
    .where('id', '=', agent.agentId)
    .executeTakeFirst();
  return row?.company_name;
}

// The weekly email (gaps-digest.ts).

/** Accounts with open gaps no weekly email has listed yet. */
export async function findAccountsWithUndigestedGaps(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('knowledge_gaps')
    .select('user_id')
    .distinct()
    .where('status', '=', 'open')
    .where('digested_at', 'is', null)
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Claims this week's email of an account: true for exactly one caller (instance) per week. A conditional upsert,
 * like the leases: it writes only when no email went out in the last `periodMs`.
 */
export async function claimDigest(db: Db, userId: string, now: Date, periodMs: number): Promise<boolean> {
  const due = new Date(now.getTime() - periodMs);
  const row = await db
    .insertInto('knowledge_gap_digests')
    .values({ user_id: userId, last_sent_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ last_sent_at: now })
        .where('knowledge_gap_digests.last_sent_at', '<=', due),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the account's open gaps not yet emailed, marking them emailed (in the caller's transaction). */
export async function takeUndigestedGaps(db: Db, userId: string, now: Date): Promise<StoredGap[]> {
  const rows = await db
    .updateTable('knowledge_gaps')
    .set({ digested_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .where('digested_at', 'is', null)
    .where('asked_at', '<=', now)
    .returning(gapColumns)
    .execute();
  return rows.map(toGap);
}

export async function findAlertAddress(
  db: Db,
  userId: string,
): Promise<{ contactEmail: string; companyName: string } | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select(['contact_email', 'company_name'])
    .where('user_id', '=', userId)
    // The account's first number's address (ADR 044: the weekly email lists every number's questions).
    .orderBy('created_at')
    .executeTakeFirst();
  return row ? { contactEmail: row.contact_email, companyName: row.company_name } : undefined;
}
