/**
 * Taking payments, in the product's words. Two adapters: Stripe (Checkout Sessions, coupons,
 * webhooks) and the local provider (the built-in /local-checkout/:id page, table local_checkouts).
 * Vendor payloads never leave the adapter.
 */

export interface CheckoutLine {
  description: string;
  amountCents: number;
  /** Monthly recurring price (a subscription); otherwise charged once. */
  recurring: boolean;
}

export interface CheckoutDiscount {
  percent: number;
  type: 'first_month' | 'forever';
  code: string;
}

export interface CheckoutRequest {
  userId: string;
  customerEmail: string;
  /** What the customer sees: "Pro plan", "300 extra minutes". */
  description: string;
  /** A line under the total on the local checkout page (e.g. how an upgrade was prorated). */
  note?: string | undefined;
  lines: CheckoutLine[];
  discount?: CheckoutDiscount | undefined;
  /** Days before the first recurring charge (the 7-day trial before Basic). */
  trialDays?: number | undefined;
  /** Contains the placeholder {SESSION_ID}, replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  /** Our own references (payment id, user id, plan); echoed back by the provider. */
  metadata: Record<string, string>;
  /** Total due now, after the discount, as we computed it (the local page shows it). */
  amountDueCents: number;
  baseAmountCents: number;
}

export type CheckoutStatus = 'open' | 'complete' | 'expired';
export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

export interface CheckoutSession {
  id: string;
  /** Where to send the browser to pay. */
  url: string;
  status: CheckoutStatus;
  paymentStatus: CheckoutPaymentStatus;
  /** The provider's recurring subscription created by this checkout, when any. */
  subscriptionId: string | null;
  customerId: string | null;
  metadata: Record<string, string>;
}

/** What a webhook told us, already verified and parsed. */
export type PaymentEvent =
  | {
      type: 'checkout_completed';
      eventId: string;
      sessionId: string;
      paid: boolean;
      subscriptionId: string | null;
      customerId: string | null;
    }
  | { type: 'checkout_expired'; eventId: string; sessionId: string }
  | {
      /** A recurring charge succeeded (renewal, or the trial turning into Basic). */
      type: 'subscription_renewed';
      eventId: string;
      invoiceId: string;
      subscriptionId: string;
      /** The first invoice of a subscription is applied by its checkout, not here. */
      firstInvoice: boolean;
      periodStart: Date;
      periodEnd: Date;
      amountCents: number;
    }
  | { type: 'subscription_ended'; eventId: string; subscriptionId: string; endedAt: Date }
  /** The customer cancelled or resumed at the provider (its customer portal). */
  | { type: 'subscription_updated'; eventId: string; subscriptionId: string; cancelAtPeriodEnd: boolean }
  | { type: 'ignored'; eventId: string; eventType: string };

export interface PaymentsProvider {
  readonly kind: 'stripe' | 'local';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Asks the provider for the current state of a checkout (never trusts the browser). */
  getCheckout(sessionId: string): Promise<CheckoutSession>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: string | Buffer, signature: string | undefined): PaymentEvent;
  /**
   * Gives back what a completed checkout charged, when we refused the purchase after it was paid
   * (a second trial). Safe to repeat: the provider refunds a checkout once.
   */
  refundCheckout(sessionId: string): Promise<void>;
  /** Stops a recurring subscription at once (plan change, revocation). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Removes a coupon from a recurring subscription: the next renewal is charged at full price. */
  removeSubscriptionDiscount(subscriptionId: string): Promise<void>;
  /**
   * Changes the monthly price of a recurring subscription (issue 25). `prorate`: the difference for the rest of
   * the period is invoiced and charged at once to the saved card (an upgrade), and the paid invoice is returned;
   * otherwise nothing is charged now and the next renewal charges the new price (a downgrade, or its undo).
   */
  changeSubscriptionPrice(subscriptionId: string, change: PriceChange): Promise<ChargedInvoice | null>;
  /** Ends a subscription at the end of its paid period (true), or keeps it renewing again (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** The provider's own page where the customer manages payment methods; null when the provider has none. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string | null>;
  /** The provider's hosted invoice or receipt of a payment (a checkout or invoice id); null when none. */
  receiptUrl(reference: string): Promise<string | null>;
}

export interface PriceChange {
  /** The new monthly price, before any discount the subscription carries. */
  amountCents: number;
  description: string;
  prorate: boolean;
  /** Business time of the change: the proration is computed from it. */
  prorationDate: Date;
  metadata: Record<string, string>;
}

export interface ChargedInvoice {
  invoiceId: string;
  amountPaidCents: number;
  hostedInvoiceUrl: string | null;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused to charge the saved card (declined, expired): nothing was changed there. */
export class PaymentDeclinedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

export const SESSION_ID_PLACEHOLDER = '{SESSION_ID}';
