import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAgentId } from '../../../lib/agent-scope.tsx';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api.ts';
import { selfTestApi } from '../api/self-test-api.ts';

/** Under the agent's key: a document change elsewhere refreshes it too. */
export const SELF_TEST_KEY = ['agent', 'self-test'] as const;

/** The latest self-test; polled every 2 s while one is waiting or running, and every 15 s otherwise. */
export function useSelfTest() {
  const agentId = useAgentId();
  return useQuery({
    queryKey: [...SELF_TEST_KEY, agentId ?? null],
    queryFn: () => selfTestApi.get(agentId),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'idle' ? 2000 : 15000),
  });
}

export function useRunSelfTest() {
  const queryClient = useQueryClient();
  const agentId = useAgentId();
  return useMutation({
    mutationFn: () => selfTestApi.run(agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: SELF_TEST_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to start the self-test')),
  });
}

export function useMarkWrong() {
  const queryClient = useQueryClient();
  const agentId = useAgentId();
  return useMutation({
    mutationFn: (itemId: string) => selfTestApi.markWrong(itemId, agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      // The gaps' count on the dashboard changes too.
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to mark the answer wrong')),
  });
}
