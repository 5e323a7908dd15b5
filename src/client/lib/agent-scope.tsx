/**
 * Which agent (phone number) the screens act on when an account has several (ADR 044). The dashboard wraps each
 * number's cards in <AgentScope>; the pages read `?agent=<id>` from the address (their selector sets it). API calls
 * add it as `agent_id`; with one agent nothing is added and the server uses the account's only agent.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

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
