import { api } from '../../../lib/api.ts';
import { scoped } from '../../../lib/agent-scope.tsx';

export type SelfTestOutcome = 'answered' | 'asks_first' | 'declined' | 'other';

/** One question of the self-test and what the agent would say to it. */
export interface SelfTestItem {
  id: string;
  question: string;
  kind: 'document' | 'out_of_scope';
  made_from: 'faq' | 'heading' | 'sentence' | 'paraphrase' | 'probe';
  source_document: string | null;
  source_section: string | null;
  outcome: SelfTestOutcome;
  reply: string;
  answer_document: string | null;
  answer_section: string | null;
  marked_wrong: boolean;
}

export interface SelfTestRun {
  id: string;
  ran_at: string;
  knowledge_version: number;
  documents_changed_since: boolean;
  document_questions: number;
  document_answered: number;
  probe_questions: number;
  probe_declined: number;
  items: SelfTestItem[];
}

export type SelfTestStatus = 'idle' | 'scheduled' | 'running' | 'waiting_for_documents';

export interface SelfTest {
  configured: boolean;
  status: SelfTestStatus;
  knowledge_version: number | null;
  last_run: SelfTestRun | null;
}

export const selfTestApi = {
  get: (agentId?: string) => api.get<SelfTest>(scoped('/self-test', agentId)),
  run: (agentId?: string) => api.post<{ message: string }>(scoped('/self-test/run', agentId)),
  markWrong: (itemId: string, agentId?: string) =>
    api.post<{ message: string; gap_id: string | null }>(
      scoped(`/self-test/items/${encodeURIComponent(itemId)}/wrong`, agentId),
    ),
};
