import { useQuery } from '@tanstack/react-query';
import { useAgentId } from '../../../lib/agent-scope.tsx';
import { pollWhileReading } from '../../../components/reading-progress.tsx';
import { knowledgeApi } from '../api/knowledge-api.ts';

/** Under the agent's key, so a configuration change refreshes it too. */
export const KNOWLEDGE_QUERY_KEY = ['agent', 'knowledge-base'] as const;

/** The documents and how far the agent has read them; asked again every 2 s until it has read them all. */
export function useKnowledgeBase() {
  const agentId = useAgentId();
  return useQuery({
    queryKey: [...KNOWLEDGE_QUERY_KEY, agentId ?? null],
    queryFn: () => knowledgeApi.list(agentId),
    staleTime: 0,
    refetchInterval: (query) => pollWhileReading(query.state.data?.reading),
  });
}
