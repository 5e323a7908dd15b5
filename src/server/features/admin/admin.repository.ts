import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DbOrTx } from '../../db/database.ts';
import { hostedAgentId } from '../../accounts/agent-config.ts';

/** Reads and writes of the admin console. Kysely stays here; the service sees domain types. */

export interface AdminUserSummary {
  id: string;
  name: string | null;
  email: string;
  picture: string | null;
  discountPercent: number;
  createdAt: Date;
}

export interface AdminUserRecord {
  id: string;
  name: string | null;
  email: string;
  picture: string | null;
  googleSub: string | null;
  hasPassword: boolean;
  createdAt: Date;
}

export interface AdminAgentConfig {
  id: string;
  companyName: string;
  contactEmail: string;
  phoneNumber: string;
  status: string;
  elevenAgentId: string | null;
  documentCount: number;
  /** When the number was released after the grace period (ADR 020 addendum); null while it is held. */
  numberReleasedAt: Date | null;
}

export interface DiscountHistoryEntry {
  id: string;
  action: string;
  discountPercent: number;
  discountType: string | null;
  discountSource: string | null;
  revokedBy: string | null;
  revokeReason: string | null;
  createdAt: Date;
}

export interface MinuteGift {
  id: string;
  minutes: number;
  giftedByEmail: string;
  note: string | null;
  createdAt: Date;
}

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
}

/** Every account with the discount of its live subscription (0 without one), newest first. */
export async function listUsers(db: Db): Promise<AdminUserSummary[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('subscriptions', (join) =>
      join.onRef('subscriptions.user_id', '=', 'users.id').on('subscriptions.ended_at', 'is', null),
    )
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.picture',
      'users.created_at',
      'subscriptions.discount_percent',
    ])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.email')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    discountPercent: Number(row.discount_percent ?? 0),
    createdAt: row.created_at,
  }));
}

export async function findUser(db: DbOrTx, userId: string): Promise<AdminUserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'picture', 'google_sub', 'password_hash', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    googleSub: row.google_sub,
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
  };
}

/** Every agent (number) of the account, oldest first, with its document count (ADR 044). */
export async function findAgentConfigs(db: DbOrTx, userId: string): Promise<AdminAgentConfig[]> {
  const rows = await db
    .selectFrom('agent_configs')
    .select([
      'id',
      'company_name',
      'contact_email',
      'twilio_phone_number',
      'status',
      'eleven_agent_id',
      'config_data',
      'number_released_at',
      (eb) =>
        eb
          .selectFrom('documents')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('documents.agent_id', '=', 'agent_configs.id')
          .as('document_count'),
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    companyName: row.company_name,
    contactEmail: row.contact_email,
    phoneNumber: row.twilio_phone_number,
    status: row.status,
    elevenAgentId: hostedAgentId(row.eleven_agent_id, row.config_data),
    documentCount: Number(row.document_count ?? 0),
    numberReleasedAt: row.number_released_at,
  }));
}

export async function findRecentCalls(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<{ id: string; phoneNumber: string; createdAt: Date; durationS: number }[]> {
  const rows = await db
    .selectFrom('calls')
    .select(['id', 'phone_number', 'started_at', 'duration_s'])
    .where('user_id', '=', userId)
    .orderBy('started_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    phoneNumber: row.phone_number,
    createdAt: row.started_at,
    durationS: row.duration_s,
  }));
}

export async function findDiscountHistory(db: DbOrTx, userId: string): Promise<DiscountHistoryEntry[]> {
  const rows = await db
    .selectFrom('discount_history')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    discountPercent: Number(row.discount_percent),
    discountType: row.discount_type,
    discountSource: row.discount_source,
    revokedBy: row.revoked_by,
    revokeReason: row.revoke_reason,
    createdAt: row.created_at,
  }));
}

export async function findMinuteGifts(db: DbOrTx, userId: string): Promise<MinuteGift[]> {
  const rows = await db
    .selectFrom('minute_gifts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    minutes: row.minutes,
    giftedByEmail: row.gifted_by_email,
    note: row.note,
    createdAt: row.created_at,
  }));
}

export async function insertMinuteGift(
  db: DbOrTx,
  gift: { userId: string; minutes: number; giftedByEmail: string; note: string | null; now: Date },
): Promise<void> {
  await db
    .insertInto('minute_gifts')
    .values({
      user_id: gift.userId,
      minutes: gift.minutes,
      gifted_by_email: gift.giftedByEmail,
      note: gift.note,
      created_at: gift.now,
    })
    .execute();
}

export async function insertDiscountRevocation(
  db: DbOrTx,
  entry: {
    userId: string;
    discountPercent: number;
    discountType: string | null;
    discountSource: string | null;
    revokedBy: string;
    reason: string;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('discount_history')
    .values({
      user_id: entry.userId,
      action: 'revoked',
      discount_percent: entry.discountPercent,
      discount_type: entry.discountType,
      discount_source: entry.discountSource,
      revoked_by: entry.revokedBy,
      revoke_reason: entry.reason,
      created_at: entry.now,
    })
    .execute();
}

/** The local email outbox (and sent mail when SMTP is configured), newest first. */
export async function listOutbox(db: Db, limit: number): Promise<OutboxEmail[]> {
  const rows = await db
    .selectFrom('emails')
    .select([
      'id',
      'to_address',
      'subject',
      'text_body',
      'status',
      'attempts',
      'last_error',
      'sent_at',
      'created_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at,
    createdAt: row.created_at,
  }));
}

/** Ends a subscription now (admin revocation with cancel_immediately). */
export async function endSubscription(db: DbOrTx, subscriptionId: string, now: Date): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status: 'canceled', ended_at: now, cancel_at_period_end: false })
    .where('id', '=', subscriptionId)
    .execute();
}

/** Removes the discount: the current period is already paid, the next one costs the full price. */
export async function removeSubscriptionDiscount(db: DbOrTx, subscriptionId: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set((eb) => ({
      discount_percent: 0,
      discount_type: null,
      discount_source: null,
      amount_cents: eb.ref('base_amount_cents'),
    }))
    .where('id', '=', subscriptionId)
    .execute();
}
