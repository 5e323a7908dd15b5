import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SubscriptionsTable } from '../db/schema.ts';
import type { DbOrTx } from './minutes.ts';

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
    .select(['id', 'plan', 'status', 'current_period_start', 'current_period_end'])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    plan: row.plan,
    status: row.status,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
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
