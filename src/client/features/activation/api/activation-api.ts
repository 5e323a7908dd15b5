import { api } from '../../../lib/api.ts';
import { scoped } from '../../../lib/agent-scope.tsx';
import type { DocumentReading } from '../../../components/reading-progress.tsx';
import type { NumberHold } from '../../../components/number-hold-notice.tsx';

/** SPEC 3, Voice. */
export interface Voice {
  voice_id: string;
  name: string;
  description?: string | null;
  labels?: Record<string, string> | null;
}

/** The part of GET /agent/config the Agent Configuration card reads (SPEC 3, Agent config). */
export interface AgentCardConfig {
  company_name: string;
  twilio_phone_number: string;
  eleven_agent_id: string | null;
  voice_id?: string | null;
  status: string;
  documents?: unknown[];
  config_data?: Record<string, unknown> | null;
  /** How far the agent has read its documents (ADR 042). */
  reading?: DocumentReading;
  /** Once the subscription ended: until when the number is kept, or when it was released (ADR 020 addendum). */
  number_hold?: NumberHold | null;
}

export interface AgentCardConfigResponse {
  configured: boolean;
  config: AgentCardConfig | null;
}

export interface ActivationResponse {
  message: string;
  agent_id: string;
  voice_id: string;
  status: 'active';
}

export const activationApi = {
  agentConfig: (agentId?: string) => api.get<AgentCardConfigResponse>(scoped('/agent/config', agentId)),
  voices: () => api.get<{ voices: Voice[] }>('/elevenlabs/voices'),
  previewBlob: (voiceId: string) => api.blob(`/elevenlabs/voice-preview/${encodeURIComponent(voiceId)}`),
  activate: (voiceId: string, agentId?: string) => {
    const form = new FormData();
    form.append('voice_id', voiceId);
    if (agentId) form.append('agent_id', agentId);
    return api.postMultipart<ActivationResponse>('/agent/create-eleven-labs-agent', form);
  },
};

/** SPEC 3: eleven_agent_id may also sit inside config_data. */
export function agentIdOf(config: AgentCardConfig): string | null {
  const nested = config.config_data?.eleven_agent_id;
  return config.eleven_agent_id ?? (typeof nested === 'string' && nested ? nested : null);
}
