import { api } from '../../../lib/api.ts';
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
  getHours: () => api.get<AgentHoursResponse>('/agent/hours'),
  saveHours: (hours: OpeningHours) => api.post<AgentHoursResponse>('/agent/hours', hours),
  deleteHours: () => api.delete<{ message: string }>('/agent/hours'),
  getConfig: () => api.get<AgentConfigResponse>('/agent/config'),
  availableNumbers: () => api.get<{ numbers: AvailableNumber[] }>('/twilio/available-numbers'),
  configure: (input: ConfigureInput) => {
    const form = new FormData();
    form.append('company_name', input.company_name);
    form.append('contact_email', input.contact_email);
    form.append('twilio_phone_number', input.twilio_phone_number);
    if (input.transfer_phone_number.trim())
      form.append('transfer_phone_number', input.transfer_phone_number.trim());
    for (const file of input.documents) form.append('documents', file, file.name);
    return api.postMultipart<{ message: string }>('/agent/configure', form);
  },
  deleteConfig: () => api.delete<{ message: string }>('/agent/config'),
};
