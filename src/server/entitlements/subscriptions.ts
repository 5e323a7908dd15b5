import type { Db } from '../db/database.ts';

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

export async function findActiveSubscription(
  db: Db,
  userId: string,
  now: Date,
): Promise<ActiveSubscription | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select(['id', 'plan', 'status', 'current_period_start', 'current_period_end'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('status', 'in', [...LIVE_STATUSES])
    .where('current_period_end', '>', now)
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
