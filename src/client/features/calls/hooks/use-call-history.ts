import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api.ts';
import { callsApi } from '../api/calls-api.ts';

export const callHistoryKey = ['calls', 'history'] as const;

/** The call history, 50 at a time, newest first; `fetchNextPage` loads older calls. */
export function useCallHistory() {
  return useInfiniteQuery({
    queryKey: callHistoryKey,
    queryFn: ({ pageParam }) => callsApi.history(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });
}

export function useSyncCalls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: callsApi.sync,
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
