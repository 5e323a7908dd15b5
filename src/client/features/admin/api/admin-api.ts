import { api } from '../../../lib/api.ts';

/** GET /admin/users -> users (SPEC 7). */
export interface AdminUser {
  id: string;
  name: string | null;
  email: string;
  picture: string | null;
  discount_percent: number;
  created_at: string;
}

export interface AdminSubscription {
  plan: string;
  /** Dollars per month, after the discount. */
  amount: number;
  base_amount: number;
  status: string;
  minutes_used: number;
  minutes_limit: number;
  minutes_remaining: number;
  percentage_used: number;
  extra_minutes: number;
  discount_percent: number;
  discount_type: 'first_month' | 'forever' | null;
  /** The coupon code the discount came from. */
  discount_source: string | null;
  current_period_end: string;
  cancel_at_period_end: boolean;
}

export interface AdminAgentConfig {
  id?: string;
  company_name: string;
  contact_email: string;
  twilio_phone_number: string;
  status: string;
  eleven_agent_id: string | null;
  document_count: number;
  /** Released after the grace period that followed the subscription's end (ADR 020 addendum). */
  number_released_at?: string | null;
}

export interface AdminRecentCall {
  id: string;
  phone_number: string;
  created_at: string;
  duration: number;
}

/** GET /admin/users/{id} -> user, subscription, agent_config, recent_calls (SPEC 7). */
export interface AdminUserDetails {
  user: {
    id: string;
    name: string | null;
    email: string;
    picture: string | null;
    google_id: string | null;
    auth_method: 'google' | 'email';
    created_at: string;
  };
  subscription: AdminSubscription | null;
  extra_minutes: number;
  agent_config: AdminAgentConfig | null;
  /** Every number of the account (ADR 044); agent_config is the first. */
  agents?: AdminAgentConfig[];
  recent_calls: AdminRecentCall[];
}

export interface DiscountHistoryEntry {
  id: string;
  action: 'applied' | 'revoked' | string;
  discount_percent: number;
  discount_type: string | null;
  discount_source: string | null;
  revoked_by: string | null;
  revoke_reason: 'cancel_immediately' | 'finish_period' | string | null;
  created_at: string;
}

export interface MinuteGift {
  id: string;
  minutes: number;
  gifted_by_email: string;
  note: string | null;
  created_at: string;
}

export type RevokeAction = 'cancel_immediately' | 'finish_period';

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

export interface Coupon {
  id: string;
  code: string;
  discount_percent: number;
  discount_type: 'first_month' | 'forever' | string;
  used: boolean;
  created_at: string;
}

export type CouponType = 'first_month' | 'forever';

const userPath = (id: string) => encodeURIComponent(id);

/** A payment as the owner's billing page lists it (issue 25). */
export interface AdminPayment {
  id: string;
  created_at: string;
  kind: string;
  description: string;
  amount: number;
  base_amount: number;
  discount_percent: number;
  coupon_code: string | null;
  status: string;
}

export interface AdminBilling {
  payments: AdminPayment[];
  scheduled_changes: { kind: 'downgrade' | 'cancel'; description: string; effective_at: string }[];
}

export const adminApi = {
  billing: (id: string) => api.get<AdminBilling>(`/admin/users/${userPath(id)}/billing`),
  users: async () => (await api.get<{ users: AdminUser[] }>('/admin/users')).users,
  userDetails: (id: string) => api.get<AdminUserDetails>(`/admin/users/${userPath(id)}`),
  discountHistory: async (id: string) =>
    (await api.get<{ history: DiscountHistoryEntry[] }>(`/admin/discount-history/${userPath(id)}`)).history,
  giftHistory: async (id: string) =>
    (await api.get<{ gifts: MinuteGift[] }>(`/admin/gift-history/${userPath(id)}`)).gifts,
  giftMinutes: (input: { userId: string; minutes: number; note: string }) =>
    api.postForm<{ message: string }>('/admin/gift-minutes', {
      user_id: input.userId,
      minutes: input.minutes,
      note: input.note || undefined,
    }),
  revokeDiscount: (input: { userId: string; action: RevokeAction }) =>
    api.postForm<{ message: string }>('/admin/revoke-discount', {
      user_id: input.userId,
      action: input.action,
    }),
  deletePhoneNumber: (id: string, agentId?: string) =>
    api.delete<{ message: string }>(
      `/admin/users/${userPath(id)}/phone${agentId ? `?agent_id=${encodeURIComponent(agentId)}` : ''}`,
    ),
  deleteUser: (id: string) => api.delete<{ message: string }>(`/admin/users/${userPath(id)}`),
  outbox: () => api.get<{ smtp_configured: boolean; emails: OutboxEmail[] }>('/admin/outbox'),
  coupons: async () => (await api.get<{ coupons: Coupon[] }>('/admin/coupons/list')).coupons,
  generateCoupon: (percent: number, type: CouponType) =>
    api.post<{ coupon: Coupon; code: string; message: string }>(
      `/admin/coupons/generate?discount_percent=${percent}&discount_type=${type}`,
    ),
};
