import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api.ts';
import { callsApi, type CallHistoryFilter } from '../api/calls-api.ts';

export const callHistoryKey = ['calls', 'history'] as const;

/**
 * The call history matching `filter` (filtered and searched on the server), 50 at a time, newest first;
 * `fetchNextPage` loads older calls. The previous result stays on screen while a new filter loads.
 */
export function useCallHistory(filter: CallHistoryFilter) {
  return useInfiniteQuery({
    queryKey: [...callHistoryKey, filter.outcome, filter.q.trim(), filter.agentId ?? null],
    queryFn: ({ pageParam }) => callsApi.history(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    placeholderData: keepPreviousData,
  });
}

/** Sync Calls for one number, or for each of `allAgentIds` in turn when the page shows every number (ADR 044). */
export function useSyncCalls(agentId?: string, allAgentIds: string[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (agentId || allAgentIds.length < 2) return callsApi.sync(agentId);
      const results = [];
      for (const id of allAgentIds) results.push(await callsApi.sync(id));
      const news = results.filter((r) => r.message !== 'Your calls are up to date');
      return { message: news.map((r) => r.message).join('. ') || 'Your calls are up to date' };
    },
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: callHistoryKey });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to sync conversations')),
  });
}

/** One call, for a link to its transcript (/calls?call=<id>); disabled without an id. */
export function useCall(id: string | null) {
  return useQuery({
    queryKey: ['calls', 'one', id],
    queryFn: () => callsApi.one(id!),
    enabled: id !== null,
  });
}
