import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { isAgentActivated } from '../accounts/agent-config.ts';
import {
  findActiveSubscription,
  liveSubscriptions,
  toSubscription,
  type ActiveSubscription,
  type Subscription,
} from './subscriptions.ts';

/**
 * The minute ledger (ARCHITECTURE.md section 7), shared by billing, the call runtime and the admin.
 *
 * Rows of `minute_ledger` are grants and debits in two buckets:
 * - `plan`: the plan minutes of one subscription period (a grant tagged with subscription_id and
 *   period_start); they are spent first and lapse when the period ends (renewal grants a new period).
 * - `extra`: packs and gifts; they never expire and roll over.
 * Debits (calls) are tagged with the subscription and period they were made in, so usage is
 * computed per period without a lone counter. Every function takes `db` or a transaction and the
 * business time `now` (deps.clock.now()); none of them reads the wall clock.
 *
 * Stable API (others depend on it): getUsage, grantExtraMinutes, debitCallMinutes, refreshAgentStatus,
 * canTakeCalls, grantPlanPeriod (billing only); for the call runtime, canAdmitCall and holdCallMinutes (minutes
 * held by calls in progress).
 */

export interface Usage {
  /** Plan minutes of the current period + extra minutes available during it. */
  minutesLimit: number;
  /** Minutes debited in the current period (plan and extra). */
  minutesUsed: number;
  /** Never negative. */
  minutesRemaining: number;
  /** 0..100+ (not capped: the client caps the bar width), one decimal. */
  percentageUsed: number;
  /** Detail: plan minutes left in this period and the extra balance (never expires). */
  planRemaining: number;
  extraBalance: number;
  /** Where the limit comes from (issue 25): the plan minutes granted for this period and how many calls used. */
  planMinutes: number;
  planUsed: number;
  /** Extra minutes (packs, gifts) spent this period, after the plan minutes ran out. */
  extraUsedInPeriod: number;
}

/** Runs `fn` in a transaction: the caller's one when given a transaction, else a new one. */
export async function inTransaction<T>(
  db: DbOrTx,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<Database>);
  return db.transaction().execute(fn);
}

/**
 * Serializes the changes of one account's money and minutes (payments, subscriptions, renewals, discounts,
 * grants, debits, calls closed, the account deleted) across connections and instances. The one lock order:
 * every such transaction locks the user's row first, with this, before any subscription, call or ledger row of
 * the account, so two of them never wait on each other in a cycle (PostgreSQL would abort one as a deadlock).
 */
export async function lockAccount(trx: Transaction<Database>, userId: string): Promise<void> {
  await sql`select id from users where id = ${userId} for update`.execute(trx);
}

/**
 * Usage from one aggregate over the account's ledger: extra grants and debits of all time, and the
 * plan grant and debits of the live period (FILTER clauses keep it a single round trip).
 */
export async function computeUsage(
  db: DbOrTx,
  userId: string,
  subscription: Pick<ActiveSubscription, 'id' | 'currentPeriodStart'> | undefined,
): Promise<Usage> {
  const inPeriod = subscription
    ? sql`subscription_id = ${subscription.id} and period_start = ${subscription.currentPeriodStart}`
    : sql`false`;
  const row = await db
    .selectFrom('minute_ledger')
    .select(ledgerTotals(inPeriod))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return usageOf(row);
}

/** The sums computeUsage reads, one FILTER each; `inPeriod` picks the rows of the live period. */
function ledgerTotals(inPeriod: ReturnType<typeof sql>) {
  const total = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(minutes) filter (where ${condition}), 0)::int`;
  return [
    total(sql`bucket = 'extra' and entry = 'grant'`).as('extra_granted'),
    total(sql`bucket = 'extra' and entry = 'debit'`).as('extra_debited'),
    total(sql`${inPeriod} and bucket = 'plan' and entry = 'grant'`).as('plan_granted'),
    total(sql`${inPeriod} and bucket = 'plan' and entry = 'debit'`).as('plan_used'),
    total(sql`${inPeriod} and bucket = 'extra' and entry = 'debit'`).as('extra_used_in_period'),
  ] as const;
}

interface LedgerTotals {
  extra_granted: number;
  extra_debited: number;
  plan_granted: number;
  plan_used: number;
  extra_used_in_period: number;
}

function usageOf(row: LedgerTotals): Usage {
  const extraBalance = Number(row.extra_granted) - Number(row.extra_debited);
  const planGranted = Number(row.plan_granted);
  const planUsed = Number(row.plan_used);
  const extraUsedInPeriod = Number(row.extra_used_in_period);
  const minutesLimit = planGranted + Math.max(0, extraBalance) + extraUsedInPeriod;
  const minutesUsed = planUsed + extraUsedInPeriod;
  const planRemaining = planGranted - planUsed;
  const minutesRemaining = Math.max(0, planRemaining + extraBalance);
  const percentageUsed = minutesLimit > 0 ? Math.round((minutesUsed / minutesLimit) * 1000) / 10 : 0;
  return {
    minutesLimit,
    minutesUsed,
    minutesRemaining,
    percentageUsed: minutesLimit === 0 && minutesUsed > 0 ? 100 : percentageUsed,
    planRemaining: Math.max(0, planRemaining),
    extraBalance,
    planMinutes: planGranted,
    planUsed,
    extraUsedInPeriod,
  };
}

/**
 * The live subscription and its usage in one query (the dashboard polls it: on the embedded database every query
 * of a request costs, see ADR 003). The whole subscription row, and the usage computeUsage gives.
 */
export async function findLiveSubscriptionWithUsage(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ subscription: Subscription; usage: Usage } | undefined> {
  const row = await liveSubscriptions(db, userId, now)
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('minute_ledger')
          .select(
            ledgerTotals(
              sql`minute_ledger.subscription_id = subscriptions.id and minute_ledger.period_start = subscriptions.current_period_start`,
            ),
          )
          .where('minute_ledger.user_id', '=', userId)
          .as('usage'),
      (join) => join.onTrue(),
    )
    .selectAll('subscriptions')
    .select(['extra_granted', 'extra_debited', 'plan_granted', 'plan_used', 'extra_used_in_period'])
    .executeTakeFirst();
  if (!row) return undefined;
  return { subscription: toSubscription(row), usage: usageOf(row) };
}

/**
 * Usage of the current period. limit = plan minutes of the live period + extra balance (packs and
 * gifts, including what was spent of them this period); without a live subscription only extra
 * minutes count.
 */
export async function getUsage(db: DbOrTx, userId: string, now: Date): Promise<Usage> {
  const subscription = await findActiveSubscription(db as Db, userId, now);
  return computeUsage(db, userId, subscription);
}

/** True when the account has a live subscription and at least one minute left. */
export async function canTakeCalls(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const subscription = await findActiveSubscription(db as Db, userId, now);
  if (!subscription) return false;
  const usage = await computeUsage(db, userId, subscription);
  return usage.minutesRemaining > 0;
}

/**
 * Minutes the account's calls in progress hold against its limit (ADR 040): each open call holds what it reserved,
 * and at least every minute it has been heard of (its last heartbeat), and at least one. A cut-off call holds its
 * minutes until the sweep closes and bills it.
 */
export async function minutesHeldByLiveCalls(
  db: DbOrTx,
  userId: string,
  exceptCallId: string | null = null,
): Promise<number> {
  let query = db
    .selectFrom('calls')
    .select(
      sql<number>`coalesce(sum(greatest(reserved_minutes, 1,
        ceil(extract(epoch from (coalesce(last_seen_at, started_at) - started_at)) / 60)::int)), 0)::int`.as(
        'held',
      ),
    )
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (exceptCallId !== null) query = query.where('id', '<>', exceptCallId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.held);
}

/**
 * Whether a new call may start now: a live subscription and at least one minute that calls in progress do not
 * hold. A preview (the voice webhook's): `holdCallMinutes` decides, atomically, when the call starts.
 */
export async function canAdmitCall(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const subscription = await findActiveSubscription(db as Db, userId, now);
  if (!subscription) return false;
  const usage = await computeUsage(db, userId, subscription);
  return usage.minutesRemaining - (await minutesHeldByLiveCalls(db, userId)) >= 1;
}

export interface HoldCallMinutesInput {
  userId: string;
  /** The minutes the call needs to hold in all (1 to start it; one more before each next minute). */
  minutes: number;
  /** The call itself when it is already open (extending), so that its own hold is not counted twice. */
  callId: string | null;
  now: Date;
}

/**
 * Whether a call may hold `minutes` against the account's limit, besides what its other calls in progress hold.
 * Locks the account's minutes until the transaction ends: run it in the transaction that records the hold (inserts
 * the call or raises its `reserved_minutes`), so simultaneous calls on any instance cannot overrun the limit.
 */
export async function holdCallMinutes(
  trx: Transaction<Database>,
  input: HoldCallMinutesInput,
): Promise<boolean> {
  await lockAccount(trx, input.userId);
  const subscription = await findActiveSubscription(trx as unknown as Db, input.userId, input.now);
  if (!subscription) return false;
  const usage = await computeUsage(trx, input.userId, subscription);
  const held = await minutesHeldByLiveCalls(trx, input.userId, input.callId);
  return usage.minutesRemaining - held >= input.minutes;
}

export interface GrantExtraMinutesInput {
  userId: string;
  minutes: number;
  source: 'pack' | 'gift';
  paymentId?: string | null;
  note?: string | null;
  now: Date;
}

/** Adds extra minutes (never expire) and reactivates the agent when it was stopped for lack of minutes. */
export async function grantExtraMinutes(db: DbOrTx, input: GrantExtraMinutesInput): Promise<Usage> {
  if (!Number.isInteger(input.minutes) || input.minutes <= 0) {
    throw new RangeError('minutes must be a positive whole number');
  }
  return inTransaction(db, async (trx) => {
    await lockAccount(trx, input.userId);
    await trx
      .insertInto('minute_ledger')
      .values({
        user_id: input.userId,
        entry: 'grant',
        bucket: 'extra',
        source: input.source,
        minutes: input.minutes,
        payment_id: input.paymentId ?? null,
        note: input.note ?? null,
        created_at: input.now,
      })
      .execute();
    await refreshAgentStatus(trx, input.userId, input.now);
    return getUsage(trx, input.userId, input.now);
  });
}

export interface GrantPlanPeriodInput {
  userId: string;
  subscriptionId: string;
  minutes: number;
  periodStart: Date;
  periodEnd: Date;
  paymentId?: string | null;
  now: Date;
}

/**
 * Billing only: grants the plan minutes of a (new) subscription period. Plan minutes of earlier
 * periods lapse automatically because usage only counts the live period. Idempotent per period.
 */
export async function grantPlanPeriod(db: DbOrTx, input: GrantPlanPeriodInput): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockAccount(trx, input.userId);
    const existing = await trx
      .selectFrom('minute_ledger')
      .select('id')
      .where('subscription_id', '=', input.subscriptionId)
      .where('period_start', '=', input.periodStart)
      .where('entry', '=', 'grant')
      .where('bucket', '=', 'plan')
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('minute_ledger')
        .values({
          user_id: input.userId,
          entry: 'grant',
          bucket: 'plan',
          source: 'plan_period',
          minutes: input.minutes,
          subscription_id: input.subscriptionId,
          period_start: input.periodStart,
          period_end: input.periodEnd,
          payment_id: input.paymentId ?? null,
          created_at: input.now,
        })
        .execute();
    }
    await refreshAgentStatus(trx, input.userId, input.now);
  });
}

export interface GrantPlanTopUpInput {
  userId: string;
  subscriptionId: string;
  minutes: number;
  periodStart: Date;
  periodEnd: Date;
  paymentId: string;
  now: Date;
}

/**
 * Billing only: raises the plan minutes of the live period (an upgrade in the middle of a period, ADR 020
 * addendum). A plan-bucket grant of the same period, so it lapses with the period like the plan's own minutes.
 * Idempotent per payment.
 */
export async function grantPlanTopUp(db: DbOrTx, input: GrantPlanTopUpInput): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockAccount(trx, input.userId);
    const existing = await trx
      .selectFrom('minute_ledger')
      .select('id')
      .where('payment_id', '=', input.paymentId)
      .where('bucket', '=', 'plan')
      .where('entry', '=', 'grant')
      .executeTakeFirst();
    if (!existing && input.minutes > 0) {
      await trx
        .insertInto('minute_ledger')
        .values({
          user_id: input.userId,
          entry: 'grant',
          bucket: 'plan',
          source: 'adjustment',
          minutes: input.minutes,
          subscription_id: input.subscriptionId,
          period_start: input.periodStart,
          period_end: input.periodEnd,
          payment_id: input.paymentId,
          note: 'plan upgrade',
          created_at: input.now,
        })
        .execute();
    }
    await refreshAgentStatus(trx, input.userId, input.now);
  });
}

export interface DebitCallMinutesInput {
  userId: string;
  callId: string;
  /** Billable minutes: ceil(duration_s / 60). */
  minutes: number;
  now: Date;
}

/**
 * Debits a finished call, plan minutes first, then extra minutes. Idempotent per callId: a second
 * debit of the same call changes nothing and returns debited: false. Minutes beyond what is left are
 * still recorded (the call happened) against the plan period, so usage shows the limit reached.
 */
export async function debitCallMinutes(
  db: DbOrTx,
  input: DebitCallMinutesInput,
): Promise<{ debited: boolean; remaining: number }> {
  return inTransaction(db, async (trx) => {
    await lockAccount(trx, input.userId);
    const already = await trx
      .selectFrom('minute_ledger')
      .select('id')
      .where('call_id', '=', input.callId)
      .executeTakeFirst();
    const subscription = await findActiveSubscription(trx as unknown as Db, input.userId, input.now);
    const before = await computeUsage(trx, input.userId, subscription);
    if (already || input.minutes <= 0) {
      return { debited: false, remaining: before.minutesRemaining };
    }
    const minutes = Math.ceil(input.minutes);
    const fromPlan = subscription ? Math.min(minutes, before.planRemaining) : 0;
    let fromExtra = Math.min(minutes - fromPlan, Math.max(0, before.extraBalance));
    let overage = minutes - fromPlan - fromExtra;
    if (!subscription) {
      fromExtra += overage;
      overage = 0;
    }
    const rows = [
      { bucket: 'plan' as const, minutes: fromPlan + overage },
      { bucket: 'extra' as const, minutes: fromExtra },
    ].filter((r) => r.minutes > 0);
    for (const row of rows) {
      await trx
        .insertInto('minute_ledger')
        .values({
          user_id: input.userId,
          entry: 'debit',
          bucket: row.bucket,
          source: 'call',
          minutes: row.minutes,
          subscription_id: subscription?.id ?? null,
          period_start: subscription?.currentPeriodStart ?? null,
          period_end: subscription?.currentPeriodEnd ?? null,
          call_id: input.callId,
          created_at: input.now,
        })
        .onConflict((oc) => oc.columns(['call_id', 'bucket']).where('call_id', 'is not', null).doNothing())
        .execute();
    }
    await refreshAgentStatus(trx, input.userId, input.now);
    const after = await computeUsage(trx, input.userId, subscription);
    return { debited: true, remaining: after.minutesRemaining };
  });
}

/**
 * Keeps agent_configs.status in step with minutes, for every agent of the account (the minutes are shared, ADR
 * 044): 'inactive' when there is no live subscription or no minute left; back to 'active' when minutes are
 * available again and the agent had been activated (a voice or hosted agent id is set). Returns the status now
 * stored of `agentId` (else of the account's first agent), or null without an agent. Call after every grant,
 * debit, plan change and cancellation.
 */
export async function refreshAgentStatus(
  db: DbOrTx,
  userId: string,
  now: Date,
  agentId?: string,
): Promise<'active' | 'inactive' | null> {
  const agents = await db
    .selectFrom('agent_configs')
    .select(['id', 'status', 'voice_id', 'eleven_agent_id', 'config_data', 'number_released_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  if (agents.length === 0) return null;
  const canTake = await canTakeCalls(db, userId, now);
  let result: 'active' | 'inactive' | null = null;
  for (const agent of agents) {
    // A released number answers nothing until the owner picks another one (ADR 020 addendum).
    const allowed = agent.number_released_at === null && canTake;
    const activated = isAgentActivated(agent);
    let next: 'active' | 'inactive';
    if (!allowed) next = 'inactive';
    else if (activated) next = 'active';
    else next = agent.status === 'active' ? 'active' : 'inactive';
    if (next !== agent.status) {
      await db
        .updateTable('agent_configs')
        .set({ status: next, updated_at: now })
        .where('id', '=', agent.id)
        .execute();
    }
    if (agent.id === agentId || result === null) result = next;
  }
  return result;
}
