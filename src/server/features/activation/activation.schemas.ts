import { z } from 'zod';

export const activationResponseSchema = z.object({
  message: z.string(),
  agent_id: z.string(),
  voice_id: z.string(),
  status: z.literal('active'),
});
