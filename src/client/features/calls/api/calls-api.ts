import { api } from '../../../lib/api.ts';

export interface TranscriptSource {
  document: string;
  heading: string | null;
  page: number | null;
}

export interface TranscriptEntry {
  speaker: 'agent' | 'caller';
  text: string;
  at_s: number;
  sources?: TranscriptSource[];
  interrupted?: boolean;
}

export type CallOutcome =
  'answered' | 'escalated_requested' | 'escalated_no_answer' | 'abandoned' | 'rejected_no_minutes';

/** SPEC 3, Call (plus the outcome). */
export interface Call {
  id: string;
  phone_number: string;
  created_at: string;
  duration: number;
  summary: string | null;
  transcript: TranscriptEntry[];
  outcome: CallOutcome | null;
}

export interface CallHistoryPage {
  calls: Call[];
  next_before: string | null;
}

export const callsApi = {
  history: (before?: string | null) =>
    api.get<CallHistoryPage>(
      before ? `/calls/history?before=${encodeURIComponent(before)}` : '/calls/history',
    ),
  one: (id: string) => api.get<Call>(`/calls/${encodeURIComponent(id)}`),
  sync: () => api.post<{ message: string }>('/calls/sync-from-elevenlabs'),
};
