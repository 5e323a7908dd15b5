/** Storage of agent configurations (up to the plan's number per user, ADR 044). Kysely stays here; callers get AgentConfig. */
import type { Db } from '../../db/database.ts';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import type { DbOrTx } from '../../db/database.ts';

export interface AgentConfig {
  id: string;
  userId: string;
  companyName: string;
  contactEmail: string;
  phoneNumber: string;
  phoneProviderId: string | null;
  transferPhoneNumber: string | null;
  voiceId: string | null;
  elevenAgentId: string | null;
  status: string;
  knowledgeVersion: number;
  configData: Record<string, unknown>;
  /** When the number was released after the grace period (ADR 020 addendum); null while it is held. */
  numberReleasedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AgentDetails {
  companyName: string;
  contactEmail: string;
  phoneNumber: string;
  phoneProviderId: string | null;
  transferPhoneNumber: string | null;
}

const columns = [
  'id',
  'user_id',
  'company_name',
  'contact_email',
  'twilio_phone_number',
  'phone_provider_id',
  'transfer_phone_number',
  'voice_id',
  'eleven_agent_id',
  'status',
  'knowledge_version',
  'config_data',
  'number_released_at',
  'created_at',
  'updated_at',
] as const;

type Row = {
  id: string;
  user_id: string;
  company_name: string;
  contact_email: string;
  twilio_phone_number: string;
  phone_provider_id: string | null;
  transfer_phone_number: string | null;
  voice_id: string | null;
  eleven_agent_id: string | null;
  status: string;
  knowledge_version: number;
  config_data: Record<string, unknown>;
  number_released_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

function toConfig(row: Row): AgentConfig {
  return {
    id: row.id,
    userId: row.user_id,
    companyName: row.company_name,
    contactEmail: row.contact_email,
    phoneNumber: row.twilio_phone_number,
    phoneProviderId: row.phone_provider_id,
    transferPhoneNumber: row.transfer_phone_number,
    voiceId: row.voice_id,
    elevenAgentId: row.eleven_agent_id,
    status: row.status,
    knowledgeVersion: row.knowledge_version,
    configData: row.config_data ?? {},
    numberReleasedAt: row.number_released_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findAgentConfig(db: Db, agentId: string): Promise<AgentConfig | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select(columns)
    .where('id', '=', agentId)
    .executeTakeFirst();
  return row ? toConfig(row) : undefined;
}

/** The account's agents, oldest first. */
export async function findAgentConfigs(db: Db, userId: string): Promise<AgentConfig[]> {
  const rows = await db
    .selectFrom('agent_configs')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toConfig);
}

/**
 * How many numbers the account holds (agents whose number was not released after a grace period), with the
 * account's row locked until the transaction ends: two numbers added at once are counted one after the other, so
 * neither passes the plan's limit.
 */
export async function countHeldNumbersLocked(db: Db, userId: string): Promise<number> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await db
    .selectFrom('agent_configs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('number_released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user holding `phoneNumber`, if anyone does (a released number is nobody's). */
export async function findPhoneNumberHolder(db: Db, phoneNumber: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select('user_id')
    .where('twilio_phone_number', '=', phoneNumber)
    .where('number_released_at', 'is', null)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertAgentConfig(
  db: Db,
  agent: AgentRef,
  details: AgentDetails,
  now: Date,
): Promise<AgentConfig> {
  const row = await db
    .insertInto('agent_configs')
    .values({
      id: agent.agentId,
      user_id: agent.userId,
      company_name: details.companyName,
      contact_email: details.contactEmail,
      twilio_phone_number: details.phoneNumber,
      phone_provider_id: details.phoneProviderId,
      transfer_phone_number: details.transferPhoneNumber,
      created_at: now,
      updated_at: now,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toConfig(row);
}

/**
 * Updates the owner-editable details; leaves voice, hosted agent, status and knowledge untouched. The number saved
 * is held (a number rented again after a release is the row's once more).
 */
export async function updateAgentDetails(
  db: Db,
  agent: AgentRef,
  details: AgentDetails,
  now: Date,
): Promise<AgentConfig | undefined> {
  const row = await db
    .updateTable('agent_configs')
    .set({
      company_name: details.companyName,
      contact_email: details.contactEmail,
      twilio_phone_number: details.phoneNumber,
      phone_provider_id: details.phoneProviderId,
      transfer_phone_number: details.transferPhoneNumber,
      number_released_at: null,
      updated_at: now,
    })
    .where('id', '=', agent.agentId)
    .where('user_id', '=', agent.userId)
    .returning(columns)
    .executeTakeFirst();
  return row ? toConfig(row) : undefined;
}

export async function deleteAgentConfig(db: Db, agent: AgentRef): Promise<boolean> {
  const result = await db
    .deleteFrom('agent_configs')
    .where('id', '=', agent.agentId)
    .where('user_id', '=', agent.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** True for a unique violation on agent_configs.twilio_phone_number (PostgreSQL and PGlite). */
export function isPhoneNumberConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown; detail?: unknown };
  if (e.code !== '23505') return false;
  const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')} ${String(e.detail ?? '')}`;
  return text.includes('twilio_phone_number');
}

// ---------------------------------------------------------------- numbers whose release is retried

export interface PendingRelease {
  phoneNumber: string;
  providerId: string | null;
  attempts: number;
}

/**
 * Remembers a number to release (once per number): one the provider did not release, tried again from `now`; or
 * one about to be released (`error` null), tried again from `now` only if that release never finishes.
 */
export async function queueNumberRelease(
  db: DbOrTx,
  release: {
    phoneNumber: string;
    providerId: string | null;
    reason: string;
    error: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('pending_number_releases')
    .values({
      phone_number: release.phoneNumber,
      provider_id: release.providerId,
      reason: release.reason,
      last_error: release.error,
      next_attempt_at: release.now,
    })
    .onConflict((oc) => oc.column('phone_number').doUpdateSet({ last_error: release.error }))
    .execute();
}

/**
 * Marks every number of the account still held released, once: only the caller whose update finds them still held
 * gets them back (the others, on this instance or another, get none). The agents' status is left to
 * refreshAgentStatus.
 */
export async function markNumbersReleased(db: DbOrTx, userId: string, now: Date) {
  const rows = await db
    .updateTable('agent_configs')
    .set({ number_released_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('number_released_at', 'is', null)
    .returning(['twilio_phone_number', 'phone_provider_id'])
    .execute();
  return rows.map((row) => ({ phoneNumber: row.twilio_phone_number, providerId: row.phone_provider_id }));
}

/** Leases due releases to this instance (a conditional update, so two instances never retry the same one). */
export async function claimDueNumberReleases(db: Db, now: Date, leaseMs: number, limit: number) {
  const due = await db
    .selectFrom('pending_number_releases')
    .select('phone_number')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: PendingRelease[] = [];
  for (const { phone_number } of due) {
    const row = await db
      .updateTable('pending_number_releases')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + leaseMs) }))
      .where('phone_number', '=', phone_number)
      .where('next_attempt_at', '<=', now)
      .returning(['phone_number', 'provider_id', 'attempts'])
      .executeTakeFirst();
    if (row)
      claimed.push({ phoneNumber: row.phone_number, providerId: row.provider_id, attempts: row.attempts });
  }
  return claimed;
}

export async function finishNumberRelease(db: Db, phoneNumber: string): Promise<void> {
  await db.deleteFrom('pending_number_releases').where('phone_number', '=', phoneNumber).execute();
}

export async function postponeNumberRelease(db: Db, phoneNumber: string, error: string, retryAt: Date) {
  await db
    .updateTable('pending_number_releases')
    .set({ last_error: error, next_attempt_at: retryAt })
    .where('phone_number', '=', phoneNumber)
    .execute();
}
