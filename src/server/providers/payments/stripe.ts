import Stripe from 'stripe';
import { z } from 'zod';
import { ProviderError } from '../../lib/errors.ts';
import {
  PaymentDeclinedError,
  SESSION_ID_PLACEHOLDER,
  WebhookSignatureError,
  type ChargedInvoice,
  type CheckoutRequest,
  type CheckoutSession,
  type PriceChange,
  type PaymentEvent,
  type PaymentsProvider,
} from './payments.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Test-only: a fake Stripe server, e.g. http://127.0.0.1:12111 (env STRIPE_API_BASE_URL). */
  apiBaseUrl?: string | undefined;
}

const idOf = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((value) => (value == null ? null : typeof value === 'string' ? value : value.id));

const sessionSchema = z.object({
  id: z.string(),
  url: z.string().nullish(),
  status: z.enum(['open', 'complete', 'expired']).nullish(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  subscription: idOf,
  customer: idOf,
  metadata: z.record(z.string(), z.string()).nullish(),
});

const invoiceSchema = z.object({
  id: z.string(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().default(0),
  period_start: z.number(),
  period_end: z.number(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf }).nullish() }).nullish(),
  lines: z
    .object({
      data: z.array(z.object({ period: z.object({ start: z.number(), end: z.number() }).nullish() })),
    })
    .nullish(),
});

const refundableSessionSchema = z.object({ payment_intent: idOf, invoice: idOf });

const invoicePaymentSchema = z.object({
  status: z.string().nullish(),
  payment: z.object({ payment_intent: idOf }).nullish(),
});

const subscriptionSchema = z.object({
  id: z.string(),
  ended_at: z.number().nullish(),
  canceled_at: z.number().nullish(),
  cancel_at_period_end: z.boolean().nullish(),
});

const subscriptionItemsSchema = z.object({
  id: z.string(),
  items: z.object({
    data: z.array(
      z.object({
        id: z.string(),
        price: z.object({ product: idOf, recurring: z.object({}).passthrough().nullish() }),
      }),
    ),
  }),
});

const chargedInvoiceSchema = z.object({
  id: z.string(),
  status: z.string().nullish(),
  amount_paid: z.number().default(0),
  hosted_invoice_url: z.string().nullish(),
});

const receiptSessionSchema = z.object({
  invoice: z.union([z.string(), z.object({ hosted_invoice_url: z.string().nullish() })]).nullish(),
  payment_intent: z
    .union([
      z.string(),
      z.object({
        latest_charge: z.union([z.string(), z.object({ receipt_url: z.string().nullish() })]).nullish(),
      }),
    ])
    .nullish(),
});

/** Seconds a webhook signature may be away from our clock, either way (Stripe's default). */
const WEBHOOK_TOLERANCE_S = 300;

/** The `t=` of a Stripe-Signature header, in seconds. */
function signedAt(header: string): number {
  const match = /(?:^|,)\s*t=(\d+)\s*(?:,|$)/.exec(header);
  return match ? Number(match[1]) : Number.NaN;
}

/** Stripe Checkout Sessions, coupons and webhooks behind the PaymentsProvider interface. */
export class StripePaymentsProvider implements PaymentsProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    const base = options.apiBaseUrl ? new URL(options.apiBaseUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: base ? 0 : 2,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const recurring = request.lines.some((line) => line.recurring);
    try {
      let discounts: { coupon: string }[] | undefined;
      if (request.discount) {
        const coupon = await this.stripe.coupons.create({
          percent_off: request.discount.percent,
          duration: request.discount.type === 'forever' ? 'forever' : 'once',
          name: `Coupon ${request.discount.code}`,
          metadata: { code: request.discount.code },
        });
        discounts = [{ coupon: coupon.id }];
      }
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: recurring ? 'subscription' : 'payment',
          line_items: request.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: line.amountCents,
              product_data: { name: line.description },
              ...(line.recurring ? { recurring: { interval: 'month' as const } } : {}),
            },
          })),
          ...(discounts ? { discounts } : {}),
          success_url: request.successUrl.replace(SESSION_ID_PLACEHOLDER, '{CHECKOUT_SESSION_ID}'),
          cancel_url: request.cancelUrl,
          client_reference_id: request.userId,
          customer_email: request.customerEmail,
          metadata: request.metadata,
          ...(recurring
            ? {
                subscription_data: {
                  metadata: request.metadata,
                  ...(request.trialDays ? { trial_period_days: request.trialDays } : {}),
                },
              }
            : {}),
        },
        request.metadata.payment_id
          ? { idempotencyKey: `checkout:${request.metadata.payment_id}` }
          : undefined,
      );
      return toSession(session);
    } catch (error) {
      throw asProviderError(error);
    }
  }

  async getCheckout(sessionId: string): Promise<CheckoutSession> {
    try {
      return toSession(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      throw asProviderError(error);
    }
  }

  parseWebhook(rawBody: string | Buffer, signature: string | undefined): PaymentEvent {
    if (!this.options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: { id: string; type: string; data: { object: unknown } };
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        WEBHOOK_TOLERANCE_S,
      ) as never;
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    // The SDK bounds only the signature's age: one dated ahead would stay replayable until that date.
    if (!(signedAt(signature) - Date.now() / 1000 <= WEBHOOK_TOLERANCE_S)) {
      throw new WebhookSignatureError('Signature dated ahead of the tolerance window');
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = sessionSchema.parse(event.data.object);
        return {
          type: 'checkout_completed',
          eventId: event.id,
          sessionId: session.id,
          paid: session.payment_status !== 'unpaid',
          subscriptionId: session.subscription,
          customerId: session.customer,
        };
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        const session = sessionSchema.parse(event.data.object);
        return { type: 'checkout_expired', eventId: event.id, sessionId: session.id };
      }
      case 'invoice.paid': {
        const invoice = invoiceSchema.parse(event.data.object);
        const subscriptionId = invoice.parent?.subscription_details?.subscription;
        if (!subscriptionId) return { type: 'ignored', eventId: event.id, eventType: event.type };
        // An upgrade's prorated invoice is applied by the plan change that made it (issue 25): not a renewal.
        if (invoice.billing_reason === 'subscription_update') {
          return { type: 'ignored', eventId: event.id, eventType: event.type };
        }
        // The lines carry the period being paid for; invoice.period_* is the one just ended.
        const period = invoice.lines?.data.find((line) => line.period)?.period;
        return {
          type: 'subscription_renewed',
          eventId: event.id,
          invoiceId: invoice.id,
          subscriptionId,
          firstInvoice: invoice.billing_reason === 'subscription_create',
          periodStart: new Date((period?.start ?? invoice.period_end) * 1000),
          periodEnd: new Date((period?.end ?? invoice.period_end + 30 * 86400) * 1000),
          amountCents: invoice.amount_paid,
        };
      }
      case 'customer.subscription.updated': {
        const subscription = subscriptionSchema.parse(event.data.object);
        if (typeof subscription.cancel_at_period_end !== 'boolean') {
          return { type: 'ignored', eventId: event.id, eventType: event.type };
        }
        return {
          type: 'subscription_updated',
          eventId: event.id,
          subscriptionId: subscription.id,
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
        };
      }
      case 'customer.subscription.deleted': {
        const subscription = subscriptionSchema.parse(event.data.object);
        const ended = subscription.ended_at ?? subscription.canceled_at;
        return {
          type: 'subscription_ended',
          eventId: event.id,
          subscriptionId: subscription.id,
          endedAt: ended ? new Date(ended * 1000) : new Date(),
        };
      }
      default:
        return { type: 'ignored', eventId: event.id, eventType: event.type };
    }
  }

  async removeSubscriptionDiscount(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.deleteDiscount(subscriptionId);
    } catch (error) {
      // No discount (or no subscription) left at Stripe: nothing to remove.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
      throw asProviderError(error);
    }
  }

  /**
   * Refunds what a checkout charged: its payment intent (payment mode) or the payments of the
   * first invoice (subscription mode, e.g. the trial's $10). One idempotency key per payment, so a
   * retry never refunds twice.
   */
  async refundCheckout(sessionId: string): Promise<void> {
    try {
      const session = refundableSessionSchema.parse(await this.stripe.checkout.sessions.retrieve(sessionId));
      const intents = new Set<string>();
      if (session.payment_intent) intents.add(session.payment_intent);
      if (session.invoice) {
        const payments = await this.stripe.invoicePayments.list({ invoice: session.invoice, limit: 10 });
        for (const raw of payments.data) {
          const payment = invoicePaymentSchema.parse(raw);
          if (payment.status === 'paid' && payment.payment?.payment_intent) {
            intents.add(payment.payment.payment_intent);
          }
        }
      }
      for (const paymentIntent of intents) {
        await this.stripe.refunds.create(
          { payment_intent: paymentIntent, metadata: { checkout_session: sessionId } },
          { idempotencyKey: `refund:${sessionId}:${paymentIntent}` },
        );
      }
    } catch (error) {
      // Refunded before (by us or in the Stripe dashboard): nothing left to give back.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'charge_already_refunded'
      ) {
        return;
      }
      throw asProviderError(error);
    }
  }

  /**
   * A plan change on the subscription's own item (issue 25): the item gets a price for the new amount on the same
   * product. An upgrade invoices the prorated difference at once (`always_invoice`) and fails when the card does
   * not pay (`error_if_incomplete`: nothing changes at Stripe then); a downgrade or its undo prorates nothing, so
   * the next renewal charges the new price.
   */
  async changeSubscriptionPrice(subscriptionId: string, change: PriceChange): Promise<ChargedInvoice | null> {
    try {
      const current = subscriptionItemsSchema.parse(await this.stripe.subscriptions.retrieve(subscriptionId));
      const item = current.items.data.find((i) => i.price.recurring) ?? current.items.data[0];
      if (!item?.price.product)
        throw new ProviderError('stripe', 'subscription has no recurring item', false);
      const updated = await this.stripe.subscriptions.update(
        subscriptionId,
        {
          items: [
            {
              id: item.id,
              price_data: {
                currency: 'usd',
                product: item.price.product,
                unit_amount: change.amountCents,
                recurring: { interval: 'month' },
              },
            },
          ],
          proration_behavior: change.prorate ? 'always_invoice' : 'none',
          ...(change.prorate
            ? {
                proration_date: Math.floor(change.prorationDate.getTime() / 1000),
                payment_behavior: 'error_if_incomplete' as const,
              }
            : {}),
          metadata: change.metadata,
          expand: ['latest_invoice'],
        },
        change.metadata.change_id
          ? { idempotencyKey: `plan-change:${change.metadata.change_id}` }
          : undefined,
      );
      if (!change.prorate) return null;
      const invoice = chargedInvoiceSchema.parse(updated.latest_invoice);
      return {
        invoiceId: invoice.id,
        amountPaidCents: invoice.amount_paid,
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message);
      throw asProviderError(error);
    }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    try {
      await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    } catch (error) {
      throw asProviderError(error);
    }
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    try {
      const session = await this.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    } catch (error) {
      throw asProviderError(error);
    }
  }

  /** An invoice's hosted page (subscriptions, renewals, upgrades) or a one-time payment's receipt (packs). */
  async receiptUrl(reference: string): Promise<string | null> {
    try {
      if (reference.startsWith('in_')) {
        return (
          chargedInvoiceSchema.parse(await this.stripe.invoices.retrieve(reference)).hosted_invoice_url ??
          null
        );
      }
      if (!reference.startsWith('cs_')) return null;
      const session = receiptSessionSchema.parse(
        await this.stripe.checkout.sessions.retrieve(reference, {
          expand: ['invoice', 'payment_intent.latest_charge'],
        }),
      );
      if (session.invoice && typeof session.invoice === 'object' && session.invoice.hosted_invoice_url) {
        return session.invoice.hosted_invoice_url;
      }
      const intent = session.payment_intent;
      if (
        intent &&
        typeof intent === 'object' &&
        intent.latest_charge &&
        typeof intent.latest_charge === 'object'
      ) {
        return intent.latest_charge.receipt_url ?? null;
      }
      return null;
    } catch (error) {
      throw asProviderError(error);
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
      throw asProviderError(error);
    }
  }
}

function toSession(raw: unknown): CheckoutSession {
  const session = sessionSchema.parse(raw);
  return {
    id: session.id,
    url: session.url ?? '',
    status: session.status ?? 'open',
    paymentStatus: session.payment_status,
    subscriptionId: session.subscription,
    customerId: session.customer,
    metadata: session.metadata ?? {},
  };
}

function asProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const retryable =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError;
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError('stripe', message, retryable, { cause: error });
}
