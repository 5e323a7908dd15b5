import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SubscriptionsTable } from '../db/schema.ts';
import type { DbOrTx } from '../db/database.ts';

/**
 * Shared read of "does this account have a live subscription", used by every feature that is
 * for subscribers only (configure, activate, buy minutes). Billing owns the writes.
 */
export interface ActiveSubscription {
  id: string;
  plan: string;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** A downgrade scheduled for the renewal (ADR 020 addendum), or null. */
  scheduledPlan: string | null;
}

export const LIVE_STATUSES = ['active', 'trialing'] as const;

/** The live subscriptions of an account: not ended, active or trialing, the period not over. */
export const liveSubscriptions = (db: DbOrTx, userId: string, now: Date) =>
  db
    .selectFrom('subscriptions')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('status', 'in', [...LIVE_STATUSES])
    .where('current_period_end', '>', now);

export async function findActiveSubscription(
  db: Db,
  userId: string,
  now: Date,
): Promise<ActiveSubscription | undefined> {
  const row = await liveSubscriptions(db, userId, now)
    .select(['id', 'plan', 'status', 'current_period_start', 'current_period_end', 'scheduled_plan'])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    plan: row.plan,
    status: row.status,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    scheduledPlan: row.scheduled_plan,
  };
}

/** A whole subscription row (billing's writes, admin's reads). */
export interface Subscription {
  id: string;
  userId: string;
  plan: string;
  status: string;
  baseAmountCents: number;
  amountCents: number;
  discountPercent: number;
  discountType: string | null;
  discountSource: string | null;
  provider: string;
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  /** A downgrade waiting for the next renewal (issue 25). */
  scheduledPlan: string | null;
  cancelRequestedAt: Date | null;
}

export const toSubscription = (row: Selectable<SubscriptionsTable>): Subscription => ({
  id: row.id,
  userId: row.user_id,
  plan: row.plan,
  status: row.status,
  baseAmountCents: row.base_amount_cents,
  amountCents: row.amount_cents,
  discountPercent: row.discount_percent,
  discountType: row.discount_type,
  discountSource: row.discount_source,
  provider: row.provider,
  providerSubscriptionId: row.provider_subscription_id,
  providerCustomerId: row.provider_customer_id,
  currentPeriodStart: row.current_period_start,
  currentPeriodEnd: row.current_period_end,
  trialEndsAt: row.trial_ends_at,
  cancelAtPeriodEnd: row.cancel_at_period_end,
  endedAt: row.ended_at,
  scheduledPlan: row.scheduled_plan,
  cancelRequestedAt: row.cancel_requested_at,
});

/** The subscription not yet ended, live or not (at most one per account, a unique index says so). */
export async function findOpenSubscription(
  db: DbOrTx,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<Subscription | undefined> {
  let query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

// ---------------------------------------------------------------- the number's grace period

/**
 * Days an account's phone number is kept after its last subscription ended, before it is released (ADR 020
 * addendum): long enough to come back without losing a number printed on cards and signs.
 */
export const NUMBER_GRACE_DAYS = 30;

const GRACE_MS = NUMBER_GRACE_DAYS * 24 * 60 * 60 * 1000;

/** The day a number is released when the paid time ended at `end`. */
export const numberReleaseDate = (end: Date): Date => new Date(end.getTime() + GRACE_MS);

/**
 * When an account's paid time ended: the latest end of its subscriptions, each ending at the earlier of the day it
 * was ended and its period end (a cancelled one ends at its period end; one stopped at the provider mid-period,
 * then). A live subscription's end is in the future. Undefined for an account that never subscribed.
 */
const lastPaidEnd = sql<Date | null>`max(least(subscriptions.ended_at, subscriptions.current_period_end))`;

/** Where one of the account's numbers (one per agent, ADR 044) stands once no subscription is live. */
export interface NumberHold {
  agentId: string;
  phoneNumber: string;
  /** When the account's last subscription ended. */
  subscriptionEndedAt: Date;
  /** When the number is (or was due to be) released: the end plus the grace period. */
  releaseAt: Date;
  /** When it was released; null while it is kept. */
  releasedAt: Date | null;
}

/**
 * The account's numbers kept after its subscription ended, or released since, oldest agent first (only `agentId`'s
 * when given); empty while a subscription is live, when there is no agent, or when the account never subscribed.
 * The grace period is the account's (its minutes and subscription are shared), so every number is kept until the
 * same day. A number released earlier and not replaced yet is reported even under a new subscription, so the owner
 * knows to pick another.
 */
export async function findNumberHolds(
  db: DbOrTx,
  userId: string,
  now: Date,
  agentId?: string,
): Promise<NumberHold[]> {
  let agentsQuery = db
    .selectFrom('agent_configs')
    .select(['id', 'twilio_phone_number', 'number_released_at'])
    .where('user_id', '=', userId);
  if (agentId !== undefined) agentsQuery = agentsQuery.where('id', '=', agentId);
  const agents = await agentsQuery.orderBy('created_at').orderBy('id').execute();
  if (agents.length === 0) return [];
  const row = await db
    .selectFrom('subscriptions')
    .select(lastPaidEnd.as('end'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const end = row?.end ? new Date(row.end) : null;
  if (!end) return [];
  return agents
    .filter((agent) => agent.number_released_at !== null || end <= now)
    .map((agent) => ({
      agentId: agent.id,
      phoneNumber: agent.twilio_phone_number,
      subscriptionEndedAt: end,
      releaseAt: numberReleaseDate(end),
      releasedAt: agent.number_released_at,
    }));
}

/**
 * Accounts still holding a number (any of their agents') whose grace period is over: their last subscription ended
 * more than NUMBER_GRACE_DAYS ago and none is live. Oldest first, at most `limit`.
 */
export async function findNumbersPastGrace(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('agent_configs')
    .innerJoin('subscriptions', 'subscriptions.user_id', 'agent_configs.user_id')
    .select('agent_configs.user_id')
    .where('agent_configs.number_released_at', 'is', null)
    .groupBy('agent_configs.user_id')
    .having(lastPaidEnd, '<=', new Date(now.getTime() - GRACE_MS))
    .orderBy(lastPaidEnd)
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}
