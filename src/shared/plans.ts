/** SPEC section 9: the one table of plans and minute packs, shared by server and client. */
export type PlanId = 'trial' | 'basic' | 'pro' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  /** Dollars: one-time for the trial, per month otherwise. */
  price: number;
  billing: 'one_time' | 'monthly';
  minutes: number;
  phoneNumbers: number;
  /** Trial length; the trial then becomes Basic. */
  days?: number;
  /** Escalation email alerts (Pro and Enterprise). */
  emailAlerts: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  trial: {
    id: 'trial',
    name: '7-Day Trial',
    price: 10,
    billing: 'one_time',
    minutes: 20,
    phoneNumbers: 1,
    days: 7,
    emailAlerts: false,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    price: 99,
    billing: 'monthly',
    minutes: 200,
    phoneNumbers: 1,
    emailAlerts: false,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: 299,
    billing: 'monthly',
    minutes: 650,
    phoneNumbers: 3,
    emailAlerts: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: 999,
    billing: 'monthly',
    minutes: 2500,
    phoneNumbers: 10,
    emailAlerts: true,
  },
};

export const PLAN_IDS = Object.keys(PLANS) as PlanId[];

export function isPlanId(value: string): value is PlanId {
  return Object.hasOwn(PLANS, value);
}

/** Extra minutes: $0.60 each, never expire, roll over. */
export const EXTRA_MINUTE_PRICE = 0.6;
export const MINUTE_PACKS = [100, 300, 500, 1000] as const;
export type MinutePack = (typeof MINUTE_PACKS)[number];
export const BEST_VALUE_PACK: MinutePack = 300;

export function packPrice(minutes: MinutePack): number {
  return Math.round(minutes * EXTRA_MINUTE_PRICE * 100) / 100;
}

/** Dollars as a price: "$99", "$74.25" (cents only when there are some). */
export function formatUsd(dollars: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
  }).format(dollars);
}

/** A price after a percentage discount, to the cent (the server works in cents and rounds the same way). */
export function discountedPrice(price: number, percent: number): number {
  return Math.round(price * (100 - percent)) / 100;
}

/** What the trial costs a month once it turns into Basic: a "forever" discount carries over, a first-month one not. */
export function priceAfterTrial(discount: { percent: number; type: string | null }): number {
  return discountedPrice(PLANS.basic.price, discount.type === 'forever' ? discount.percent : 0);
}

export const COUPON_PERCENTS = [25, 50, 100] as const;
export const COUPON_TYPES = ['first_month', 'forever'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const GIFT_MINUTES_MAX = 10_000;
export const CUSTOM_PLAN_THRESHOLD_MINUTES = 2500;
