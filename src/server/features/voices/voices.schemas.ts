import { z } from 'zod';

export const voiceSchema = z.object({
  voice_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
});

export const voicesResponseSchema = z.object({ voices: z.array(voiceSchema) });
export type VoicesResponse = z.infer<typeof voicesResponseSchema>;

export const voicePreviewParamsSchema = z.object({
  voice_id: z.string().min(1).max(200),
});
