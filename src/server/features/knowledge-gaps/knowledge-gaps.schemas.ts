import { z } from 'zod';

export const gapAskSchema = z.object({
  gap_id: z.string(),
  question: z.string(),
  call_id: z.string().nullable(),
  asked_at: z.string(),
  kind: z.string(),
});

export const gapGroupSchema = z.object({
  question: z.string(),
  gap_ids: z.array(z.string()),
  call_count: z.number().int(),
  last_asked_at: z.string(),
  asks: z.array(gapAskSchema),
});
export type GapGroupDto = z.infer<typeof gapGroupSchema>;

export const gapGroupsResponseSchema = z.object({ groups: z.array(gapGroupSchema) });

export const gapCountResponseSchema = z.object({ groups: z.number().int(), questions: z.number().int() });

const gapIdsSchema = z
  .array(z.string(), { error: 'Choose the questions to answer or dismiss.' })
  .min(1, 'Choose the questions to answer or dismiss.')
  .max(500);

/** Lengths are checked where the entry is saved, with messages that say the limit; this only bounds the request. */
export const answerGapsBodySchema = z.object({
  gap_ids: gapIdsSchema,
  /** Which agent's questions (ADR 044); also accepted in the query string. */
  agent_id: z.string().max(100).optional(),
  question: z.string({ error: 'Please write the question this answer is for.' }).max(20_000),
  answer: z.string({ error: 'Please write an answer before saving.' }).max(20_000),
});

export const dismissGapsBodySchema = z.object({
  gap_ids: gapIdsSchema,
  agent_id: z.string().max(100).optional(),
});

export const replayResultSchema = z.object({
  question: z.string(),
  outcome: z.enum(['answered', 'asks_first', 'declined', 'other']),
  reply: z.string(),
  document: z.string().nullable(),
});

export const answerGapsResponseSchema = z.object({
  message: z.string(),
  answer_id: z.string(),
  resolved: z.number().int(),
  replay: z.array(replayResultSchema),
});

export const dismissGapsResponseSchema = z.object({ message: z.string(), resolved: z.number().int() });
