/**
 * Which agent (phone number) the screens act on when an account has several (ADR 044). The dashboard wraps each
 * number's cards in <AgentScope>; the pages read `?agent=<id>` from the address (their selector sets it). API calls
 * add it as `agent_id`; with one agent nothing is added and the server uses the account's only agent.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

const AgentScopeContext = createContext<string | undefined>(undefined);

export function AgentScope({ agentId, children }: { agentId: string | undefined; children: ReactNode }) {
  return <AgentScopeContext.Provider value={agentId}>{children}</AgentScopeContext.Provider>;
}

/** The agent of the surrounding <AgentScope>, else the page's `?agent=`, else undefined (the only agent). */
export function useAgentId(): string | undefined {
  const scoped = useContext(AgentScopeContext);
  const [params] = useSearchParams();
  return scoped ?? (params.get('agent') || undefined);
}

/** `path` with `agent_id` added when an agent is named. */
export function scoped(path: string, agentId: string | undefined): string {
  if (!agentId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}agent_id=${encodeURIComponent(agentId)}`;
}

/** One number of the account as the selector and the dashboard need it (GET /agents, ADR 044). */
export interface AccountAgent {
  id: string;
  company_name: string;
  twilio_phone_number: string;
}

export interface AccountAgents {
  agents: AccountAgent[];
  limit: number;
  plan: string | null;
  can_add: boolean;
}

/** Under the agent key: any configuration change reloads the list. */
export const ACCOUNT_AGENTS_KEY = ['agent', 'list'] as const;

/** GET /agents: every number of the account (oldest first) and whether another may be added. */
export const accountAgentsQuery = queryOptions({
  queryKey: ACCOUNT_AGENTS_KEY,
  queryFn: () => api.get<AccountAgents>('/agents'),
});

/** Every number of the account (oldest first) and whether another may be added. */
export function useAccountAgents() {
  return useQuery(accountAgentsQuery);
}

/** `path` with the scope's agent as `?agent=` (links from a dashboard card to a page about that number). */
export function useAgentLink(path: string): string {
  const agentId = useContext(AgentScopeContext);
  if (!agentId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}agent=${encodeURIComponent(agentId)}`;
}

/** The surrounding <AgentScope>'s agent only (a dashboard card of one of several numbers), else undefined. */
export function useScopedAgentId(): string | undefined {
  return useContext(AgentScopeContext);
}
