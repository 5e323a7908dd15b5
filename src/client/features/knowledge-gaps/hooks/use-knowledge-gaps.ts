import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAgentId } from '../../../lib/agent-scope.tsx';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api.ts';
import { knowledgeGapsApi } from '../api/knowledge-gaps-api.ts';

/** Under the agent's key: a document change (knowledge base page) refreshes the gaps and the answers too. */
export const GAPS_KEY = ['agent', 'knowledge-gaps'] as const;
export const GAP_COUNT_KEY = ['agent', 'knowledge-gaps', 'count'] as const;
export const ADDED_ANSWERS_KEY = ['agent', 'knowledge-base', 'answers'] as const;

export function useKnowledgeGaps() {
  const agentId = useAgentId();
  return useQuery({
    queryKey: [...GAPS_KEY, agentId ?? null],
    queryFn: async () => (await knowledgeGapsApi.list(agentId)).groups,
    staleTime: 0,
  });
}

export function useKnowledgeGapCount() {
  const agentId = useAgentId();
  return useQuery({
    queryKey: [...GAP_COUNT_KEY, agentId ?? null],
    queryFn: () => knowledgeGapsApi.count(agentId),
    staleTime: 0,
  });
}

export function useAddedAnswers() {
  const agentId = useAgentId();
  return useQuery({
    queryKey: [...ADDED_ANSWERS_KEY, agentId ?? null],
    queryFn: async () => (await knowledgeGapsApi.answers(agentId)).answers,
    staleTime: 0,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['agent'] });
}

export function useAnswerGaps() {
  const refresh = useRefresh();
  const agentId = useAgentId();
  return useMutation({
    mutationFn: (input: { gap_ids: string[]; question: string; answer: string }) =>
      knowledgeGapsApi.answer(input, agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to save the answer')),
  });
}

export function useDismissGaps() {
  const refresh = useRefresh();
  const agentId = useAgentId();
  return useMutation({
    mutationFn: (gapIds: string[]) => knowledgeGapsApi.dismiss(gapIds, agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to dismiss')),
  });
}

export function useEditAnswer() {
  const refresh = useRefresh();
  const agentId = useAgentId();
  return useMutation({
    mutationFn: (input: { id: string; question: string; answer: string }) =>
      knowledgeGapsApi.editAnswer(input.id, { question: input.question, answer: input.answer }, agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to save the answer')),
  });
}

export function useDeleteAnswer() {
  const refresh = useRefresh();
  const agentId = useAgentId();
  return useMutation({
    mutationFn: (id: string) => knowledgeGapsApi.deleteAnswer(id, agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to delete the answer')),
  });
}
