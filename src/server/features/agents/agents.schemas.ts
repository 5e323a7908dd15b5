import { z } from 'zod';
import { documentReadingSchema } from '../../accounts/document-reading.ts';

export const agentDocumentSchema = z.object({
  name: z.string(),
  path: z.string(),
  size_formatted: z.string(),
});

/** SPEC section 3, Agent config. `eleven_agent_id` may also sit inside config_data. */
export const agentConfigSchema = z.object({
  /** The agent's id: pass it as `agent_id` when the account has several numbers (ADR 044). */
  id: z.string(),
  company_name: z.string(),
  contact_email: z.string(),
  twilio_phone_number: z.string(),
  transfer_phone_number: z.string().nullable(),
  documents: z.array(agentDocumentSchema),
  eleven_agent_id: z.string().nullable(),
  voice_id: z.string().nullable(),
  status: z.string(),
  config_data: z.record(z.string(), z.unknown()),
  knowledge_version: z.number().int(),
  /** How far the agent has read its documents for search by meaning (ADR 043). */
  reading: documentReadingSchema,
  /**
   * Once no subscription is live: when it ended, when the number is released (30 days later) and, once it is, when
   * it was (ADR 020 addendum). Null while a subscription is live and the number is held.
   */
  number_hold: z
    .object({
      subscription_ended_at: z.string(),
      release_at: z.string(),
      released_at: z.string().nullable(),
    })
    .nullable(),
});
export type AgentConfigResponse = z.infer<typeof agentConfigSchema>;

export const agentConfigResponseSchema = z.object({
  configured: z.boolean(),
  config: agentConfigSchema.nullable(),
});

export const configureResponseSchema = z.object({
  message: z.string(),
  configured: z.literal(true),
  config: agentConfigSchema,
});

export const deleteConfigResponseSchema = z.object({ message: z.string() });

/** GET /agents: every agent (number) of the account, and how many the plan allows (ADR 044). */
export const agentsListSchema = z.object({
  agents: z.array(agentConfigSchema),
  /** Numbers the current plan allows (SPEC section 9); 0 without a subscription. */
  limit: z.number().int(),
  plan: z.string().nullable(),
  /** Whether another number may be added now. */
  can_add: z.boolean(),
});
