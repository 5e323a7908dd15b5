import { z } from 'zod';

/** Request shapes of the billing routes (forms are urlencoded; JSON bodies are accepted too). */
export const createCheckoutBodySchema = z.object({
  plan: z.string({ error: 'plan is required' }).trim().min(1, 'plan is required'),
  origin_url: z.string({ error: 'origin_url is required' }).trim().min(1, 'origin_url is required'),
  coupon_code: z.string({ error: 'coupon_code must be text' }).optional(),
});
export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

export const purchaseMinutesBodySchema = z.object({
  minutes: z.coerce
    .number({ error: 'minutes must be a whole number (100, 300, 500 or 1000)' })
    .int('minutes must be a whole number (100, 300, 500 or 1000)'),
  origin_url: z.string({ error: 'origin_url is required' }).trim().min(1, 'origin_url is required'),
});

export const couponValidateQuerySchema = z.object({
  code: z.string({ error: 'code is required' }).max(64, 'code is too long').default(''),
});

export const couponGenerateQuerySchema = z.object({
  discount_percent: z.coerce.number({ error: 'discount_percent must be 25, 50 or 100' }),
  discount_type: z.string({ error: 'discount_type must be first_month or forever' }),
});

export const sessionParamsSchema = z.object({
  session_id: z.string().min(1).max(255),
});

export const localCheckoutParamsSchema = z.object({
  sessionId: z.string().min(1).max(255),
});

export const changePlanBodySchema = z.object({
  plan: z.string({ error: 'plan is required' }).trim().min(1, 'plan is required').max(32, 'plan is too long'),
  origin_url: z.string({ error: 'origin_url is required' }).trim().min(1, 'origin_url is required'),
});

export const changePlanQuerySchema = z.object({
  plan: z.string({ error: 'plan is required' }).trim().min(1, 'plan is required').max(32, 'plan is too long'),
});

export const originBodySchema = z.object({
  origin_url: z.string({ error: 'origin_url is required' }).trim().min(1, 'origin_url is required'),
});

export const paymentParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a payment id' }),
});

export const adminUserParamsSchema = z.object({
  user_id: z.uuid({ error: 'user_id must be a valid user id' }),
});
