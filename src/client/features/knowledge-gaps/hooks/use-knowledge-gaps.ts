import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api.ts';
import { knowledgeGapsApi } from '../api/knowledge-gaps-api.ts';

/** Under the agent's key: a document change (knowledge base page) refreshes the gaps and the answers too. */
export const GAPS_KEY = ['agent', 'knowledge-gaps'] as const;
export const GAP_COUNT_KEY = ['agent', 'knowledge-gaps', 'count'] as const;
export const ADDED_ANSWERS_KEY = ['agent', 'knowledge-base', 'answers'] as const;

export function useKnowledgeGaps() {
  return useQuery({
    queryKey: GAPS_KEY,
    queryFn: async () => (await knowledgeGapsApi.list()).groups,
    staleTime: 0,
  });
}

export function useKnowledgeGapCount() {
  return useQuery({ queryKey: GAP_COUNT_KEY, queryFn: knowledgeGapsApi.count, staleTime: 0 });
}

export function useAddedAnswers() {
  return useQuery({
    queryKey: ADDED_ANSWERS_KEY,
    queryFn: async () => (await knowledgeGapsApi.answers()).answers,
    staleTime: 0,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['agent'] });
}

export function useAnswerGaps() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: knowledgeGapsApi.answer,
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to save the answer')),
  });
}

export function useDismissGaps() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: knowledgeGapsApi.dismiss,
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to dismiss')),
  });
}

export function useEditAnswer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; question: string; answer: string }) =>
      knowledgeGapsApi.editAnswer(input.id, { question: input.question, answer: input.answer }),
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to save the answer')),
  });
}

export function useDeleteAnswer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: knowledgeGapsApi.deleteAnswer,
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to delete the answer')),
  });
}
