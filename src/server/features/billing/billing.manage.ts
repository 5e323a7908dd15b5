import { randomUUID } from 'node:crypto';
import { formatPhoneNumber } from '../../../shared/phone.ts';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/schema.ts';
import { grantPlanTopUp, lockAccount, refreshAgentStatus } from '../../entitlements/minutes.ts';
import {
  findOpenSubscription,
  numberReleaseDate,
  NUMBER_GRACE_DAYS,
  type Subscription,
} from '../../entitlements/subscriptions.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { SESSION_ID_PLACEHOLDER } from '../../providers/payments/payments.ts';
import { formatUsd, isPlanId, PLANS, type PlanId } from '../../../shared/plans.ts';
import * as repo from './billing.repository.ts';
import { checkOrigin, cents, discounted, providerFailure, type BillingUser } from './billing.common.ts';

/**
 * What the owner manages alone (issue 25, ADR 020 addendum): change plan (an upgrade at once with a prorated
 * charge and prorated minutes, a downgrade at the next renewal, undoable), cancel at the period end and resume,
 * the payments list with receipts, and Stripe's customer portal. Every change runs in one transaction that locks
 * the account first, then the subscription (the lock order of ADR 020).
 */

type Tx = Transaction<Database>;

export { NUMBER_GRACE_DAYS };

const dateText = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The monthly price of `plan` for this subscription: a "forever" discount carries over to any plan. */
function monthlyCents(plan: PlanId, sub: Subscription): number {
  const base = cents(PLANS[plan].price);
  return keptPercent(sub) > 0 ? discounted(base, keptPercent(sub)) : base;
}

const keptPercent = (sub: Subscription) =>
  sub.discountType === 'forever' && sub.discountPercent > 0 ? sub.discountPercent : 0;

export interface PlanChangeQuote {
  direction: 'upgrade' | 'downgrade';
  subscription: Subscription;
  from: PlanId;
  plan: PlanId;
  /** Upgrade: due now, after a "forever" discount; base before it. Downgrade: 0. */
  amountCents: number;
  baseAmountCents: number;
  discountPercent: number;
  /** Upgrade: plan minutes added to this period (the prorated share of the difference). */
  minutesAdded: number;
  daysLeft: number;
  periodDays: number;
  /** The monthly price from the next renewal on. */
  newMonthlyCents: number;
  effectiveAt: Date;
  numberLimit: number;
  numbersInUse: number;
  /** The numbers in use, oldest first: a downgrade below them names which to release (ADR 044). */
  numbers: { agentId: string; phoneNumber: string; companyName: string }[];
}

/**
 * The figures of a plan change, computed the same way for the preview, the local checkout and Stripe: the share of
 * the period left (whole days left, a day begun counting) times the difference of the monthly prices, in cents,
 * rounded; and the same share of the difference in plan minutes, rounded. Stripe gets the matching proration date.
 */
export async function quotePlanChange(
  deps: AppDeps,
  userId: string,
  rawPlan: string,
): Promise<PlanChangeQuote> {
  const now = deps.clock.now();
  const planId = rawPlan.trim().toLowerCase();
  if (!isPlanId(planId) || planId === 'trial') {
    throw new AppError('bad_request', `Unknown plan "${rawPlan}". Choose basic, pro or enterprise.`);
  }
  const sub = await findOpenSubscription(deps.db, userId);
  if (!sub || sub.currentPeriodEnd <= now || !['active', 'trialing'].includes(sub.status)) {
    throw new AppError('payment_required', 'You have no active subscription. Please choose a plan first.');
  }
  if (sub.plan === 'trial' || !isPlanId(sub.plan)) {
    throw new AppError(
      'conflict',
      'During the 7-day trial, choose a plan on the pricing page: it starts today with its full minutes.',
    );
  }
  const plan = PLANS[planId];
  if (sub.plan === planId) throw new AppError('conflict', `You are already on the ${plan.name} plan`);
  if (sub.cancelAtPeriodEnd) {
    throw new AppError('conflict', 'Your subscription is set to cancel. Resume it before changing plan.');
  }
  const from = sub.plan;
  const direction = plan.price > PLANS[from].price ? 'upgrade' : 'downgrade';
  const periodMs = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime();
  const leftMs = Math.max(0, sub.currentPeriodEnd.getTime() - now.getTime());
  // Prorated by whole days left (a day begun counts): the figure shown stays the figure charged all day long.
  const daysLeft = Math.ceil(leftMs / DAY_MS);
  const share = periodMs > 0 ? Math.min(1, (daysLeft * DAY_MS) / periodMs) : 0;
  const up = direction === 'upgrade';
  const numbers = await repo.listPhoneNumbers(deps.db, userId);
  return {
    direction,
    subscription: sub,
    from,
    plan: planId,
    amountCents: up ? Math.round((monthlyCents(planId, sub) - monthlyCents(from, sub)) * share) : 0,
    baseAmountCents: up ? Math.round((cents(plan.price) - cents(PLANS[from].price)) * share) : 0,
    discountPercent: keptPercent(sub),
    minutesAdded: up ? Math.round((plan.minutes - PLANS[from].minutes) * share) : 0,
    daysLeft,
    periodDays: Math.round(periodMs / DAY_MS),
    newMonthlyCents: monthlyCents(planId, sub),
    effectiveAt: up ? now : sub.currentPeriodEnd,
    numberLimit: plan.phoneNumbers,
    numbersInUse: numbers.length,
    numbers,
  };
}

function tooManyNumbers(quote: PlanChangeQuote): string | null {
  if (quote.direction !== 'downgrade') return null;
  return numbersOverPlan(quote.plan, quote.numbers, 'moving to');
}

/**
 * The refusal of a plan that allows fewer phone numbers than the account holds, naming them so the owner can pick
 * which to release (ADR 044); null when they fit. `verb`: "moving to" (a plan change), "choosing" (a new
 * subscription, e.g. within the grace period after a larger plan ended).
 */
export function numbersOverPlan(
  planId: PlanId,
  numbers: { phoneNumber: string; companyName: string }[],
  verb: string,
): string | null {
  const plan = PLANS[planId];
  if (numbers.length <= plan.phoneNumbers) return null;
  const allows = `${plan.phoneNumbers} phone number${plan.phoneNumbers === 1 ? '' : 's'}`;
  const release = numbers.length - plan.phoneNumbers;
  const list = numbers.map((n) => `${formatPhoneNumber(n.phoneNumber)} (${n.companyName})`).join(', ');
  return (
    `The ${plan.name} plan allows ${allows} and your account uses ${numbers.length}: ${list}. ` +
    `Release ${release === 1 ? 'one of them' : `${release} of them`} on the dashboard before ${verb} ${plan.name}; nothing is released for you.`
  );
}

/** The line the preview, the local checkout and the receipt show for an upgrade. */
function upgradeNote(quote: PlanChangeQuote): string {
  const plan = PLANS[quote.plan];
  return (
    `Prorated for the ${quote.daysLeft} of ${quote.periodDays} days left until ${dateText(quote.subscription.currentPeriodEnd)}: ` +
    `${formatUsd(quote.amountCents / 100)} now and ${quote.minutesAdded.toLocaleString('en-US')} more plan minutes this period, ` +
    `then ${formatUsd(quote.newMonthlyCents / 100)}/month with ${plan.minutes.toLocaleString('en-US')} minutes.`
  );
}

export async function previewPlanChange(deps: AppDeps, userId: string, rawPlan: string) {
  const quote = await quotePlanChange(deps, userId, rawPlan);
  const plan = PLANS[quote.plan];
  const blocked = tooManyNumbers(quote);
  return {
    direction: quote.direction,
    plan: quote.plan,
    plan_name: plan.name,
    current_plan: quote.from,
    current_plan_name: PLANS[quote.from].name,
    amount_due: quote.amountCents / 100,
    base_amount_due: quote.baseAmountCents / 100,
    discount_percent: quote.discountPercent,
    minutes_added: quote.minutesAdded,
    days_left: quote.daysLeft,
    period_days: quote.periodDays,
    period_end: quote.subscription.currentPeriodEnd.toISOString(),
    new_monthly_amount: quote.newMonthlyCents / 100,
    new_plan_minutes: plan.minutes,
    effective_at: quote.effectiveAt.toISOString(),
    number_limit: quote.numberLimit,
    numbers_in_use: quote.numbersInUse,
    /** How many numbers to release first (0 when the plan allows them all), and the numbers to pick from. */
    numbers_to_release: Math.max(0, quote.numbersInUse - quote.numberLimit),
    numbers: quote.numbers.map((n) => ({
      agent_id: n.agentId,
      phone_number: n.phoneNumber,
      company_name: n.companyName,
    })),
    allowed: blocked === null,
    message:
      blocked ??
      (quote.direction === 'upgrade'
        ? upgradeNote(quote)
        : `Your plan changes to ${plan.name} on ${dateText(quote.effectiveAt)}, at the renewal: ${formatUsd(quote.newMonthlyCents / 100)}/month with ${plan.minutes.toLocaleString('en-US')} minutes. Until then you keep ${PLANS[quote.from].name}. You can undo this until then.`),
  };
}

/**
 * POST /subscription/change-plan. An upgrade: with Stripe the subscription's price changes with proration, the
 * difference is charged to the saved card at once and applied here; locally (the test card) the built-in checkout
 * shows the same figures and its Pay applies it. A downgrade is scheduled for the renewal.
 */
export async function changePlan(
  deps: AppDeps,
  user: BillingUser,
  input: { plan: string; originUrl: string; requestOrigin: string },
) {
  const origin = checkOrigin(deps, input.originUrl, input.requestOrigin);
  const quote = await quotePlanChange(deps, user.id, input.plan);
  const sub = quote.subscription;
  const payments = deps.providers.payments;
  if (quote.direction === 'downgrade') {
    const blocked = tooManyNumbers(quote);
    if (blocked) throw new AppError('conflict', blocked);
    return scheduleDowngrade(deps, user.id, quote);
  }

  const plan = PLANS[quote.plan];
  const stripeManaged = sub.provider === 'stripe' && payments.kind === 'stripe' && sub.providerSubscriptionId;
  if (quote.amountCents > 0 && !stripeManaged && !(sub.provider === 'local' && payments.kind === 'local')) {
    throw new AppError(
      'conflict',
      'This subscription has no card on file: choose the new plan on the pricing page.',
    );
  }
  if (stripeManaged) {
    const changeId = randomUUID();
    const invoice = await payments
      .changeSubscriptionPrice(sub.providerSubscriptionId!, {
        amountCents: cents(plan.price),
        description: `${plan.name} plan`,
        prorate: true,
        // Stripe prorates from this instant: the same whole days left as the quote.
        prorationDate: new Date(
          Math.max(
            sub.currentPeriodStart.getTime(),
            sub.currentPeriodEnd.getTime() - quote.daysLeft * DAY_MS,
          ),
        ),
        metadata: { plan: quote.plan, user_id: user.id, change_id: changeId },
      })
      .catch(providerFailure);
    await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, user.id);
      const payment = await repo.insertPayment(trx, {
        userId: user.id,
        provider: 'stripe',
        providerSessionId: invoice?.invoiceId ?? `upgrade_${changeId}`,
        providerPaymentId: sub.providerSubscriptionId,
        kind: 'upgrade',
        plan: quote.plan,
        minutes: quote.minutesAdded,
        amountCents: invoice?.amountPaidCents ?? quote.amountCents,
        baseAmountCents: quote.baseAmountCents,
        discountPercent: quote.discountPercent,
        couponCode: null,
        status: 'paid',
        appliedAt: deps.clock.now(),
        now: deps.clock.now(),
      });
      if (payment) await applyUpgrade(deps, trx, payment);
    });
    return {
      direction: 'upgrade' as const,
      changed: true,
      amount_charged: (invoice?.amountPaidCents ?? 0) / 100,
    };
  }

  if (quote.amountCents === 0) {
    // Nothing to charge (a 100% "forever" discount, or the period's last second): applied at once.
    await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, user.id);
      const payment = await repo.insertPayment(trx, {
        userId: user.id,
        provider: sub.provider,
        providerSessionId: `upgrade_${randomUUID()}`,
        kind: 'upgrade',
        plan: quote.plan,
        minutes: quote.minutesAdded,
        amountCents: 0,
        baseAmountCents: quote.baseAmountCents,
        discountPercent: quote.discountPercent,
        couponCode: null,
        status: 'paid',
        appliedAt: deps.clock.now(),
        now: deps.clock.now(),
      });
      if (payment) await applyUpgrade(deps, trx, payment);
    });
    return { direction: 'upgrade' as const, changed: true, amount_charged: 0 };
  }

  // Local: the built-in checkout, paid with the saved test card.
  const paymentId = randomUUID();
  const session = await payments
    .createCheckout({
      userId: user.id,
      customerEmail: user.email,
      description: `Upgrade to ${plan.name}`,
      note: upgradeNote(quote),
      lines: [
        {
          description: `Upgrade to ${plan.name} (prorated)`,
          amountCents: quote.baseAmountCents,
          recurring: false,
        },
      ],
      discount: undefined,
      successUrl: `${origin}/billing?session_id=${SESSION_ID_PLACEHOLDER}`,
      cancelUrl: `${origin}/billing`,
      metadata: { payment_id: paymentId, user_id: user.id, kind: 'upgrade', plan: quote.plan },
      amountDueCents: quote.amountCents,
      baseAmountCents: quote.baseAmountCents,
    })
    .catch(providerFailure);
  await repo.insertPayment(deps.db, {
    id: paymentId,
    userId: user.id,
    provider: payments.kind,
    providerSessionId: session.id,
    kind: 'upgrade',
    plan: quote.plan,
    minutes: quote.minutesAdded,
    amountCents: quote.amountCents,
    baseAmountCents: quote.baseAmountCents,
    discountPercent: quote.discountPercent,
    couponCode: null,
    status: 'pending',
    appliedAt: null,
    now: deps.clock.now(),
  });
  return {
    direction: 'upgrade' as const,
    url: session.url,
    checkout_url: session.url,
    session_id: session.id,
  };
}

/**
 * The legacy POST /stripe/create-checkout (SPEC 7) of a monthly subscriber asking for another monthly plan: the same
 * change as /billing, never a second full-price subscription. A downgrade is scheduled for the renewal and the
 * answer points at /billing, which shows it; a local upgrade opens the built-in checkout for the prorated amount
 * (its page shows the figures before Pay); a Stripe upgrade, which would charge the saved card at once, points at
 * /billing?plan=…, where the preview asks the owner to confirm. SPEC's answer shape: checkout_url and url.
 */
export async function changePlanFromCheckout(
  deps: AppDeps,
  user: BillingUser,
  input: { plan: PlanId; originUrl: string; requestOrigin: string; couponCode: string },
): Promise<{ checkout_url: string; url: string }> {
  const origin = checkOrigin(deps, input.originUrl, input.requestOrigin);
  if (input.couponCode) {
    throw new AppError(
      'conflict',
      'A coupon code is for a new subscription. Change your plan on Billing: the prorated price is shown there.',
    );
  }
  const quote = await quotePlanChange(deps, user.id, input.plan);
  const sub = quote.subscription;
  const stripeManaged =
    sub.provider === 'stripe' && deps.providers.payments.kind === 'stripe' && sub.providerSubscriptionId;
  const to = (url: string) => ({ checkout_url: url, url });
  if (quote.direction === 'upgrade' && stripeManaged) {
    return to(`${origin}/billing?plan=${encodeURIComponent(quote.plan)}`);
  }
  const result = await changePlan(deps, user, input);
  return 'url' in result && result.url ? to(result.url) : to(`${origin}/billing`);
}

/**
 * Applies a paid upgrade in the caller's transaction (the account is locked): the open subscription moves to the
 * new plan now, its period unchanged, and the paid share of the minutes is added to this period's plan minutes.
 * A downgrade scheduled before is dropped. The minutes are those quoted when the payment was made.
 */
export async function applyUpgrade(deps: AppDeps, trx: Tx, payment: repo.Payment): Promise<void> {
  if (!payment.userId || !payment.plan || !isPlanId(payment.plan)) return;
  const now = deps.clock.now();
  await lockAccount(trx, payment.userId);
  const sub = await findOpenSubscription(trx, payment.userId, { lock: true });
  if (!sub) return;
  const baseAmountCents = cents(PLANS[payment.plan].price);
  await repo.changeSubscriptionPlan(trx, sub.id, {
    plan: payment.plan,
    baseAmountCents,
    amountCents: keptPercent(sub) > 0 ? discounted(baseAmountCents, keptPercent(sub)) : baseAmountCents,
  });
  await grantPlanTopUp(trx, {
    userId: payment.userId,
    subscriptionId: sub.id,
    minutes: payment.minutes ?? 0,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    paymentId: payment.id,
    now,
  });
  await refreshAgentStatus(trx, payment.userId, now);
}

/**
 * An upgrade payment that no longer fits the account (checked under the account lock before it is paid): the open
 * subscription is gone, already on a plan at least as dear, or in a period that started after the quote.
 */
export async function isStaleUpgrade(trx: Tx, payment: repo.Payment): Promise<boolean> {
  if (payment.kind !== 'upgrade' || !payment.userId) return false;
  const sub = await findOpenSubscription(trx, payment.userId, { lock: true });
  if (!sub || !payment.plan || !isPlanId(payment.plan) || !isPlanId(sub.plan)) return true;
  if (PLANS[sub.plan].price >= PLANS[payment.plan].price) return true;
  return sub.currentPeriodStart.getTime() > payment.createdAt.getTime();
}

/** The price the provider should charge from the next renewal on (the plan it renews into). */
async function setRenewalPriceAtProvider(deps: AppDeps, sub: Subscription, plan: PlanId) {
  if (sub.provider !== 'stripe' || deps.providers.payments.kind !== 'stripe' || !sub.providerSubscriptionId)
    return;
  await deps.providers.payments
    .changeSubscriptionPrice(sub.providerSubscriptionId, {
      amountCents: cents(PLANS[plan].price),
      description: `${PLANS[plan].name} plan`,
      prorate: false,
      prorationDate: deps.clock.now(),
      metadata: { plan },
    })
    .catch(providerFailure);
}

async function scheduleDowngrade(deps: AppDeps, userId: string, quote: PlanChangeQuote) {
  await setRenewalPriceAtProvider(deps, quote.subscription, quote.plan);
  await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const sub = await findOpenSubscription(trx, userId, { lock: true });
    if (!sub || sub.id !== quote.subscription.id) {
      throw new AppError('conflict', 'Your subscription changed meanwhile. Please try again.');
    }
    await repo.setScheduledPlan(trx, sub.id, quote.plan);
  });
  return {
    direction: 'downgrade' as const,
    scheduled_change: {
      plan: quote.plan,
      plan_name: PLANS[quote.plan].name,
      effective_at: quote.effectiveAt.toISOString(),
    },
  };
}

/** Undoes a scheduled downgrade: the subscription renews on its current plan. */
export async function undoScheduledChange(deps: AppDeps, userId: string) {
  const sub = await findOpenSubscription(deps.db, userId);
  if (!sub?.scheduledPlan) throw new AppError('conflict', 'No plan change is scheduled');
  if (isPlanId(sub.plan)) await setRenewalPriceAtProvider(deps, sub, sub.plan);
  await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const locked = await findOpenSubscription(trx, userId, { lock: true });
    if (locked) await repo.setScheduledPlan(trx, locked.id, null);
  });
  return { scheduled_change: null };
}

// ---------------------------------------------------------------- cancel and resume

async function liveOpenSubscription(deps: AppDeps, userId: string): Promise<Subscription> {
  const sub = await findOpenSubscription(deps.db, userId);
  if (!sub || sub.currentPeriodEnd <= deps.clock.now()) {
    throw new AppError('conflict', 'You have no active subscription');
  }
  return sub;
}

async function setCancel(deps: AppDeps, userId: string, cancel: boolean) {
  const sub = await liveOpenSubscription(deps, userId);
  if (sub.cancelAtPeriodEnd === cancel) {
    throw new AppError(
      'conflict',
      cancel ? 'Your subscription is already set to cancel' : 'Your subscription is not set to cancel',
    );
  }
  if (sub.provider === 'stripe' && deps.providers.payments.kind === 'stripe' && sub.providerSubscriptionId) {
    await deps.providers.payments
      .setCancelAtPeriodEnd(sub.providerSubscriptionId, cancel)
      .catch(providerFailure);
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const locked = await findOpenSubscription(trx, userId, { lock: true });
    if (!locked || locked.id !== sub.id) {
      throw new AppError('conflict', 'Your subscription changed meanwhile. Please try again.');
    }
    await repo.setCancelAtPeriodEnd(trx, sub.id, cancel, now);
  });
  return {
    cancel_at_period_end: cancel,
    ends_at: cancel ? sub.currentPeriodEnd.toISOString() : null,
    numbers_kept_until: cancel ? numberReleaseDate(sub.currentPeriodEnd).toISOString() : null,
  };
}

/** Ends the subscription at the end of the paid period: the agent answers until then. */
export const cancelSubscription = (deps: AppDeps, userId: string) => setCancel(deps, userId, true);
/** Undoes a cancellation before the period ends: same subscription, same discount. */
export const resumeSubscription = (deps: AppDeps, userId: string) => setCancel(deps, userId, false);

// ---------------------------------------------------------------- payments and receipts

function describePayment(payment: repo.Payment): string {
  const planName = payment.plan && isPlanId(payment.plan) ? PLANS[payment.plan].name : payment.plan;
  switch (payment.kind) {
    case 'trial':
      return PLANS.trial.name;
    case 'pack':
      return `${(payment.minutes ?? 0).toLocaleString('en-US')} extra minutes`;
    case 'renewal':
      return `${planName} plan, monthly renewal`;
    case 'upgrade':
      return `Upgrade to ${planName} (prorated)`;
    default:
      return `${planName} plan`;
  }
}

export function toPaymentView(payment: repo.Payment) {
  return {
    id: payment.id,
    created_at: payment.createdAt.toISOString(),
    kind: payment.kind,
    description: describePayment(payment),
    plan: payment.plan,
    minutes: payment.minutes,
    amount: payment.amountCents / 100,
    base_amount: payment.baseAmountCents / 100,
    discount_percent: payment.discountPercent,
    coupon_code: payment.couponCode,
    status: payment.status,
    provider: payment.provider,
    receipt_url: `/api/billing/payments/${payment.id}/receipt`,
  };
}

export async function listPayments(deps: AppDeps, userId: string) {
  const payments = await repo.listPayments(deps.db, userId);
  const sub = await findOpenSubscription(deps.db, userId);
  return {
    payments: payments.map(toPaymentView),
    manage_payment_method: deps.providers.payments.kind === 'stripe' && Boolean(sub?.providerCustomerId),
  };
}

async function ownPayment(deps: AppDeps, userId: string, id: string) {
  const payment = await repo.findPayment(deps.db, id);
  if (!payment || payment.userId !== userId || !['paid', 'refunded', 'refused'].includes(payment.status)) {
    throw new AppError('not_found', 'Payment not found');
  }
  return payment;
}

/** The printable receipt of one payment (the local receipt page). */
export async function getReceipt(deps: AppDeps, user: BillingUser & { name?: string | null }, id: string) {
  const payment = await ownPayment(deps, user.id, id);
  return {
    ...toPaymentView(payment),
    receipt_number: `R-${payment.createdAt.toISOString().slice(0, 10).replaceAll('-', '')}-${payment.id.slice(0, 8).toUpperCase()}`,
    billed_to: { email: user.email, name: user.name ?? null },
    paid_at: (payment.appliedAt ?? payment.createdAt).toISOString(),
    discount_amount: (payment.baseAmountCents - payment.amountCents) / 100,
  };
}

/**
 * Where the receipt of a payment is: Stripe's hosted invoice or receipt when the payment went through Stripe, else
 * our own printable page.
 */
export async function receiptLocation(deps: AppDeps, userId: string, id: string): Promise<string> {
  const payment = await ownPayment(deps, userId, id);
  if (payment.provider === 'stripe' && deps.providers.payments.kind === 'stripe') {
    const url = await deps.providers.payments.receiptUrl(payment.providerSessionId).catch(providerFailure);
    if (url) return url;
  }
  return `/billing/receipts/${encodeURIComponent(payment.id)}`;
}

/** "Manage payment method": Stripe's customer portal, back to /billing. */
export async function openPaymentPortal(
  deps: AppDeps,
  userId: string,
  input: { originUrl: string; requestOrigin: string },
) {
  const origin = checkOrigin(deps, input.originUrl, input.requestOrigin);
  const sub = await findOpenSubscription(deps.db, userId);
  const customer = sub?.providerCustomerId;
  if (deps.providers.payments.kind !== 'stripe' || sub?.provider !== 'stripe' || !customer) {
    throw new AppError(
      'not_found',
      'Payment methods are managed with Stripe, which is not set up for this account',
    );
  }
  const url = await deps.providers.payments
    .createPortalSession(customer, `${origin}/billing`)
    .catch(providerFailure);
  if (!url)
    throw new AppError(
      'not_found',
      'Payment methods are managed with Stripe, which is not set up for this account',
    );
  return { url };
}

/** The admin's view of an account's billing: the same payment list and what is scheduled. */
export async function adminBillingOverview(deps: AppDeps, userId: string) {
  const payments = await repo.listPayments(deps.db, userId);
  const sub = await findOpenSubscription(deps.db, userId);
  const scheduled: { kind: 'downgrade' | 'cancel'; description: string; effective_at: string }[] = [];
  if (sub?.cancelAtPeriodEnd) {
    scheduled.push({
      kind: 'cancel',
      description: `Cancels on ${dateText(sub.currentPeriodEnd)}; numbers kept until ${dateText(numberReleaseDate(sub.currentPeriodEnd))}`,
      effective_at: sub.currentPeriodEnd.toISOString(),
    });
  } else if (sub?.scheduledPlan && isPlanId(sub.scheduledPlan)) {
    scheduled.push({
      kind: 'downgrade',
      description: `Changes to ${PLANS[sub.scheduledPlan].name} on ${dateText(sub.currentPeriodEnd)}`,
      effective_at: sub.currentPeriodEnd.toISOString(),
    });
  }
  return { payments: payments.map(toPaymentView), scheduled_changes: scheduled };
}
