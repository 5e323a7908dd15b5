import { api } from '../../../lib/api.ts';
import type { NumberHold } from '../../../components/number-hold-notice.tsx';

/** GET /subscription/status (SPEC 3). Amounts are dollars. */
export interface SubscriptionUsage {
  minutes_limit: number;
  minutes_used: number;
  minutes_remaining: number;
  percentage_used: number;
}

export interface Subscription {
  id: string;
  plan: string;
  plan_name: string;
  amount: number;
  base_amount: number;
  status: string;
  discount_percent: number;
  discount_type: 'first_month' | 'forever' | null;
  discount_source: string | null;
  current_period_start: string;
  current_period_end: string;
  trial_ends_at: string | null;
  minutes_used: number;
  minutes_limit: number;
  usage: SubscriptionUsage;
  /** Where the limit comes from (plan_minutes + extra_available = minutes_limit); plan minutes are used first. */
  minutes?: MinutesBreakdown;
  cancel_at_period_end?: boolean;
  cancel_requested_at?: string | null;
  /** A downgrade waiting for the renewal. */
  scheduled_change?: { plan: string; plan_name: string; effective_at: string } | null;
  /** When the subscription is cancelling: the day its phone numbers are released. */
  numbers_kept_until?: string | null;
  provider?: string;
}

export interface MinutesBreakdown {
  order: 'plan_first';
  plan_minutes: number;
  plan_used: number;
  plan_remaining: number;
  /** Bought and gifted minutes available this period (never expire). */
  extra_available: number;
  extra_used: number;
  /** What rolls over to the next period. */
  extra_balance: number;
}

export interface SubscriptionStatus {
  has_subscription: boolean;
  subscription: Subscription | null;
  /** After the subscription ended: the agent's number, kept until release_at or released (ADR 020 addendum). */
  number_hold?: NumberHold & { phone_number: string };
  /** The same for every number of the account, one per agent (ADR 044 addendum); the first is `number_hold`. */
  number_holds?: (NumberHold & { phone_number: string; agent_id: string })[];
}

export interface CouponValidation {
  code: string;
  discount_percent: number;
  discount_type: 'first_month' | 'forever';
  message: string;
}

export interface CheckoutResponse {
  free_subscription?: boolean;
  checkout_url?: string;
  url: string;
}

export interface CheckoutStatus {
  payment_status: string;
  status: string;
  /** What the checkout buys (absent from older servers). */
  purchase?: { kind: 'minutes'; minutes: number } | { kind: 'plan'; plan: string };
}

export interface LocalCheckout {
  id: string;
  description: string;
  amount: number;
  base_amount: number;
  discount_percent: number;
  discount_type: 'first_month' | 'forever' | null;
  coupon_code: string | null;
  recurring: boolean;
  trial_days: number | null;
  /** How an upgrade was prorated (absent for plans and packs). */
  note?: string | null;
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  expires_at: string;
}

export interface PlanChangePreview {
  direction: 'upgrade' | 'downgrade';
  plan: string;
  plan_name: string;
  current_plan: string;
  current_plan_name: string;
  amount_due: number;
  base_amount_due: number;
  discount_percent: number;
  minutes_added: number;
  days_left: number;
  period_days: number;
  period_end: string;
  new_monthly_amount: number;
  new_plan_minutes: number;
  effective_at: string;
  number_limit: number;
  numbers_in_use: number;
  allowed: boolean;
  message: string;
}

export type PlanChangeResult =
  | { direction: 'upgrade'; url: string; checkout_url: string; session_id: string }
  | { direction: 'upgrade'; changed: true; amount_charged: number }
  | { direction: 'downgrade'; scheduled_change: { plan: string; plan_name: string; effective_at: string } };

export interface Payment {
  id: string;
  created_at: string;
  kind: 'subscription' | 'trial' | 'pack' | 'renewal' | 'upgrade';
  description: string;
  plan: string | null;
  minutes: number | null;
  amount: number;
  base_amount: number;
  discount_percent: number;
  coupon_code: string | null;
  status: string;
  provider: string;
  /** Opens in a new tab: Stripe's hosted invoice or receipt, else the printable receipt page. */
  receipt_url: string;
}

export interface Receipt extends Payment {
  receipt_number: string;
  billed_to: { email: string; name: string | null };
  paid_at: string;
  discount_amount: number;
}

export interface CancelResult {
  cancel_at_period_end: boolean;
  ends_at: string | null;
  numbers_kept_until: string | null;
}

export const billingApi = {
  planChangePreview: (plan: string) =>
    api.get<PlanChangePreview>(`/subscription/change-plan?plan=${encodeURIComponent(plan)}`),
  changePlan: (plan: string) =>
    api.postForm<PlanChangeResult>('/subscription/change-plan', { plan, origin_url: window.location.origin }),
  undoPlanChange: () => api.post<{ scheduled_change: null }>('/subscription/change-plan/undo'),
  cancelSubscription: () => api.post<CancelResult>('/subscription/cancel'),
  resumeSubscription: () => api.post<CancelResult>('/subscription/resume'),
  payments: () => api.get<{ payments: Payment[]; manage_payment_method: boolean }>('/billing/payments'),
  receipt: (id: string) => api.get<Receipt>(`/billing/payments/${encodeURIComponent(id)}`),
  paymentPortal: () =>
    api.postForm<{ url: string }>('/billing/portal', { origin_url: window.location.origin }),
  subscriptionStatus: () => api.get<SubscriptionStatus>('/subscription/status'),
  trialEligible: () => api.get<{ eligible: boolean }>('/subscription/trial-eligible'),
  validateCoupon: (code: string) =>
    api.post<CouponValidation>(`/coupons/validate?code=${encodeURIComponent(code)}`),
  createCheckout: (fields: { plan: string; origin_url: string; coupon_code?: string | undefined }) =>
    api.postForm<CheckoutResponse>('/stripe/create-checkout', fields),
  purchaseMinutes: (fields: { minutes: number; origin_url: string }) =>
    api.postForm<{ url: string }>('/purchase-minutes', fields),
  checkoutStatus: (sessionId: string) =>
    api.get<CheckoutStatus>(`/stripe/checkout-status/${encodeURIComponent(sessionId)}`),
  localCheckout: (sessionId: string) =>
    api.get<LocalCheckout>(`/local-checkout/${encodeURIComponent(sessionId)}`),
  payLocalCheckout: (sessionId: string) =>
    api.post<{ url: string }>(`/local-checkout/${encodeURIComponent(sessionId)}/complete`),
  cancelLocalCheckout: (sessionId: string) =>
    api.post<{ url: string }>(`/local-checkout/${encodeURIComponent(sessionId)}/cancel`),
};
