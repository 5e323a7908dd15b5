import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { toSubscription, type Subscription } from '../../entitlements/subscriptions.ts';

/** Billing's tables: subscriptions, payments, processed_events, coupons, discount_history. */

export interface Payment {
  id: string;
  userId: string | null;
  provider: string;
  providerSessionId: string;
  kind: 'subscription' | 'trial' | 'pack' | 'renewal' | 'upgrade';
  plan: string | null;
  minutes: number | null;
  amountCents: number;
  couponCode: string | null;
  status: string;
  appliedAt: Date | null;
  baseAmountCents: number;
  discountPercent: number;
  providerPaymentId: string | null;
  createdAt: Date;
}

export interface Coupon {
  id: string;
  code: string;
  discountPercent: number;
  discountType: 'first_month' | 'forever';
  used: boolean;
  usedBy: string | null;
  createdAt: Date;
}

const toPayment = (row: any): Payment => ({
  id: row.id,
  userId: row.user_id,
  provider: row.provider,
  providerSessionId: row.provider_session_id,
  kind: row.kind,
  plan: row.plan,
  minutes: row.minutes,
  amountCents: row.amount_cents,
  couponCode: row.coupon_code,
  status: row.status,
  appliedAt: row.applied_at,
  baseAmountCents: row.base_amount_cents ?? row.amount_cents,
  discountPercent: row.discount_percent ?? 0,
  providerPaymentId: row.provider_payment_id,
  createdAt: row.created_at,
});

const toCoupon = (row: any): Coupon => ({
  id: row.id,
  code: row.code,
  discountPercent: row.discount_percent,
  discountType: row.discount_type,
  used: row.used,
  usedBy: row.used_by,
  createdAt: row.created_at,
});

// ---- subscriptions

export async function findSubscriptionById(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('subscriptions').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

export async function findSubscriptionByProviderId(db: DbOrTx, providerSubscriptionId: string) {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider_subscription_id', '=', providerSubscriptionId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

export async function hasEverSubscribed(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertSubscription(
  db: DbOrTx,
  values: Omit<
    Subscription,
    'id' | 'endedAt' | 'cancelAtPeriodEnd' | 'scheduledPlan' | 'cancelRequestedAt'
  > & {
    now: Date;
  },
): Promise<Subscription> {
  const row = await db
    .insertInto('subscriptions')
    .values({
      user_id: values.userId,
      plan: values.plan,
      status: values.status,
      base_amount_cents: values.baseAmountCents,
      amount_cents: values.amountCents,
      discount_percent: values.discountPercent,
      discount_type: values.discountType,
      discount_source: values.discountSource,
      provider: values.provider,
      provider_subscription_id: values.providerSubscriptionId,
      provider_customer_id: values.providerCustomerId,
      current_period_start: values.currentPeriodStart,
      current_period_end: values.currentPeriodEnd,
      trial_ends_at: values.trialEndsAt,
      created_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSubscription(row);
}

/** Ends a subscription at `at`; false when it had already ended. */
export async function endSubscription(db: DbOrTx, id: string, status: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status, ended_at: at })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves a subscription to its next period, only if it is still in `fromPeriodStart` (no double renewal). */
export async function advanceSubscriptionPeriod(
  db: DbOrTx,
  id: string,
  fromPeriodStart: Date,
  next: {
    plan: string;
    status: string;
    baseAmountCents: number;
    amountCents: number;
    discountPercent: number;
    discountType: string | null;
    discountSource: string | null;
    periodStart: Date;
    periodEnd: Date;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({
      plan: next.plan,
      status: next.status,
      base_amount_cents: next.baseAmountCents,
      amount_cents: next.amountCents,
      discount_percent: next.discountPercent,
      discount_type: next.discountType,
      discount_source: next.discountSource,
      current_period_start: next.periodStart,
      current_period_end: next.periodEnd,
      scheduled_plan: null,
    })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('current_period_start', '=', fromPeriodStart)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Local and free subscriptions whose period has ended: the billing cycle renews or ends them. */
export async function findDueLocalSubscriptions(db: DbOrTx, now: Date): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('ended_at', 'is', null)
    .where('provider', 'in', ['local', 'free'])
    .where('current_period_end', '<=', now)
    .orderBy('current_period_end')
    .limit(500)
    .execute();
  return rows.map(toSubscription);
}

// ---- payments

export async function insertPayment(
  db: DbOrTx,
  values: {
    id?: string;
    userId: string;
    provider: string;
    providerSessionId: string;
    providerPaymentId?: string | null;
    kind: Payment['kind'];
    plan: string | null;
    minutes: number | null;
    amountCents: number;
    baseAmountCents?: number;
    discountPercent?: number;
    couponCode: string | null;
    status: 'pending' | 'paid';
    appliedAt: Date | null;
    now: Date;
  },
): Promise<Payment | undefined> {
  const row = await db
    .insertInto('payments')
    .values({
      ...(values.id ? { id: values.id } : {}),
      user_id: values.userId,
      provider: values.provider,
      provider_session_id: values.providerSessionId,
      provider_payment_id: values.providerPaymentId ?? null,
      kind: values.kind,
      plan: values.plan,
      minutes: values.minutes,
      amount_cents: values.amountCents,
      base_amount_cents: values.baseAmountCents ?? values.amountCents,
      discount_percent: values.discountPercent ?? 0,
      coupon_code: values.couponCode,
      status: values.status,
      applied_at: values.appliedAt,
      created_at: values.now,
    })
    .onConflict((oc) => oc.column('provider_session_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

export async function findPaymentBySession(db: DbOrTx, providerSessionId: string) {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('provider_session_id', '=', providerSessionId)
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/**
 * Exactly-once: marks a pending payment applied and returns it; undefined when it was already
 * applied (by the webhook, the status check or the local Pay button, whichever came first).
 */
export async function claimPayment(
  db: DbOrTx,
  providerSessionId: string,
  now: Date,
  providerPaymentId: string | null,
): Promise<Payment | undefined> {
  const row = await db
    .updateTable('payments')
    .set({ applied_at: now, status: 'paid', provider_payment_id: providerPaymentId })
    .where('provider_session_id', '=', providerSessionId)
    .where('applied_at', 'is', null)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/**
 * A pending payment we will not apply (a second trial): status 'refused', never applied, so it
 * holds no coupon. Returns the payment when it was pending.
 */
export async function refusePayment(
  db: DbOrTx,
  providerSessionId: string,
  providerPaymentId: string | null,
): Promise<Payment | undefined> {
  const row = await db
    .updateTable('payments')
    .set({ status: 'refused', provider_payment_id: providerPaymentId })
    .where('provider_session_id', '=', providerSessionId)
    .where('applied_at', 'is', null)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/** A refused payment the provider has given back. */
export async function markPaymentRefunded(db: DbOrTx, providerSessionId: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'refunded' })
    .where('provider_session_id', '=', providerSessionId)
    .where('status', '=', 'refused')
    .execute();
}

/** A checkout that can no longer be paid; returns the payment when it was pending. */
export async function expirePayment(db: DbOrTx, providerSessionId: string) {
  const row = await db
    .updateTable('payments')
    .set({ status: 'expired' })
    .where('provider_session_id', '=', providerSessionId)
    .where('applied_at', 'is', null)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

// ---- webhook events

/** Records an event id; false when it was already processed (a replay). Inside the applying transaction. */
export async function recordEvent(
  db: DbOrTx,
  provider: string,
  eventId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('processed_events')
    .values({ provider, event_id: eventId, processed_at: now })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return Boolean(row);
}

// ---- coupons

export async function insertCoupon(
  db: DbOrTx,
  values: { code: string; discountPercent: number; discountType: string; createdBy: string; now: Date },
): Promise<Coupon | undefined> {
  const row = await db
    .insertInto('coupons')
    .values({
      code: values.code,
      discount_percent: values.discountPercent,
      discount_type: values.discountType,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toCoupon(row) : undefined;
}

export async function findCoupon(db: DbOrTx, code: string): Promise<Coupon | undefined> {
  const row = await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
  return row ? toCoupon(row) : undefined;
}

export async function listCoupons(db: DbOrTx): Promise<Coupon[]> {
  const rows = await db
    .selectFrom('coupons')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('code')
    .execute();
  return rows.map(toCoupon);
}

/** Single use: the conditional UPDATE lets exactly one of two simultaneous redemptions win. */
export async function redeemCoupon(db: DbOrTx, code: string, userId: string, now: Date) {
  const row = await db
    .updateTable('coupons')
    .set({ used: true, used_by: userId, used_at: now })
    .where('code', '=', code)
    .where('used', '=', false)
    .returningAll()
    .executeTakeFirst();
  return row ? toCoupon(row) : undefined;
}

/** Gives a coupon back when the checkout it was reserved for was cancelled or expired. */
export async function releaseCoupon(db: DbOrTx, code: string, userId: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ used: false, used_by: null, used_at: null })
    .where('code', '=', code)
    .where('used_by', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments')
            .select(sql`1`.as('one'))
            .where('payments.coupon_code', '=', code)
            .where('payments.applied_at', 'is not', null),
        ),
      ),
    )
    .execute();
}

export async function insertDiscountHistory(
  db: DbOrTx,
  values: { userId: string; percent: number; type: string | null; source: string | null; now: Date },
): Promise<void> {
  await db
    .insertInto('discount_history')
    .values({
      user_id: values.userId,
      action: 'applied',
      discount_percent: values.percent,
      discount_type: values.type,
      discount_source: values.source,
      created_at: values.now,
    })
    .execute();
}

// ---- owner-managed changes (issue 25)

/** Cancel at the period end (true) or resume (false); false when the subscription had ended. */
export async function setCancelAtPeriodEnd(
  db: DbOrTx,
  id: string,
  cancel: boolean,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ cancel_at_period_end: cancel, cancel_requested_at: cancel ? now : null })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setScheduledPlan(db: DbOrTx, id: string, plan: string | null): Promise<void> {
  await db.updateTable('subscriptions').set({ scheduled_plan: plan }).where('id', '=', id).execute();
}

/** An upgrade in the middle of the period: the plan and its price now, the period unchanged. */
export async function changeSubscriptionPlan(
  db: DbOrTx,
  id: string,
  values: { plan: string; baseAmountCents: number; amountCents: number },
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({
      plan: values.plan,
      base_amount_cents: values.baseAmountCents,
      amount_cents: values.amountCents,
      scheduled_plan: null,
    })
    .where('id', '=', id)
    .execute();
}

/** The account's phone numbers in use, one per agent, oldest first (ADR 044); a released number is not. */
export async function listPhoneNumbers(
  db: DbOrTx,
  userId: string,
): Promise<{ agentId: string; phoneNumber: string; companyName: string }[]> {
  const rows = await db
    .selectFrom('agent_configs')
    .select(['id', 'twilio_phone_number', 'company_name'])
    .where('user_id', '=', userId)
    .where('number_released_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    agentId: r.id,
    phoneNumber: r.twilio_phone_number,
    companyName: r.company_name,
  }));
}

/** Every payment of an account the owner would call one: paid, refunded or refused (not abandoned checkouts). */
export async function listPayments(db: DbOrTx, userId: string): Promise<Payment[]> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['paid', 'refunded', 'refused'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map(toPayment);
}

export async function findPayment(db: DbOrTx, id: string): Promise<Payment | undefined> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPayment(row) : undefined;
}
