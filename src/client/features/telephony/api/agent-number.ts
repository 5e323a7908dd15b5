import { api } from '../../../lib/api.ts';
import { scoped } from '../../../lib/agent-scope.tsx';

/** The part of GET /agent/config the Test call button needs. */
export interface AgentNumberConfig {
  configured: boolean;
  config: { twilio_phone_number: string; status: string } | null;
}

export const agentNumberApi = {
  config: (agentId?: string) => api.get<AgentNumberConfig>(scoped('/agent/config', agentId)),
};
