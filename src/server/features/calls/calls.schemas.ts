import { z } from 'zod';

export const callOutcomeFilters = [
  'answered',
  'escalated',
  'escalated_requested',
  'escalated_no_answer',
  'abandoned',
  'rejected_no_minutes',
] as const;

export const callHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.uuid().optional(),
  /** One outcome, or `escalated` for both kinds of escalation. */
  outcome: z.enum(callOutcomeFilters).optional(),
  /** Words the transcript contains (any case); digits also match the caller's number. */
  q: z.string().max(200).optional(),
  /** One agent's calls (ADR 044); every number's calls of the account when absent. */
  agent_id: z.string().max(100).optional(),
});

export const transcriptEntrySchema = z.object({
  speaker: z.enum(['agent', 'caller']),
  text: z.string(),
  at_s: z.number(),
  sources: z
    .array(z.object({ document: z.string(), heading: z.string().nullable(), page: z.number().nullable() }))
    .optional(),
  interrupted: z.boolean().optional(),
});

export const callSchema = z.object({
  id: z.string(),
  phone_number: z.string(),
  /** The agent whose number was called (ADR 044); null when that agent was deleted since. */
  agent_id: z.string().nullable(),
  /** The number the caller dialled (the agent's number). */
  to_number: z.string().nullable(),
  created_at: z.string(),
  duration: z.number(),
  summary: z.string().nullable(),
  transcript: z.array(transcriptEntrySchema),
  outcome: z.string().nullable(),
  /** Agent turns that answered from the documents. */
  questions_answered: z.number(),
  /** The agent's reply time per turn (question heard to reply ready), ms; null when no turn was timed. */
  reply_time_ms: z.object({ median: z.number(), slowest: z.number() }).nullable(),
  /** The message the caller left (ADR 042): after hours, without a transfer number, or out of minutes. */
  message: z
    .object({
      name: z.string().nullable(),
      callback_number: z.string(),
      text: z.string(),
      context: z.enum(['after_hours', 'no_transfer', 'no_minutes']),
    })
    .nullable(),
});

export const callHistorySchema = z.object({
  calls: z.array(callSchema),
  /** Pass as `before` to load the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
  /** How many calls match the filter, all pages together. */
  total: z.number(),
});

export type CallDto = z.infer<typeof callSchema>;

export const callParamsSchema = z.object({ id: z.string() });
