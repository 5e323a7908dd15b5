import { z } from 'zod';
import { documentReadingSchema } from '../../accounts/document-reading.ts';

/** A knowledge-base document as the API shows it (SPEC section 3: name, path, size_formatted). */
export const knowledgeDocumentSchema = z.object({
  name: z.string(),
  path: z.string(),
  size_formatted: z.string(),
  size_bytes: z.number().int(),
  kind: z.string(),
  page_count: z.number().int().nullable(),
  created_at: z.string(),
});
export type KnowledgeDocumentResponse = z.infer<typeof knowledgeDocumentSchema>;

export const knowledgeListResponseSchema = z.object({
  documents: z.array(knowledgeDocumentSchema),
  /** How far the agent has read these documents for search by meaning (ADR 043). */
  reading: documentReadingSchema,
});

export const knowledgeAddResponseSchema = z.object({
  message: z.string(),
  documents: z.array(knowledgeDocumentSchema),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** An entry of "Answers you added" (ADR 012). */
export const addedAnswerSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  asked_as: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AddedAnswerResponse = z.infer<typeof addedAnswerSchema>;

export const addedAnswersResponseSchema = z.object({
  document: z.string(),
  answers: z.array(addedAnswerSchema),
});

/** Lengths are checked by the service, with messages that say the limit; this only bounds the request. */
export const addedAnswerBodySchema = z.object({
  question: z.string({ error: 'Please write the question this answer is for.' }).max(20_000),
  answer: z.string({ error: 'Please write an answer before saving.' }).max(20_000),
  asked_as: z.array(z.string().max(20_000)).max(500).optional(),
  /** Which agent's "Answers you added" (ADR 044); also accepted in the query string. */
  agent_id: z.string().max(100).optional(),
});

export const addedAnswerParamsSchema = z.object({ id: z.string() });

export const addedAnswerSavedSchema = z.object({ message: z.string(), answer: addedAnswerSchema });
