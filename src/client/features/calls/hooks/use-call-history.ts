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

export function useSyncCalls(agentId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callsApi.sync(agentId),
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
