import { api, request } from '../../../lib/api.ts';
import { scoped } from '../../../lib/agent-scope.tsx';

export interface GapAsk {
  gap_id: string;
  question: string;
  call_id: string | null;
  asked_at: string;
  kind: 'declined' | 'not_confirmed' | 'before_person' | 'no_answer' | string;
}

/** Questions that mean the same thing (grouped by the server's sentence encoder). */
export interface GapGroup {
  question: string;
  gap_ids: string[];
  call_count: number;
  last_asked_at: string;
  asks: GapAsk[];
}

export interface ReplayResult {
  question: string;
  outcome: 'answered' | 'asks_first' | 'declined' | 'other';
  reply: string;
  document: string | null;
}

export interface AnswerGapsResult {
  message: string;
  answer_id: string;
  resolved: number;
  replay: ReplayResult[];
}

/** An entry of the "Answers you added" document. */
export interface AddedAnswer {
  id: string;
  question: string;
  answer: string;
  asked_as: string[];
  created_at: string;
  updated_at: string;
}

export const MAX_ANSWER_CHARS = 2000;

const json = { headers: { 'Content-Type': 'application/json' } };

export const knowledgeGapsApi = {
  list: (agentId?: string) => api.get<{ groups: GapGroup[] }>(scoped('/knowledge-gaps', agentId)),
  count: (agentId?: string) =>
    api.get<{ groups: number; questions: number }>(scoped('/knowledge-gaps/count', agentId)),
  answer: (input: { gap_ids: string[]; question: string; answer: string }, agentId?: string) =>
    api.post<AnswerGapsResult>(scoped('/knowledge-gaps/answer', agentId), input),
  dismiss: (gapIds: string[], agentId?: string) =>
    api.post<{ message: string; resolved: number }>(scoped('/knowledge-gaps/dismiss', agentId), {
      gap_ids: gapIds,
    }),
  answers: (agentId?: string) =>
    api.get<{ document: string; answers: AddedAnswer[] }>(scoped('/agent/knowledge-base/answers', agentId)),
  editAnswer: (id: string, input: { question: string; answer: string }, agentId?: string) =>
    request<{ message: string; answer: AddedAnswer }>(
      'PUT',
      scoped(`/agent/knowledge-base/answers/${encodeURIComponent(id)}`, agentId),
      JSON.stringify(input),
      json,
    ),
  deleteAnswer: (id: string, agentId?: string) =>
    request<{ message: string }>(
      'DELETE',
      scoped(`/agent/knowledge-base/answers/${encodeURIComponent(id)}`, agentId),
    ),
};
