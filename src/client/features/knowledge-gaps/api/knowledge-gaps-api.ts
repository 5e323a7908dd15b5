import { api, request } from '../../../lib/api.ts';

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
  list: () => api.get<{ groups: GapGroup[] }>('/knowledge-gaps'),
  count: () => api.get<{ groups: number; questions: number }>('/knowledge-gaps/count'),
  answer: (input: { gap_ids: string[]; question: string; answer: string }) =>
    api.post<AnswerGapsResult>('/knowledge-gaps/answer', input),
  dismiss: (gapIds: string[]) =>
    api.post<{ message: string; resolved: number }>('/knowledge-gaps/dismiss', { gap_ids: gapIds }),
  answers: () => api.get<{ document: string; answers: AddedAnswer[] }>('/agent/knowledge-base/answers'),
  editAnswer: (id: string, input: { question: string; answer: string }) =>
    request<{ message: string; answer: AddedAnswer }>(
      'PUT',
      `/agent/knowledge-base/answers/${encodeURIComponent(id)}`,
      JSON.stringify(input),
      json,
    ),
  deleteAnswer: (id: string) =>
    request<{ message: string }>('DELETE', `/agent/knowledge-base/answers/${encodeURIComponent(id)}`),
};
