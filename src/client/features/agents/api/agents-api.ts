import { api } from '../../../lib/api.ts';
import { scoped } from '../../../lib/agent-scope.tsx';
import type { OpeningHours } from '../../../../shared/opening-hours.ts';
import type { NumberHold } from '../../../components/number-hold-notice.tsx';

/** A document of the agent's knowledge base (SPEC 3). */
export interface AgentDocument {
  name: string;
  path: string;
  size_formatted: string;
}

/** GET /agent/config -> config (SPEC 3, Agent config). */
export interface AgentConfig {
  id: string;
  company_name: string;
  contact_email: string;
  twilio_phone_number: string;
  transfer_phone_number: string | null;
  documents: AgentDocument[];
  eleven_agent_id: string | null;
  voice_id: string | null;
  status: 'active' | 'inactive' | string;
  config_data: Record<string, unknown>;
  /** Once the subscription ended: until when the number is kept, or when it was released (ADR 020 addendum). */
  number_hold?: NumberHold | null;
}

/** GET /agents (ADR 044). */
export interface AgentsList {
  agents: AgentConfig[];
  limit: number;
  plan: string | null;
  can_add: boolean;
}

export interface AgentConfigResponse {
  configured: boolean;
  config: AgentConfig | null;
}

export interface AvailableNumber {
  phone_number: string;
  friendly_name: string | null;
}

export interface ConfigureInput {
  company_name: string;
  contact_email: string;
  twilio_phone_number: string;
  transfer_phone_number: string;
  documents: File[];
}

/** GET /agent/hours (ADR 042): null hours means always open. */
export interface AgentHoursResponse {
  hours: OpeningHours | null;
  open_now: boolean;
  status: string;
}

export const agentsApi = {
  getHours: (agentId?: string) => api.get<AgentHoursResponse>(scoped('/agent/hours', agentId)),
  saveHours: (hours: OpeningHours, agentId?: string) =>
    api.post<AgentHoursResponse>(scoped('/agent/hours', agentId), hours),
  deleteHours: (agentId?: string) => api.delete<{ message: string }>(scoped('/agent/hours', agentId)),
  getConfig: (agentId?: string) => api.get<AgentConfigResponse>(scoped('/agent/config', agentId)),
  /** Every number of the account and the plan's limit (ADR 044). */
  list: () => api.get<AgentsList>('/agents'),
  availableNumbers: () => api.get<{ numbers: AvailableNumber[] }>('/twilio/available-numbers'),
  /** POST /agent/configure (the named agent, or the only one); with `add`, POST /agents: another number. */
  configure: (input: ConfigureInput, target: { agentId?: string | undefined; add?: boolean } = {}) => {
    const form = new FormData();
    form.append('company_name', input.company_name);
    form.append('contact_email', input.contact_email);
    form.append('twilio_phone_number', input.twilio_phone_number);
    if (input.transfer_phone_number.trim())
      form.append('transfer_phone_number', input.transfer_phone_number.trim());
    for (const file of input.documents) form.append('documents', file, file.name);
    const url = target.add ? '/agents' : scoped('/agent/configure', target.agentId);
    return api.postMultipart<{ message: string; config: AgentConfig }>(url, form);
  },
  deleteConfig: (agentId?: string) => api.delete<{ message: string }>(scoped('/agent/config', agentId)),
};
