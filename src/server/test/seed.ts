/**
 * Test-only seeding at the database level, shared by the server tests: a subscription with its period's minutes
 * and an agent configuration. Billing's and the agents' own flows are tested through the API by those features.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AgentConfigsTable, SubscriptionsTable } from '../db/schema.ts';
import { grantPlanPeriod } from '../entitlements/minutes.ts';
import { DAY_MS } from '../lib/clock.ts';
import { PLANS, type PlanId } from '../../shared/plans.ts';

export interface SeedSubscriptionOptions {
  now: Date;
  /** Default Basic; the amounts are the plan's price unless `values` says otherwise. */
  plan?: PlanId;
  /** The period's minutes in the ledger; default the plan's minutes, `null` for no ledger grant. */
  minutes?: number | null;
  /** Any other column of the subscription row (discounts, provider ids, ...). */
  values?: Partial<Insertable<SubscriptionsTable>>;
}

/** An active subscription for the user over a 30-day period from `now`; returns its id. */
export async function seedSubscription(
  db: Db,
  userId: string,
  { now, plan = 'basic', minutes, values = {} }: SeedSubscriptionOptions,
): Promise<string> {
  const periodEnd = new Date(now.getTime() + 30 * DAY_MS);
  const cents = PLANS[plan].price * 100;
  const sub = await db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      plan,
      status: 'active',
      base_amount_cents: cents,
      amount_cents: cents,
      provider: 'local',
      current_period_start: now,
      current_period_end: periodEnd,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (minutes !== null) {
    await grantPlanPeriod(db, {
      userId,
      subscriptionId: sub.id,
      minutes: minutes ?? PLANS[plan].minutes,
      periodStart: now,
      periodEnd,
      now,
    });
  }
  return sub.id;
}

/** An agent configuration row; company and contact default to Acme Plumbing's, the rest as given. */
export async function seedAgentConfig(
  db: Db,
  values: Pick<Insertable<AgentConfigsTable>, 'user_id' | 'twilio_phone_number'> &
    Partial<Insertable<AgentConfigsTable>>,
): Promise<void> {
  await db
    .insertInto('agent_configs')
    .values({
      company_name: 'Acme Plumbing',
      contact_email: 'owner@acme.test',
      config_data: {},
      ...values,
    })
    .execute();
}

/** The user's only agent as the reference the per-agent functions take (ADR 044). */
export async function agentRefOf(db: Db, userId: string): Promise<{ userId: string; agentId: string }> {
  const row = await db
    .selectFrom('agent_configs')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, agentId: row.id };
}
