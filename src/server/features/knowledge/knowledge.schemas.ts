import { z } from 'zod';

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

export const knowledgeListResponseSchema = z.object({ documents: z.array(knowledgeDocumentSchema) });

export const knowledgeAddResponseSchema = z.object({
  message: z.string(),
  documents: z.array(knowledgeDocumentSchema),
});

export const messageResponseSchema = z.object({ message: z.string() });
