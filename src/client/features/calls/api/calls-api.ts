import { api } from '../../../lib/api.ts';
import { scoped } from '../../../lib/agent-scope.tsx';

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
  /** The number's agent (ADR 044); null when that number was released since. */
  agent_id?: string | null;
  /** The number the caller dialled. */
  to_number?: string | null;
  created_at: string;
  duration: number;
  summary: string | null;
  transcript: TranscriptEntry[];
  outcome: CallOutcome | null;
  /** Agent turns answered from the documents. */
  questions_answered: number;
  /** The agent's reply time per turn, ms (null when no turn was timed, e.g. an imported call). */
  reply_time_ms: { median: number; slowest: number } | null;
  /** The message the caller left: after hours, with no transfer number, or when the minutes ran out. */
  message: CallMessage | null;
}

export interface CallMessage {
  name: string | null;
  callback_number: string;
  text: string;
  context: 'after_hours' | 'no_transfer' | 'no_minutes';
}

export interface CallHistoryPage {
  calls: Call[];
  next_before: string | null;
  /** Calls matching the filter, all pages together. */
  total: number;
}

/** The outcome filter of the calls page: one outcome, or both escalations together. */
export type OutcomeFilter = 'answered' | 'escalated' | 'abandoned' | 'rejected_no_minutes';

export interface CallHistoryFilter {
  outcome: OutcomeFilter | null;
  /** Words of the transcript (digits also match the caller's number). */
  q: string;
  /** One number's calls (ADR 044); every number's when absent. */
  agentId?: string | undefined;
}

export const callsApi = {
  history: (filter: CallHistoryFilter, before?: string | null) => {
    const params = new URLSearchParams();
    if (filter.outcome) params.set('outcome', filter.outcome);
    if (filter.q.trim()) params.set('q', filter.q.trim());
    if (before) params.set('before', before);
    if (filter.agentId) params.set('agent_id', filter.agentId);
    const query = params.toString();
    return api.get<CallHistoryPage>(query ? `/calls/history?${query}` : '/calls/history');
  },
  one: (id: string) => api.get<Call>(`/calls/${encodeURIComponent(id)}`),
  sync: (agentId?: string) => api.post<{ message: string }>(scoped('/calls/sync-from-elevenlabs', agentId)),
};
