import { useQuery } from '@tanstack/react-query';
import { useAgentId } from '../../../lib/agent-scope.tsx';
import { agentsApi, type AgentConfigResponse } from '../api/agents-api.ts';

/** Every query about the agent starts with this key: invalidate it after a change. */
export const AGENT_QUERY_KEY = ['agent'] as const;
export const AGENT_CONFIG_QUERY_KEY = ['agent', 'config'] as const;
export const AVAILABLE_NUMBERS_QUERY_KEY = ['telephony', 'available-numbers'] as const;

const NOT_CONFIGURED: AgentConfigResponse = { configured: false, config: null };

/**
 * GET /agent/config. SPEC 8: a failed load is treated as "not configured" (and only logged).
 * Usable by any page that needs the configuration (dashboard agent card, admin views).
 */
export function useAgentConfig({ enabled = true }: { enabled?: boolean } = {}) {
  const agentId = useAgentId();
  return useQuery({
    queryKey: [...AGENT_CONFIG_QUERY_KEY, agentId ?? null],
    enabled,
    queryFn: async () => {
      try {
        return await agentsApi.getConfig(agentId);
      } catch (error) {
        console.error('agent config load failed', error);
        return NOT_CONFIGURED;
      }
    },
  });
}

export function useAvailableNumbers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: AVAILABLE_NUMBERS_QUERY_KEY,
    queryFn: async () => (await agentsApi.availableNumbers()).numbers,
    staleTime: 0,
    enabled,
  });
}
