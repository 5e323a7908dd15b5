import { useQuery } from '@tanstack/react-query';
import { knowledgeApi } from '../api/knowledge-api.ts';

/** Under the agent's key, so a configuration change refreshes it too. */
export const KNOWLEDGE_QUERY_KEY = ['agent', 'knowledge-base'] as const;

export function useKnowledgeBase() {
  return useQuery({
    queryKey: KNOWLEDGE_QUERY_KEY,
    queryFn: async () => (await knowledgeApi.list()).documents,
    staleTime: 0,
  });
}
