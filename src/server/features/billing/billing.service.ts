import { randomInt, randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  findLiveSubscriptionWithUsage,
  grantExtraMinutes,
  grantPlanPeriod,
  lockAccount,
  refreshAgentStatus,
  type Usage,
} from '../../entitlements/minutes.ts';
import {
  findActiveSubscription,
  findNumberHolds,
  findOpenSubscription,
  numberReleaseDate,
  type Subscription,
} from '../../entitlements/subscriptions.ts';
import { accountCacheOf } from '../../lib/account-cache.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { CheckoutLine, PaymentEvent } from '../../providers/payments/payments.ts';
import { SESSION_ID_PLACEHOLDER, WebhookSignatureError } from '../../providers/payments/payments.ts';
import { LocalPaymentsProvider } from '../../providers/payments/local.ts';
import {
  COUPON_PERCENTS,
  COUPON_TYPES,
  MINUTE_PACKS,
  PLANS,
  formatUsd,
  isPlanId,
  packPrice,
  priceAfterTrial,
  type PlanId,
} from '../../../shared/plans.ts';
import * as repo from './billing.repository.ts';
import { applyUpgrade, changePlanFromCheckout, isStaleUpgrade, numbersOverPlan } from './billing.manage.ts';
import { checkOrigin, cents, discounted, providerFailure, type BillingUser } from './billing.common.ts';

export { checkOrigin, cents, discounted, providerFailure, type BillingUser };

type Tx = Transaction<Database>;

const TRIAL_DAYS = PLANS.trial.days ?? 7;

const TRIAL_TAKEN = 'The 7-day trial is available once per account. Please choose a plan.';
const TRIAL_REFUNDED =
  'The 7-day trial is available once per account, so this payment was refunded. Please choose a plan.';

// ---------------------------------------------------------------- helpers

/** Calendar month later, same UTC day (clamped: Jan 31 -> Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export function normalizeCouponCode(code: string | undefined | null): string {
  return (code ?? '').trim().toUpperCase();
}

function describeDiscount(percent: number, type: string): string {
  return type === 'forever' ? `${percent}% off every month` : `${percent}% off your first month`;
}

// ---------------------------------------------------------------- status

const STATUS = 'subscription-status';
type SubscriptionStatus = Awaited<ReturnType<typeof readSubscriptionStatus>>;

/**
 * What the dashboard polls. A live subscription's status is kept per account (lib/account-cache.ts) until a write
 * to the account's subscriptions, minutes or numbers, or the end of its period, whichever comes first; the status of
 * an account without one (number holds that start with the passing of time) is read every time.
 */
export async function getSubscriptionStatus(deps: AppDeps, userId: string): Promise<SubscriptionStatus> {
  const now = deps.clock.now();
  const cache = accountCacheOf(deps.db);
  const cached = cache?.get<SubscriptionStatus>(userId, STATUS, now);
  if (cached) return cached;
  const readSince = cache?.generation ?? 0;
  const status = await readSubscriptionStatus(deps, userId, now);
  if (status.subscription)
    cache?.set(
      userId,
      STATUS,
      status,
      { from: now, until: new Date(status.subscription.current_period_end) },
      readSince,
    );
  return status;
}

async function readSubscriptionStatus(deps: AppDeps, userId: string, now: Date) {
  const live = await findLiveSubscriptionWithUsage(deps.db, userId, now);
  if (!live) {
    // After the end: the numbers kept for the grace period, or released since (ADR 020 addendum). `number_hold` is
    // the account's first number; `number_holds` every number, one per agent (ADR 044 addendum).
    const holds = (await findNumberHolds(deps.db, userId, now)).map((hold) => ({
      agent_id: hold.agentId,
      phone_number: hold.phoneNumber,
      subscription_ended_at: hold.subscriptionEndedAt.toISOString(),
      release_at: hold.releaseAt.toISOString(),
      released_at: hold.releasedAt?.toISOString() ?? null,
    }));
    return {
      has_subscription: false,
      subscription: null,
      ...(holds.length > 0 ? { number_hold: holds[0], number_holds: holds } : {}),
    };
  }
  const { subscription: sub, usage } = live;
  return {
    has_subscription: true,
    subscription: {
      id: sub.id,
      plan: sub.plan,
      plan_name: isPlanId(sub.plan) ? PLANS[sub.plan].name : sub.plan,
      amount: sub.amountCents / 100,
      base_amount: sub.baseAmountCents / 100,
      status: sub.status,
      discount_percent: sub.discountPercent,
      discount_type: sub.discountType,
      discount_source: sub.discountSource,
      current_period_start: sub.currentPeriodStart.toISOString(),
      current_period_end: sub.currentPeriodEnd.toISOString(),
      trial_ends_at: sub.trialEndsAt?.toISOString() ?? null,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      minutes_used: usage.minutesUsed,
      minutes_limit: usage.minutesLimit,
      usage: {
        minutes_limit: usage.minutesLimit,
        minutes_used: usage.minutesUsed,
        minutes_remaining: usage.minutesRemaining,
        percentage_used: usage.percentageUsed,
      },
      minutes: minutesBreakdown(usage),
      scheduled_change: scheduledChange(sub),
      cancel_requested_at: sub.cancelRequestedAt?.toISOString() ?? null,
      numbers_kept_until: sub.cancelAtPeriodEnd
        ? numberReleaseDate(sub.currentPeriodEnd).toISOString()
        : null,
      provider: sub.provider,
    },
  };
}

/**
 * Where the limit comes from (issue 25): the plan's minutes of this period, then the bought and gifted minutes
 * (packs, gifts) that never expire. plan_minutes + extra_available = minutes_limit; plan minutes are used first.
 */
export function minutesBreakdown(usage: Usage) {
  const extraBalance = Math.max(0, usage.extraBalance);
  return {
    order: 'plan_first' as const,
    plan_minutes: usage.planMinutes,
    plan_used: usage.planUsed,
    plan_remaining: usage.planRemaining,
    extra_available: extraBalance + usage.extraUsedInPeriod,
    extra_used: usage.extraUsedInPeriod,
    extra_balance: extraBalance,
  };
}

function scheduledChange(sub: Subscription) {
  if (!sub.scheduledPlan || !isPlanId(sub.scheduledPlan)) return null;
  return {
    plan: sub.scheduledPlan,
    plan_name: PLANS[sub.scheduledPlan].name,
    effective_at: sub.currentPeriodEnd.toISOString(),
  };
}

export async function isTrialEligible(deps: AppDeps, userId: string): Promise<boolean> {
  return !(await repo.hasEverSubscribed(deps.db, userId));
}

// ---------------------------------------------------------------- coupons

export async function validateCoupon(deps: AppDeps, rawCode: string) {
  const code = normalizeCouponCode(rawCode);
  if (!code) throw new AppError('bad_request', 'Please enter a coupon code');
  const coupon = await repo.findCoupon(deps.db, code);
  if (!coupon) throw new AppError('not_found', 'Invalid coupon code');
  if (coupon.used) throw new AppError('bad_request', 'This coupon code has already been used');
  return {
    code: coupon.code,
    discount_percent: coupon.discountPercent,
    discount_type: coupon.discountType,
    message: `Coupon applied: ${describeDiscount(coupon.discountPercent, coupon.discountType)}!`,
  };
}

/** Readable codes: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export async function generateCoupon(
  deps: AppDeps,
  admin: BillingUser,
  input: { discountPercent: number; discountType: string },
) {
  if (!(COUPON_PERCENTS as readonly number[]).includes(input.discountPercent)) {
    throw new AppError('bad_request', 'discount_percent must be 25, 50 or 100');
  }
  if (!(COUPON_TYPES as readonly string[]).includes(input.discountType)) {
    throw new AppError('bad_request', 'discount_type must be first_month or forever');
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const coupon = await repo.insertCoupon(deps.db, {
      code: randomCode(),
      discountPercent: input.discountPercent,
      discountType: input.discountType,
      createdBy: admin.email,
      now: deps.clock.now(),
    });
    if (coupon) {
      return {
        coupon: toCouponResponse(coupon),
        code: coupon.code,
        message: `Coupon ${coupon.code} created: ${describeDiscount(coupon.discountPercent, coupon.discountType)}`,
      };
    }
  }
  throw new Error('could not find a free coupon code');
}

export function toCouponResponse(coupon: repo.Coupon) {
  return {
    id: coupon.id,
    code: coupon.code,
    discount_percent: coupon.discountPercent,
    discount_type: coupon.discountType,
    used: coupon.used,
    created_at: coupon.createdAt.toISOString(),
  };
}

export async function listCoupons(deps: AppDeps) {
  return { coupons: (await repo.listCoupons(deps.db)).map(toCouponResponse) };
}

/** Reserves the coupon for this account (exactly one of two simultaneous redemptions wins). */
async function reserveCoupon(deps: AppDeps, userId: string, rawCode: string): Promise<repo.Coupon> {
  const code = normalizeCouponCode(rawCode);
  const coupon = await repo.redeemCoupon(deps.db, code, userId, deps.clock.now());
  if (coupon) return coupon;
  const existing = await repo.findCoupon(deps.db, code);
  if (!existing) throw new AppError('not_found', 'Invalid coupon code');
  throw new AppError('bad_request', 'This coupon code has already been used');
}

// ---------------------------------------------------------------- checkout

export interface CreateCheckoutInput {
  plan: string;
  originUrl: string;
  couponCode?: string | undefined;
  requestOrigin: string;
}

export async function createCheckout(deps: AppDeps, user: BillingUser, input: CreateCheckoutInput) {
  const planId = input.plan.trim().toLowerCase();
  if (!isPlanId(planId)) {
    throw new AppError(
      'bad_request',
      `Unknown plan "${input.plan}". Choose trial, basic, pro or enterprise.`,
    );
  }
  const origin = checkOrigin(deps, input.originUrl, input.requestOrigin);
  const now = deps.clock.now();
  const plan = PLANS[planId];
  if (planId === 'trial' && (await repo.hasEverSubscribed(deps.db, user.id))) {
    throw new AppError('bad_request', TRIAL_TAKEN);
  }
  const current = await findActiveSubscription(deps.db, user.id, now);
  if (current?.plan === planId) {
    throw new AppError('conflict', `You are already on the ${plan.name} plan`);
  }
  // A monthly subscriber's change of plan is prorated or scheduled as on /billing (ADR 020 addendum), not a new
  // full-price subscription. The trial and a free (100% coupon) subscription still start the new plan here.
  if (current && current.plan !== 'trial' && planId !== 'trial') {
    const open = await findOpenSubscription(deps.db, user.id);
    if (open && open.id === current.id && open.provider !== 'free') {
      return changePlanFromCheckout(deps, user, {
        plan: planId,
        originUrl: input.originUrl,
        requestOrigin: input.requestOrigin,
        couponCode: normalizeCouponCode(input.couponCode),
      });
    }
  }

  // A new subscription (the trial's end, a free one, or one bought within the grace period after a larger plan
  // ended) must fit the numbers the account holds: the owner picks which to release first (ADR 044 addendum).
  const over = numbersOverPlan(planId, await repo.listPhoneNumbers(deps.db, user.id), 'choosing');
  if (over) throw new AppError('conflict', over);

  const code = normalizeCouponCode(input.couponCode);
  const coupon = code ? await reserveCoupon(deps, user.id, code) : undefined;
  try {
    const baseCents = cents(plan.price);
    const percent = coupon?.discountPercent ?? 0;
    const amountCents = discounted(baseCents, percent);

    if (coupon && amountCents === 0) {
      await activateFreeSubscription(deps, user.id, planId, coupon);
      return { free_subscription: true as const, url: `${origin}/dashboard` };
    }

    const lines: CheckoutLine[] =
      planId === 'trial'
        ? [
            {
              description: `${PLANS.basic.name} plan (after the 7-day trial)`,
              amountCents: cents(PLANS.basic.price),
              recurring: true,
            },
            { description: plan.name, amountCents: baseCents, recurring: false },
          ]
        : [{ description: `${plan.name} plan`, amountCents: baseCents, recurring: true }];
    const paymentId = randomUUID();
    const kind = planId === 'trial' ? 'trial' : 'subscription';
    const session = await deps.providers.payments
      .createCheckout({
        userId: user.id,
        customerEmail: user.email,
        description:
          planId === 'trial'
            ? `${plan.name}: ${plan.minutes} minutes for ${TRIAL_DAYS} days, then Basic at ${formatUsd(priceAfterTrial({ percent, type: coupon?.discountType ?? null }))}/month`
            : `${plan.name} plan: ${plan.minutes.toLocaleString('en-US')} minutes a month`,
        lines,
        discount: coupon ? { percent, type: coupon.discountType, code: coupon.code } : undefined,
        trialDays: planId === 'trial' ? TRIAL_DAYS : undefined,
        successUrl: `${origin}/dashboard?session_id=${SESSION_ID_PLACEHOLDER}`,
        cancelUrl: `${origin}/pricing`,
        metadata: { payment_id: paymentId, user_id: user.id, kind, plan: planId },
        amountDueCents: amountCents,
        baseAmountCents: baseCents,
      })
      .catch(providerFailure);
    await repo.insertPayment(deps.db, {
      id: paymentId,
      userId: user.id,
      provider: deps.providers.payments.kind,
      providerSessionId: session.id,
      kind,
      plan: planId,
      minutes: plan.minutes,
      amountCents,
      baseAmountCents: baseCents,
      discountPercent: percent,
      couponCode: coupon?.code ?? null,
      status: 'pending',
      appliedAt: null,
      now,
    });
    return { checkout_url: session.url, url: session.url, session_id: session.id };
  } catch (error) {
    if (coupon) await repo.releaseCoupon(deps.db, coupon.code, user.id);
    throw error;
  }
}

async function activateFreeSubscription(deps: AppDeps, userId: string, planId: PlanId, coupon: repo.Coupon) {
  const now = deps.clock.now();
  const ended = await deps.db.transaction().execute(async (trx) => {
    // Checked again under the account lock: two free trials created at once give one.
    await lockAccount(trx, userId);
    if (planId === 'trial' && (await repo.hasEverSubscribed(trx, userId))) {
      throw new AppError('bad_request', TRIAL_TAKEN);
    }
    const payment = await repo.insertPayment(trx, {
      userId,
      provider: 'free',
      providerSessionId: `free_${randomUUID()}`,
      kind: planId === 'trial' ? 'trial' : 'subscription',
      plan: planId,
      minutes: PLANS[planId].minutes,
      amountCents: 0,
      baseAmountCents: cents(PLANS[planId].price),
      discountPercent: coupon.discountPercent,
      couponCode: coupon.code,
      status: 'paid',
      appliedAt: now,
      now,
    });
    return startSubscription(deps, trx, {
      userId,
      plan: planId,
      provider: 'free',
      providerSubscriptionId: null,
      providerCustomerId: null,
      paymentId: payment!.id,
      amountCents: 0,
      coupon,
    });
  });
  await cancelAtProvider(deps, ended);
}

export async function purchaseMinutes(
  deps: AppDeps,
  user: BillingUser,
  input: { minutes: number; originUrl: string; requestOrigin: string },
) {
  if (!(MINUTE_PACKS as readonly number[]).includes(input.minutes)) {
    throw new AppError('bad_request', 'Minute packs come in 100, 300, 500 or 1000 minutes');
  }
  const origin = checkOrigin(deps, input.originUrl, input.requestOrigin);
  const now = deps.clock.now();
  if (!(await findActiveSubscription(deps.db, user.id, now))) {
    throw new AppError(
      'payment_required',
      'An active subscription is required to purchase minutes. Please choose a plan first.',
    );
  }
  const minutes = input.minutes as (typeof MINUTE_PACKS)[number];
  const amountCents = cents(packPrice(minutes));
  const paymentId = randomUUID();
  const session = await deps.providers.payments
    .createCheckout({
      userId: user.id,
      customerEmail: user.email,
      description: `${minutes.toLocaleString('en-US')} extra minutes (never expire)`,
      lines: [{ description: `${minutes} extra minutes`, amountCents, recurring: false }],
      successUrl: `${origin}/dashboard?session_id=${SESSION_ID_PLACEHOLDER}`,
      cancelUrl: `${origin}/pricing`,
      metadata: { payment_id: paymentId, user_id: user.id, kind: 'pack', minutes: String(minutes) },
      amountDueCents: amountCents,
      baseAmountCents: amountCents,
    })
    .catch(providerFailure);
  await repo.insertPayment(deps.db, {
    id: paymentId,
    userId: user.id,
    provider: deps.providers.payments.kind,
    providerSessionId: session.id,
    kind: 'pack',
    plan: null,
    minutes,
    amountCents,
    couponCode: null,
    status: 'pending',
    appliedAt: null,
    now,
  });
  return { url: session.url, checkout_url: session.url, session_id: session.id };
}

// ---------------------------------------------------------------- applying payments

interface StartSubscriptionInput {
  userId: string;
  plan: PlanId;
  provider: string;
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
  paymentId: string;
  amountCents: number;
  coupon: Pick<repo.Coupon, 'code' | 'discountPercent' | 'discountType'> | undefined;
}

/**
 * Starts a plan now with fresh plan minutes. A plan change ends the previous subscription here
 * (extra minutes carry over by themselves); returns the previous provider subscription to stop.
 */
async function startSubscription(deps: AppDeps, trx: Tx, input: StartSubscriptionInput) {
  const now = deps.clock.now();
  const plan = PLANS[input.plan];
  const previous = await findOpenSubscription(trx, input.userId, { lock: true });
  if (previous) await repo.endSubscription(trx, previous.id, 'canceled', now);
  const trial = input.plan === 'trial';
  const periodEnd = trial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : addMonths(now, 1);
  const subscription = await repo.insertSubscription(trx, {
    userId: input.userId,
    plan: input.plan,
    status: trial ? 'trialing' : 'active',
    baseAmountCents: cents(plan.price),
    amountCents: input.amountCents,
    discountPercent: input.coupon?.discountPercent ?? 0,
    discountType: input.coupon?.discountType ?? null,
    discountSource: input.coupon?.code ?? null,
    provider: input.provider,
    providerSubscriptionId: input.providerSubscriptionId,
    providerCustomerId: input.providerCustomerId,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd,
    trialEndsAt: trial ? periodEnd : null,
    now,
  });
  if (input.coupon) {
    await repo.insertDiscountHistory(trx, {
      userId: input.userId,
      percent: input.coupon.discountPercent,
      type: input.coupon.discountType,
      source: input.coupon.code,
      now,
    });
  }
  await grantPlanPeriod(trx, {
    userId: input.userId,
    subscriptionId: subscription.id,
    minutes: plan.minutes,
    periodStart: now,
    periodEnd,
    paymentId: input.paymentId,
    now,
  });
  const stale = previous?.providerSubscriptionId;
  return stale && stale !== input.providerSubscriptionId && previous.provider === deps.providers.payments.kind
    ? stale
    : null;
}

async function cancelAtProvider(deps: AppDeps, providerSubscriptionId: string | null | undefined) {
  if (!providerSubscriptionId) return;
  try {
    await deps.providers.payments.cancelSubscription(providerSubscriptionId);
  } catch {
    // Best effort: the subscription already ended on our side; a later
    // customer.subscription.deleted webhook finds it ended and changes nothing.
  }
}

interface AppliedCheckout {
  /** This call applied the payment (the others racing it get false). */
  applied: boolean;
  /** This call refused it (a second trial): nothing granted, to be refunded after commit. */
  refused: boolean;
  /** The provider subscription to stop after commit (plan change), if any. */
  cancel: string | null;
}

/**
 * The trial is once per account (the account never had a subscription). Checked when the checkout
 * is created and again here, when its payment is applied, under the account lock: several trial
 * checkouts opened before the first was paid must not give several trials. The refused payment
 * keeps no coupon.
 */
async function refuseTakenTrial(trx: Tx, payment: repo.Payment, providerPaymentId: string | null) {
  if (payment.kind !== 'trial' || !payment.userId) return false;
  if (!(await repo.hasEverSubscribed(trx, payment.userId))) return false;
  const refused = await repo.refusePayment(trx, payment.providerSessionId, providerPaymentId);
  if (refused?.couponCode) await repo.releaseCoupon(trx, refused.couponCode, payment.userId);
  return Boolean(refused);
}

/**
 * Applies a paid checkout exactly once (webhook, status check and the local Pay button may all
 * arrive; the conditional UPDATE on payments.applied_at lets one of them through), under the
 * account lock so the trial check and the subscription change are atomic.
 */
async function applyPaidCheckout(
  deps: AppDeps,
  trx: Tx,
  checkout: { sessionId: string; subscriptionId: string | null; customerId: string | null },
): Promise<AppliedCheckout> {
  const now = deps.clock.now();
  const none = { applied: false, refused: false, cancel: null };
  const pending = await repo.findPaymentBySession(trx, checkout.sessionId);
  if (!pending?.userId) return none;
  await lockAccount(trx, pending.userId);
  if (await refuseTakenTrial(trx, pending, checkout.subscriptionId)) {
    return { applied: false, refused: true, cancel: null };
  }
  const payment = await repo.claimPayment(trx, checkout.sessionId, now, checkout.subscriptionId);
  if (!payment || !payment.userId) return none;
  if (payment.kind === 'pack') {
    await grantExtraMinutes(trx, {
      userId: payment.userId,
      minutes: payment.minutes ?? 0,
      source: 'pack',
      paymentId: payment.id,
      now,
    });
    return { applied: true, refused: false, cancel: null };
  }
  if (payment.kind === 'upgrade') {
    await applyUpgrade(deps, trx, payment);
    return { applied: true, refused: false, cancel: null };
  }
  const planId = payment.plan && isPlanId(payment.plan) ? payment.plan : 'basic';
  const coupon = payment.couponCode ? await repo.findCoupon(trx, payment.couponCode) : undefined;
  const cancel = await startSubscription(deps, trx, {
    userId: payment.userId,
    plan: planId,
    provider: payment.provider,
    providerSubscriptionId: checkout.subscriptionId,
    providerCustomerId: checkout.customerId,
    paymentId: payment.id,
    amountCents: payment.amountCents,
    coupon,
  });
  return { applied: true, refused: false, cancel };
}

/**
 * After commit: a refused checkout that the provider charged (a second trial paid at Stripe) is
 * refunded and the subscription it created is stopped, so it is never billed. Best effort: when
 * the provider cannot be reached the payment stays 'refused' and the next status check retries
 * (the provider refunds a checkout once).
 */
async function settleRefusedCheckout(deps: AppDeps, sessionId: string, subscriptionId: string | null) {
  await cancelAtProvider(deps, subscriptionId);
  try {
    await deps.providers.payments.refundCheckout(sessionId);
    await repo.markPaymentRefunded(deps.db, sessionId);
  } catch {
    // Retried by the next checkout-status call for this session.
  }
}

/** Closes an unpaid checkout and gives its coupon back, under the account's lock like every change of money. */
async function expireCheckout(deps: AppDeps, trx: Tx, sessionId: string) {
  const owner = (await repo.findPaymentBySession(trx, sessionId))?.userId;
  if (owner) await lockAccount(trx, owner);
  const payment = await repo.expirePayment(trx, sessionId);
  if (payment?.couponCode && payment.userId)
    await repo.releaseCoupon(trx, payment.couponCode, payment.userId);
}

export async function checkCheckoutStatus(deps: AppDeps, userId: string, sessionId: string) {
  const payment = await repo.findPaymentBySession(deps.db, sessionId);
  if (!payment || payment.userId !== userId) throw new AppError('not_found', 'Checkout session not found');
  const session = await deps.providers.payments.getCheckout(sessionId).catch(providerFailure);
  const paid = session.status === 'complete' && session.paymentStatus !== 'unpaid';
  if (paid) {
    const result = await deps.db.transaction().execute((trx) =>
      applyPaidCheckout(deps, trx, {
        sessionId,
        subscriptionId: session.subscriptionId,
        customerId: session.customerId,
      }),
    );
    await cancelAtProvider(deps, result.cancel);
    const current = result.refused
      ? 'refused'
      : (await repo.findPaymentBySession(deps.db, sessionId))?.status;
    if (current === 'refused' || current === 'refunded') {
      if (current === 'refused') await settleRefusedCheckout(deps, sessionId, session.subscriptionId);
      throw new AppError('conflict', TRIAL_REFUNDED);
    }
  } else if (session.status === 'expired') {
    await deps.db.transaction().execute((trx) => expireCheckout(deps, trx, sessionId));
  }
  return {
    payment_status: paid ? 'paid' : session.paymentStatus,
    status: session.status,
    // What the checkout buys, so the dashboard can say so once it is paid (beyond SPEC 7's two fields).
    purchase:
      payment.kind === 'pack'
        ? { kind: 'minutes' as const, minutes: payment.minutes }
        : { kind: 'plan' as const, plan: payment.plan },
  };
}

// ---------------------------------------------------------------- webhooks

export async function handleWebhook(deps: AppDeps, rawBody: Buffer | string, signature: string | undefined) {
  let event: PaymentEvent;
  try {
    event = deps.providers.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new AppError('bad_request', 'Invalid webhook signature');
    }
    throw new AppError('bad_request', 'Invalid webhook payload');
  }
  const provider = deps.providers.payments.kind;
  const outcome = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.recordEvent(trx, provider, event.eventId, deps.clock.now()))) {
      return { duplicate: true, cancel: null, refused: false };
    }
    return { duplicate: false, ...(await applyEvent(deps, trx, event)) };
  });
  await cancelAtProvider(deps, outcome.cancel);
  if (outcome.refused && event.type === 'checkout_completed') {
    await settleRefusedCheckout(deps, event.sessionId, event.subscriptionId);
  }
  return { received: true, duplicate: outcome.duplicate };
}

async function applyEvent(
  deps: AppDeps,
  trx: Tx,
  event: PaymentEvent,
): Promise<{ cancel: string | null; refused: boolean }> {
  const now = deps.clock.now();
  const done = { cancel: null, refused: false };
  switch (event.type) {
    case 'checkout_completed': {
      if (!event.paid) return done;
      const result = await applyPaidCheckout(deps, trx, event);
      return { cancel: result.cancel, refused: result.refused };
    }
    case 'checkout_expired':
      await expireCheckout(deps, trx, event.sessionId);
      return done;
    case 'subscription_renewed': {
      if (event.firstInvoice) return done;
      const found = await repo.findSubscriptionByProviderId(trx, event.subscriptionId);
      if (!found || found.endedAt) return done;
      await lockAccount(trx, found.userId);
      const sub = (await repo.findSubscriptionById(trx, found.id, { lock: true }))!;
      if (sub.currentPeriodStart.getTime() >= event.periodStart.getTime()) return done;
      const terms = nextPeriodTerms(sub);
      const payment = await repo.insertPayment(trx, {
        userId: sub.userId,
        provider: deps.providers.payments.kind,
        providerSessionId: event.invoiceId,
        providerPaymentId: event.subscriptionId,
        kind: 'renewal',
        plan: terms.plan,
        minutes: null,
        amountCents: event.amountCents,
        baseAmountCents: terms.baseAmountCents,
        discountPercent: terms.discountPercent,
        couponCode: null,
        status: 'paid',
        appliedAt: now,
        now,
      });
      if (!payment) return done;
      await renewSubscription(deps, trx, sub, event.periodStart, event.periodEnd, payment.id);
      return done;
    }
    case 'subscription_updated': {
      // Cancelled or resumed in Stripe's customer portal: the period end decides, as with our own button.
      const found = await repo.findSubscriptionByProviderId(trx, event.subscriptionId);
      if (!found || found.endedAt) return done;
      await lockAccount(trx, found.userId);
      await repo.setCancelAtPeriodEnd(trx, found.id, event.cancelAtPeriodEnd, now);
      return done;
    }
    case 'subscription_ended': {
      const sub = await repo.findSubscriptionByProviderId(trx, event.subscriptionId);
      if (sub && !sub.endedAt) {
        await lockAccount(trx, sub.userId);
        await repo.endSubscription(trx, sub.id, 'canceled', now);
        await refreshAgentStatus(trx, sub.userId, now);
      }
      return done;
    }
    case 'ignored':
      return done;
  }
}

// ---------------------------------------------------------------- renewals (time-based)

/**
 * The price and discount of the next period: the trial becomes Basic; a scheduled downgrade takes effect; a
 * first-month discount ends.
 */
function nextPeriodTerms(sub: Subscription) {
  const plan: PlanId =
    sub.scheduledPlan && isPlanId(sub.scheduledPlan) && sub.scheduledPlan !== 'trial'
      ? sub.scheduledPlan
      : sub.plan === 'trial'
        ? 'basic'
        : isPlanId(sub.plan)
          ? sub.plan
          : 'basic';
  const baseAmountCents = cents(PLANS[plan].price);
  const keep = sub.discountType === 'forever' && sub.discountPercent > 0;
  return {
    plan,
    baseAmountCents,
    amountCents: keep ? discounted(baseAmountCents, sub.discountPercent) : baseAmountCents,
    discountPercent: keep ? sub.discountPercent : 0,
    discountType: keep ? sub.discountType : null,
    discountSource: keep ? sub.discountSource : null,
  };
}

async function renewSubscription(
  deps: AppDeps,
  trx: Tx,
  sub: Subscription,
  periodStart: Date,
  periodEnd: Date,
  paymentId: string,
): Promise<Subscription | undefined> {
  const terms = nextPeriodTerms(sub);
  const moved = await repo.advanceSubscriptionPeriod(trx, sub.id, sub.currentPeriodStart, {
    ...terms,
    status: 'active',
    periodStart,
    periodEnd,
  });
  if (!moved) return undefined;
  await grantPlanPeriod(trx, {
    userId: sub.userId,
    subscriptionId: sub.id,
    minutes: PLANS[terms.plan].minutes,
    periodStart,
    periodEnd,
    paymentId,
    now: deps.clock.now(),
  });
  return repo.findSubscriptionById(trx, sub.id);
}

/**
 * The local billing cycle, run every minute by the app (and directly by tests after moving the
 * clock): local subscriptions whose period ended are charged on the saved test card and renewed
 * (the trial becomes Basic, plan minutes reset, extra minutes stay); free (100% coupon)
 * subscriptions renew while the price stays 0 and end otherwise, as do those set to cancel.
 * Stripe subscriptions are renewed by Stripe's invoice.paid webhook instead.
 */
export async function runBillingCycle(deps: AppDeps): Promise<{ renewed: number; ended: number }> {
  const now = deps.clock.now();
  let renewed = 0;
  let ended = 0;
  for (const due of await repo.findDueLocalSubscriptions(deps.db, now)) {
    await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, due.userId);
      let sub = await repo.findSubscriptionById(trx, due.id, { lock: true });
      for (let guard = 0; sub && !sub.endedAt && sub.currentPeriodEnd <= now && guard < 36; guard += 1) {
        const terms = nextPeriodTerms(sub);
        if (sub.cancelAtPeriodEnd || (sub.provider === 'free' && terms.amountCents > 0)) {
          await repo.endSubscription(trx, sub.id, 'expired', sub.currentPeriodEnd);
          await refreshAgentStatus(trx, sub.userId, now);
          ended += 1;
          return;
        }
        const periodStart = sub.currentPeriodEnd;
        const periodEnd = addMonths(periodStart, 1);
        const payment = await repo.insertPayment(trx, {
          userId: sub.userId,
          provider: sub.provider,
          providerSessionId: `renewal_${sub.id}_${periodStart.toISOString()}`,
          kind: 'renewal',
          plan: terms.plan,
          minutes: PLANS[terms.plan].minutes,
          amountCents: terms.amountCents,
          baseAmountCents: terms.baseAmountCents,
          discountPercent: terms.discountPercent,
          couponCode: null,
          status: 'paid',
          appliedAt: now,
          now,
        });
        if (!payment) return;
        sub = await renewSubscription(deps, trx, sub, periodStart, periodEnd, payment.id);
        renewed += 1;
      }
    });
  }
  return { renewed, ended };
}

// ---------------------------------------------------------------- the local checkout page

function localProvider(deps: AppDeps): LocalPaymentsProvider {
  const provider = deps.providers.payments;
  if (!(provider instanceof LocalPaymentsProvider)) throw new AppError('not_found', 'Not found');
  return provider;
}

async function ownLocalCheckout(deps: AppDeps, userId: string, sessionId: string) {
  const checkout = await localProvider(deps).findCheckout(sessionId);
  if (!checkout || checkout.userId !== userId) throw new AppError('not_found', 'Checkout session not found');
  return checkout;
}

export async function getLocalCheckout(deps: AppDeps, userId: string, sessionId: string) {
  const c = await ownLocalCheckout(deps, userId, sessionId);
  return {
    id: c.id,
    description: c.description,
    amount: c.amountCents / 100,
    base_amount: c.baseAmountCents / 100,
    discount_percent: c.discountPercent,
    discount_type: c.discountType,
    coupon_code: c.couponCode,
    recurring: c.recurring,
    trial_days: c.trialDays,
    note: c.note,
    status: c.status,
    success_url: c.successUrl,
    cancel_url: c.cancelUrl,
    expires_at: c.expiresAt.toISOString(),
  };
}

/**
 * Pay: in one transaction under the account lock, the local provider marks the checkout paid
 * (only if it is still open) and billing applies it, like a webhook delivered in-process; so a
 * Cancel at the same moment either finds it paid or wins, never half of each. A second trial is
 * refused before anything is charged: the checkout closes unpaid.
 */
export async function completeLocalCheckout(deps: AppDeps, userId: string, sessionId: string) {
  const checkout = await ownLocalCheckout(deps, userId, sessionId);
  const local = localProvider(deps);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const payment = await repo.findPaymentBySession(trx, sessionId);
    if (payment?.status === 'pending' && (await refuseTakenTrial(trx, payment, null))) {
      await local.cancelCheckout(sessionId, trx);
      return { state: 'refused' as const, cancel: null };
    }
    // An upgrade quoted for a plan or period that is no longer the account's (paid twice, or renewed since):
    // closed unpaid, so a stale figure is never charged.
    if (payment?.status === 'pending' && (await isStaleUpgrade(trx, payment))) {
      await local.cancelCheckout(sessionId, trx);
      await expireCheckout(deps, trx, sessionId);
      return { state: 'stale' as const, cancel: null };
    }
    const completed = await local.completeCheckout(sessionId, trx);
    // Not open any more: paid by an earlier click (apply it if nobody has yet), or cancelled/expired.
    if (!completed && (await local.findCheckout(sessionId, trx))?.status !== 'complete') {
      return {
        state: payment?.status === 'refused' ? ('refused' as const) : ('closed' as const),
        cancel: null,
      };
    }
    const session = await local.getCheckout(sessionId, trx);
    const result = await applyPaidCheckout(deps, trx, {
      sessionId,
      subscriptionId: session.subscriptionId,
      customerId: session.customerId,
    });
    return { state: result.refused ? ('refused' as const) : ('paid' as const), cancel: result.cancel };
  });
  await cancelAtProvider(deps, outcome.cancel);
  if (outcome.state === 'refused') throw new AppError('conflict', TRIAL_TAKEN);
  if (outcome.state === 'stale') {
    throw new AppError(
      'conflict',
      'Your plan changed since this checkout was opened, so nothing was charged. Please start again from Billing.',
    );
  }
  if (outcome.state === 'closed') {
    throw new AppError(
      'conflict',
      'This checkout session was cancelled or has expired. Please start again from the pricing page.',
    );
  }
  return { url: checkout.successUrl, payment_status: 'paid' };
}

/** Cancel: closes the checkout and gives its coupon back, unless a Pay got there first. */
export async function cancelLocalCheckout(deps: AppDeps, userId: string, sessionId: string) {
  const checkout = await ownLocalCheckout(deps, userId, sessionId);
  const local = localProvider(deps);
  const paid = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const cancelled = await local.cancelCheckout(sessionId, trx);
    if (!cancelled && (await local.findCheckout(sessionId, trx))?.status === 'complete') return true;
    await expireCheckout(deps, trx, sessionId);
    return false;
  });
  if (paid) throw new AppError('conflict', 'This checkout session has already been paid');
  return { url: checkout.cancelUrl };
}
