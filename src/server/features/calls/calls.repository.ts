import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hostedAgentId, isAgentActivated } from '../../accounts/agent-config.ts';
import type { CallMessage, Database, TranscriptEntry } from '../../db/schema.ts';

export type { TranscriptEntry };

export type CallOutcome =
  'answered' | 'escalated_requested' | 'escalated_no_answer' | 'abandoned' | 'rejected_no_minutes';

export type CallProvider = 'local' | 'twilio' | 'elevenlabs';

/** The agent that answers a number, as the call runtime needs it. */
export interface AgentForCall {
  id: string;
  userId: string;
  companyName: string;
  contactEmail: string;
  phoneNumber: string;
  transferNumber: string | null;
  status: string;
  voiceId: string | null;
  activated: boolean;
  /** The ElevenLabs agent id when one was created (column or config_data). */
  hostedAgentId: string | null;
  knowledgeVersion: number;
}

export interface Call {
  id: string;
  userId: string;
  /** The agent whose number was called; null once that agent was deleted (ADR 044). */
  agentId: string | null;
  provider: string;
  providerCallId: string | null;
  phoneNumber: string;
  toNumber: string | null;
  startedAt: Date;
  endedAt: Date | null;
  durationS: number;
  transcript: TranscriptEntry[];
  outcome: CallOutcome | null;
  summary: string | null;
  billedMinutes: number | null;
  turnLatenciesMs: number[];
  handoff: Record<string, unknown> | null;
  createdAt: Date;
  /** The last heartbeat of the instance holding the call's socket (null for calls that never were live). */
  lastSeenAt: Date | null;
  /** The message the caller left (ADR 042). */
  message: CallMessage | null;
}

/** Numbers arrive as "+15550123", "1 (555) 0123", "5550123"...: compare digits with a leading +. */
export function normalizePhoneNumber(raw: string): string {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  if (digits === '') return trimmed;
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  return `+${digits}`;
}

const agentColumns = [
  'id',
  'user_id',
  'company_name',
  'contact_email',
  'twilio_phone_number',
  'transfer_phone_number',
  'status',
  'voice_id',
  'eleven_agent_id',
  'config_data',
  'knowledge_version',
] as const;

type AgentRow = {
  id: string;
  user_id: string;
  company_name: string;
  contact_email: string;
  twilio_phone_number: string;
  transfer_phone_number: string | null;
  status: string;
  voice_id: string | null;
  eleven_agent_id: string | null;
  config_data: Record<string, unknown>;
  knowledge_version: number;
};

function toAgent(row: AgentRow): AgentForCall {
  return {
    id: row.id,
    userId: row.user_id,
    companyName: row.company_name,
    contactEmail: row.contact_email,
    phoneNumber: row.twilio_phone_number,
    transferNumber: row.transfer_phone_number?.trim() || null,
    status: row.status,
    voiceId: row.voice_id,
    activated: isAgentActivated(row),
    hostedAgentId: hostedAgentId(row.eleven_agent_id, row.config_data),
    knowledgeVersion: row.knowledge_version,
  };
}

export async function findAgentByNumber(db: Db, number: string): Promise<AgentForCall | undefined> {
  const candidates = [...new Set([number.trim(), normalizePhoneNumber(number)])];
  const row = await db
    .selectFrom('agent_configs')
    .select(agentColumns)
    .where('twilio_phone_number', 'in', candidates)
    .where('number_released_at', 'is', null) // a released number is nobody's (ADR 020 addendum)
    .executeTakeFirst();
  return row ? toAgent(row) : undefined;
}

export async function findAgentById(db: Db, agentId: string): Promise<AgentForCall | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select(agentColumns)
    .where('id', '=', agentId)
    .executeTakeFirst();
  return row ? toAgent(row) : undefined;
}

/** ElevenLabs-hosted agents: by the hosted agent id (column or config_data.eleven_agent_id). */
export async function findAgentByElevenAgentId(
  db: Db,
  elevenAgentId: string,
): Promise<AgentForCall | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select(agentColumns)
    .where((eb) =>
      eb.or([
        eb('eleven_agent_id', '=', elevenAgentId),
        eb(sql<string>`config_data->>'eleven_agent_id'`, '=', elevenAgentId),
      ]),
    )
    .executeTakeFirst();
  return row ? toAgent(row) : undefined;
}

/** The cheap per-turn check: has the agent's knowledge changed since the index was built? */
export async function findKnowledgeVersion(db: Db, agentId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select('knowledge_version')
    .where('id', '=', agentId)
    .executeTakeFirst();
  return row?.knowledge_version;
}

/** Whether some of the user's passages still wait for their vector (uses the partial index of pending ones). */
export async function hasPendingVectors(db: Db, agentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('passages')
    .select('id')
    .where('vector', 'is', null)
    .where('agent_id', '=', agentId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface InsertCallInput {
  userId: string;
  /** The agent whose number was called (ADR 044); null only for a call of an account without one (tests). */
  agentId: string | null;
  provider: CallProvider;
  providerCallId: string | null;
  phoneNumber: string;
  toNumber: string | null;
  startedAt: Date;
  transcript?: TranscriptEntry[];
  outcome?: CallOutcome | null;
  durationS?: number;
  endedAt?: Date | null;
  summary?: string | null;
  handoff?: Record<string, unknown> | null;
  /** A live call: its first heartbeat and the minutes it holds (see holdCallMinutes). */
  lastSeenAt?: Date | null;
  reservedMinutes?: number;
}

/**
 * Inserts a call once per (provider, provider call id); returns its id and whether this insert created it. When it
 * did not, the id is another call's: never continue or rewrite that one (ADR 040).
 */
export async function insertCall(db: Db, input: InsertCallInput): Promise<{ id: string; created: boolean }> {
  const inserted = await db
    .insertInto('calls')
    .values({
      user_id: input.userId,
      agent_id: input.agentId,
      provider: input.provider,
      provider_call_id: input.providerCallId,
      phone_number: input.phoneNumber,
      to_number: input.toNumber,
      started_at: input.startedAt,
      created_at: input.startedAt,
      ended_at: input.endedAt ?? null,
      duration_s: input.durationS ?? 0,
      transcript: JSON.stringify(input.transcript ?? []),
      outcome: input.outcome ?? null,
      summary: input.summary ?? null,
      handoff: input.handoff ? JSON.stringify(input.handoff) : null,
      turn_latencies_ms: JSON.stringify([]),
      last_seen_at: input.lastSeenAt ?? null,
      reserved_minutes: input.reservedMinutes ?? 0,
    })
    .onConflict((oc) =>
      oc.columns(['provider', 'provider_call_id']).where('provider_call_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db
    .selectFrom('calls')
    .select('id')
    .where('provider', '=', input.provider)
    .where('provider_call_id', '=', input.providerCallId)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** Appends finished turn entries (and the agent turn's latency) in one write: a crash loses no finished turn. */
export async function appendTurn(
  db: Db,
  callId: string,
  entries: TranscriptEntry[],
  latencyMs: number | null,
): Promise<void> {
  await db
    .updateTable('calls')
    .set({
      transcript: sql`transcript || ${JSON.stringify(entries)}::jsonb`,
      ...(latencyMs === null
        ? {}
        : { turn_latencies_ms: sql`turn_latencies_ms || ${JSON.stringify([latencyMs])}::jsonb` }),
    })
    .where('id', '=', callId)
    .execute();
}

/** Cuts an agent entry where the caller interrupted it (ConversationRelay's utteranceUntilInterrupt). */
export async function truncateTranscriptEntry(
  db: Db,
  callId: string,
  index: number,
  text: string,
): Promise<void> {
  await db
    .updateTable('calls')
    .set({
      transcript: sql`jsonb_set(jsonb_set(transcript, ${`{${index},text}`}::text[], to_jsonb(${text}::text)), ${`{${index},interrupted}`}::text[], 'true'::jsonb)`,
    })
    .where('id', '=', callId)
    .execute();
}

export interface FinishCallInput {
  endedAt: Date;
  durationS: number;
  outcome: CallOutcome;
  summary: string | null;
  handoff: Record<string, unknown> | null;
  /** The message the caller left, if any. */
  message?: CallMessage | null;
}

/**
 * Writes the end of a call still open; false when it had already ended (closed by the sweep on another instance, or
 * finished before): an end is written once and never rewritten.
 */
export async function finishCall(db: Db, callId: string, input: FinishCallInput): Promise<boolean> {
  const result = await db
    .updateTable('calls')
    .set({
      ended_at: input.endedAt,
      duration_s: input.durationS,
      outcome: input.outcome,
      summary: input.summary,
      handoff: input.handoff ? JSON.stringify(input.handoff) : null,
      ...(input.message ? { message: JSON.stringify(input.message) } : {}),
    })
    .where('id', '=', callId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The live call's heartbeat; false when the call has ended meanwhile (the sweep closed it on some instance). */
export async function recordHeartbeat(db: Db, callId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('calls')
    .set({ last_seen_at: now })
    .where('id', '=', callId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Raises the minutes a live call holds (in the transaction of holdCallMinutes); false when it has ended. */
export async function setReservedMinutes(
  db: Db,
  callId: string,
  minutes: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('calls')
    .set({ reserved_minutes: minutes, last_seen_at: now })
    .where('id', '=', callId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setBilledMinutes(db: Db, callId: string, minutes: number): Promise<void> {
  await db.updateTable('calls').set({ billed_minutes: minutes }).where('id', '=', callId).execute();
}

/** Twilio's final duration (status callback, or reconciliation). Returns false when nothing changed. */
export async function updateProviderDuration(
  db: Db,
  provider: CallProvider,
  providerCallId: string,
  durationS: number,
): Promise<boolean> {
  const result = await db
    .updateTable('calls')
    .set({ duration_s: durationS })
    .where('provider', '=', provider)
    .where('provider_call_id', '=', providerCallId)
    .where('duration_s', '<>', durationS)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findCall(db: Db, callId: string): Promise<Call | undefined> {
  const row = await db.selectFrom('calls').selectAll().where('id', '=', callId).executeTakeFirst();
  return row ? toCall(row) : undefined;
}

/** Ended provider calls of a user (for reconciling durations with the provider). */
export async function findProviderCalls(
  db: Db,
  userId: string,
  provider: CallProvider,
  limit: number,
): Promise<Call[]> {
  const rows = await db
    .selectFrom('calls')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('provider_call_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toCall);
}

/** Which of these provider call ids are already stored (hosted calls: Sync Calls skips them). */
export async function findStoredProviderCallIds(
  db: Db,
  provider: CallProvider,
  providerCallIds: string[],
): Promise<Set<string>> {
  if (providerCallIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('calls')
    .select('provider_call_id')
    .where('provider', '=', provider)
    .where('provider_call_id', 'in', providerCallIds)
    .execute();
  return new Set(rows.flatMap((r) => (r.provider_call_id ? [r.provider_call_id] : [])));
}

/** One of the user's calls; undefined when there is none of that id (or it is another account's). */
export async function findUserCall(db: Db, userId: string, id: string): Promise<Call | undefined> {
  const row = await db
    .selectFrom('calls')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toCall(row) : undefined;
}

/** Which calls the calls page shows: an outcome (or the two escalations together), words of the transcript. */
export interface CallFilter {
  outcome?: CallOutcome | 'escalated' | undefined;
  /** Words the transcript contains (any case); digits alone also match the caller's number. */
  search?: string | undefined;
  /** One agent's calls (ADR 044); all the account's when absent. */
  agentId?: string | undefined;
}

/** LIKE pattern for `text` inside `transcript_text` (lower case, JSON-escaped like the column's array text). */
function transcriptPattern(text: string): string {
  const jsonEscaped = JSON.stringify(text.toLowerCase()).slice(1, -1);
  return `%${jsonEscaped.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function applyFilter<Q extends SelectQueryBuilder<Database, 'calls', object>>(
  query: Q,
  filter: CallFilter,
): Q {
  let q = query;
  if (filter.agentId) q = q.where('agent_id', '=', filter.agentId) as Q;
  if (filter.outcome === 'escalated') {
    q = q.where('outcome', 'in', ['escalated_requested', 'escalated_no_answer']) as Q;
  } else if (filter.outcome) {
    q = q.where('outcome', '=', filter.outcome) as Q;
  }
  const search = filter.search?.replace(/\s+/g, ' ').trim();
  if (search) {
    const digits = search.replace(/\D/g, '');
    const numberLike = /^[\d\s()+.-]+$/.test(search) && digits.length >= 3;
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`transcript_text`, 'like', sql<string>`${transcriptPattern(search)} escape '\\'`),
        ...(numberLike ? [eb('phone_number', 'like', `%${digits}%`)] : []),
      ]),
    ) as Q;
  }
  return q;
}

/** Newest first; `before` is the id of the last call of the previous page (keyset pagination). */
export async function listCalls(
  db: Db,
  userId: string,
  options: { limit: number; before?: string | undefined } & CallFilter,
): Promise<Call[]> {
  let query = applyFilter(
    db
      .selectFrom('calls')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit),
    options,
  );
  if (options.before) {
    const cursor = await db
      .selectFrom('calls')
      .select(['created_at', 'id'])
      .where('id', '=', options.before)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (cursor) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', cursor.created_at),
          eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
        ]),
      );
    }
  }
  return (await query.execute()).map(toCall);
}

/** How many of the user's calls the filter matches (all pages). */
export async function countCalls(db: Db, userId: string, filter: CallFilter): Promise<number> {
  const row = await applyFilter(
    db
      .selectFrom('calls')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId),
    filter,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

function toCall(row: {
  id: string;
  user_id: string;
  agent_id: string | null;
  provider: string;
  provider_call_id: string | null;
  phone_number: string;
  to_number: string | null;
  started_at: Date;
  ended_at: Date | null;
  duration_s: number;
  transcript: TranscriptEntry[];
  outcome: string | null;
  summary: string | null;
  billed_minutes: number | null;
  turn_latencies_ms: number[];
  handoff: Record<string, unknown> | null;
  created_at: Date;
  last_seen_at: Date | null;
  message: CallMessage | null;
}): Call {
  return {
    id: row.id,
    userId: row.user_id,
    agentId: row.agent_id,
    provider: row.provider,
    providerCallId: row.provider_call_id,
    phoneNumber: row.phone_number,
    toNumber: row.to_number,
    startedAt: new Date(row.started_at),
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
    durationS: row.duration_s,
    transcript: typeof row.transcript === 'string' ? JSON.parse(row.transcript) : (row.transcript ?? []),
    outcome: row.outcome as CallOutcome | null,
    summary: row.summary,
    billedMinutes: row.billed_minutes,
    turnLatenciesMs:
      typeof row.turn_latencies_ms === 'string'
        ? JSON.parse(row.turn_latencies_ms)
        : (row.turn_latencies_ms ?? []),
    handoff: row.handoff,
    createdAt: new Date(row.created_at),
    lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at) : null,
    message: typeof row.message === 'string' ? (JSON.parse(row.message) as CallMessage) : row.message,
  };
}

/** Open calls not heard of since `silentSince`: the instance that carried them stopped mid-call. */
export async function findStaleOpenCalls(db: Db, silentSince: Date, limit: number): Promise<Call[]> {
  const rows = await db
    .selectFrom('calls')
    .selectAll()
    .where('ended_at', 'is', null)
    .where(sql<Date>`coalesce(last_seen_at, started_at)`, '<', silentSince)
    .orderBy('started_at')
    .limit(limit)
    .execute();
  return rows.map(toCall);
}

/** One transcript entry of a user's own call placed from the softphone, with the voice their agent speaks with. */
export async function findSoftphoneCallEntry(
  db: Db,
  userId: string,
  callId: string,
  index: number,
): Promise<
  | { entry: TranscriptEntry | undefined; entries: number; endedAt: Date | null; voiceId: string | null }
  | undefined
> {
  const row = await db
    .selectFrom('calls')
    .leftJoin('agent_configs', 'agent_configs.id', 'calls.agent_id')
    .select(['calls.transcript', 'calls.ended_at', 'agent_configs.voice_id'])
    .where('calls.id', '=', callId)
    .where('calls.user_id', '=', userId)
    .where('calls.provider', '=', 'local')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    entry: row.transcript[index],
    entries: row.transcript.length,
    endedAt: row.ended_at,
    voiceId: row.voice_id,
  };
}

/**
 * A message left on a call that was not answered for lack of minutes (ADR 042): stored once, with the words in the
 * transcript. Returns the call, or undefined when there is no such call or it already has its message.
 */
export async function recordMinutesOutMessage(
  db: Db,
  where: { callId: string } | { provider: CallProvider; providerCallId: string },
  entries: TranscriptEntry[],
  message: (callerNumber: string) => CallMessage,
): Promise<Call | undefined> {
  let query = db
    .selectFrom('calls')
    .selectAll()
    .where('outcome', '=', 'rejected_no_minutes')
    .where('message', 'is', null);
  query =
    'callId' in where
      ? query.where('id', '=', where.callId)
      : query.where('provider', '=', where.provider).where('provider_call_id', '=', where.providerCallId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const left = message(row.phone_number);
  const updated = await db
    .updateTable('calls')
    .set({
      message: JSON.stringify(left),
      transcript: sql`transcript || ${JSON.stringify(entries)}::jsonb`,
      summary: 'Not answered: the agent was out of minutes. The caller left a message.',
    })
    .where('id', '=', row.id)
    .where('message', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return updated ? toCall(updated) : undefined;
}
