import { z } from 'zod';

export const MAX_GIFT_MINUTES = 10_000;
const INVALID_MINUTES = 'Please enter a valid number of minutes';
const TOO_MANY_MINUTES = 'Cannot gift more than 10,000 minutes at once';

const userId = (field: string) => z.uuid({ error: `${field} must be a valid user id` });

export const userIdParamsSchema = z.object({ id: userId('id') });

/**
 * SPEC 5: a whole number from 1 to 10,000. Forms send text, JSON may send a number; "2.5", "ten", "0",
 * "-3" and "" are all 'Please enter a valid number of minutes'.
 */
export const giftMinutesValueSchema = z.unknown().transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: INVALID_MINUTES });
    return z.NEVER;
  }
  const minutes = Number(text);
  if (minutes < 1) {
    ctx.addIssue({ code: 'custom', message: INVALID_MINUTES });
    return z.NEVER;
  }
  if (minutes > MAX_GIFT_MINUTES) {
    ctx.addIssue({ code: 'custom', message: TOO_MANY_MINUTES });
    return z.NEVER;
  }
  return minutes;
});

export const giftMinutesBodySchema = z.object({
  user_id: userId('user_id'),
  minutes: giftMinutesValueSchema,
  note: z
    .string()
    .trim()
    .max(500, 'note must be at most 500 characters')
    .optional()
    .transform((note) => (note ? note : null)),
});

export const revokeDiscountBodySchema = z.object({
  user_id: userId('user_id'),
  action: z.enum(['cancel_immediately', 'finish_period'], {
    error: 'action must be cancel_immediately or finish_period',
  }),
});

export const messageSchema = z.object({ message: z.string() });
