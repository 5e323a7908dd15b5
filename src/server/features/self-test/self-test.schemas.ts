import { z } from 'zod';

export const selfTestItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  kind: z.enum(['document', 'out_of_scope']),
  made_from: z.enum(['faq', 'heading', 'sentence', 'paraphrase', 'probe']),
  source_document: z.string().nullable(),
  source_section: z.string().nullable(),
  outcome: z.enum(['answered', 'asks_first', 'declined', 'other']),
  reply: z.string(),
  answer_document: z.string().nullable(),
  answer_section: z.string().nullable(),
  marked_wrong: z.boolean(),
});
export type SelfTestItemDto = z.infer<typeof selfTestItemSchema>;

export const selfTestResponseSchema = z.object({
  configured: z.boolean(),
  status: z.enum(['idle', 'scheduled', 'running', 'waiting_for_documents']),
  knowledge_version: z.number().int().nullable(),
  last_run: z
    .object({
      id: z.string(),
      ran_at: z.string(),
      knowledge_version: z.number().int(),
      documents_changed_since: z.boolean(),
      document_questions: z.number().int(),
      document_answered: z.number().int(),
      probe_questions: z.number().int(),
      probe_declined: z.number().int(),
      items: z.array(selfTestItemSchema),
    })
    .nullable(),
});

export const messageResponseSchema = z.object({ message: z.string() });

export const itemParamsSchema = z.object({ id: z.string().max(100) });

export const markWrongResponseSchema = z.object({ message: z.string(), gap_id: z.string().nullable() });
