import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import {
  SESSION_ID_PLACEHOLDER,
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentsProvider,
} from './payments.ts';

/** What the local checkout page shows. */
export interface LocalCheckoutDetails {
  id: string;
  userId: string | null;
  description: string;
  amountCents: number;
  baseAmountCents: number;
  discountPercent: number;
  discountType: string | null;
  couponCode: string | null;
  recurring: boolean;
  trialDays: number | null;
  note: string | null;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  expiresAt: Date;
}

const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The built-in payment provider used without STRIPE_SECRET_KEY: a checkout is a row of
 * local_checkouts shown by the page /local-checkout/:id ("test payment"), completed or cancelled
 * by its owner. A completed recurring checkout stands for a saved test card that the billing cycle
 * charges at each renewal. No webhooks: completion is confirmed by this provider's own table.
 */
export class LocalPaymentsProvider implements PaymentsProvider {
  readonly kind = 'local' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const id = `lcs_${randomToken(18)}`;
    const metadata: Record<string, string> = {
      ...request.metadata,
      recurring: String(request.lines.some((l) => l.recurring)),
      ...(request.trialDays ? { trial_days: String(request.trialDays) } : {}),
      ...(request.note ? { note: request.note } : {}),
      ...(request.discount
        ? { discount_type: request.discount.type, coupon_code: request.discount.code }
        : {}),
    };
    await this.db
      .insertInto('local_checkouts')
      .values({
        id,
        user_id: request.userId,
        description: request.description,
        amount_cents: request.amountDueCents,
        base_amount_cents: request.baseAmountCents,
        discount_percent: request.discount?.percent ?? 0,
        success_url: request.successUrl.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(id)),
        cancel_url: request.cancelUrl,
        status: 'open',
        metadata: JSON.stringify(metadata),
        expires_at: new Date(this.clock.now().getTime() + CHECKOUT_TTL_MS),
        created_at: this.clock.now(),
      })
      .execute();
    return this.getCheckout(id);
  }

  async getCheckout(sessionId: string, db: Db = this.db): Promise<CheckoutSession> {
    const details = await this.findCheckout(sessionId, db);
    if (!details) throw new Error(`unknown local checkout ${sessionId}`);
    const row = await db
      .selectFrom('local_checkouts')
      .select('metadata')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return {
      id: details.id,
      url: `${new URL(details.successUrl).origin}/local-checkout/${encodeURIComponent(details.id)}`,
      status: details.status,
      paymentStatus:
        details.status === 'complete'
          ? details.amountCents === 0
            ? 'no_payment_required'
            : 'paid'
          : 'unpaid',
      subscriptionId: details.recurring && details.status === 'complete' ? `lsub_${details.id}` : null,
      customerId: details.userId,
      metadata: row.metadata,
    };
  }

  async findCheckout(sessionId: string, db: Db = this.db): Promise<LocalCheckoutDetails | undefined> {
    const row = await db
      .selectFrom('local_checkouts')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return undefined;
    const expired = row.status === 'open' && row.expires_at.getTime() <= this.clock.now().getTime();
    const metadata = row.metadata ?? {};
    return {
      id: row.id,
      userId: row.user_id,
      description: row.description,
      amountCents: row.amount_cents,
      baseAmountCents: row.base_amount_cents,
      discountPercent: row.discount_percent,
      discountType: metadata.discount_type ?? null,
      couponCode: metadata.coupon_code ?? null,
      recurring: metadata.recurring === 'true',
      trialDays: metadata.trial_days ? Number(metadata.trial_days) : null,
      note: metadata.note ?? null,
      successUrl: row.success_url,
      cancelUrl: row.cancel_url,
      status: expired ? 'expired' : (row.status as LocalCheckoutDetails['status']),
      expiresAt: row.expires_at,
    };
  }

  /**
   * The Pay button: marks an open checkout paid. Returns false when it was not open (paid,
   * cancelled or expired meanwhile). `db` may be the caller's transaction, so that billing applies
   * the payment in the same transaction (a webhook delivered in-process, never half done).
   */
  async completeCheckout(sessionId: string, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('local_checkouts')
      .set({ status: 'complete' })
      .where('id', '=', sessionId)
      .where('status', '=', 'open')
      .where('expires_at', '>', this.clock.now())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The Cancel button: an open checkout can no longer be paid. Returns false when it was not open. */
  async cancelCheckout(sessionId: string, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('local_checkouts')
      .set({ status: 'expired' })
      .where('id', '=', sessionId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async refundCheckout(): Promise<void> {
    // Billing refuses a local checkout before it completes (same transaction), so nothing was charged.
  }

  parseWebhook(): never {
    throw new WebhookSignatureError('The local payment provider sends no webhooks');
  }

  async removeSubscriptionDiscount(): Promise<void> {
    // Local renewals read the price from our subscriptions table, where the discount is removed.
  }

  async cancelSubscription(): Promise<void> {
    // Nothing to stop: local renewals are driven by our own subscriptions table.
  }

  async changeSubscriptionPrice(): Promise<null> {
    // Local upgrades are paid on the local checkout page; renewals read the plan from our subscriptions table.
    return null;
  }

  async setCancelAtPeriodEnd(): Promise<void> {
    // The local billing cycle reads cancel_at_period_end from our subscriptions table.
  }

  async createPortalSession(): Promise<null> {
    return null;
  }

  async receiptUrl(): Promise<null> {
    // Local receipts are our own printable page.
    return null;
  }
}
