import { api } from '../../../lib/api.ts';

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
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  expires_at: string;
}

export const billingApi = {
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
