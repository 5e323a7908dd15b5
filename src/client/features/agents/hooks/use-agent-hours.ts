import { useQuery } from '@tanstack/react-query';
import { agentsApi } from '../api/agents-api.ts';

export const AGENT_HOURS_QUERY_KEY = ['agent', 'hours'] as const;

/** GET /agent/hours: the agent's opening hours (null: always open) and whether it is open now. */
export function useAgentHours({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: AGENT_HOURS_QUERY_KEY, queryFn: () => agentsApi.getHours(), enabled });
}
