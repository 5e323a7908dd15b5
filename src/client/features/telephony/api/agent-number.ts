import { api } from '../../../lib/api.ts';

/** The part of GET /agent/config the Test call button needs. */
export interface AgentNumberConfig {
  configured: boolean;
  config: { twilio_phone_number: string; status: string } | null;
}

export const agentNumberApi = {
  config: () => api.get<AgentNumberConfig>('/agent/config'),
};
