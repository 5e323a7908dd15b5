import { z } from 'zod';

export const callHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.uuid().optional(),
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
  created_at: z.string(),
  duration: z.number(),
  summary: z.string().nullable(),
  transcript: z.array(transcriptEntrySchema),
  outcome: z.string().nullable(),
});

export const callHistorySchema = z.object({
  calls: z.array(callSchema),
  /** Pass as `before` to load the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
});

export type CallDto = z.infer<typeof callSchema>;

export const callParamsSchema = z.object({ id: z.string() });
