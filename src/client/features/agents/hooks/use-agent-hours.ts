import { useQuery } from '@tanstack/react-query';
import { useAgentId } from '../../../lib/agent-scope.tsx';
import { agentsApi } from '../api/agents-api.ts';

export const AGENT_HOURS_QUERY_KEY = ['agent', 'hours'] as const;

/** GET /agent/hours: the agent's opening hours (null: always open) and whether it is open now. */
export function useAgentHours({ enabled = true }: { enabled?: boolean } = {}) {
  const agentId = useAgentId();
  return useQuery({
    queryKey: [...AGENT_HOURS_QUERY_KEY, agentId ?? null],
    queryFn: () => agentsApi.getHours(agentId),
    enabled,
  });
}
