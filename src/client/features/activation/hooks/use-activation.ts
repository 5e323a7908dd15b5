import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAgentId } from '../../../lib/agent-scope.tsx';
import { pollWhileReading } from '../../../components/reading-progress.tsx';
import { activationApi, type AgentCardConfigResponse } from '../api/activation-api.ts';

/**
 * Same key as the agents feature's config query: the dashboard and /configure share one cached copy, and
 * invalidating ['agent'] after any change reloads both.
 */
export const AGENT_CONFIG_KEY = ['agent', 'config'] as const;
export const VOICES_KEY = ['activation', 'voices'] as const;

const NOT_CONFIGURED: AgentCardConfigResponse = { configured: false, config: null };

/**
 * GET /agent/config for the Agent Configuration card of `agentId` (undefined: the account's only agent). SPEC 8: a
 * failure means "not configured", logged only.
 */
export function agentCardConfigQuery(agentId: string | undefined) {
  return queryOptions({
    queryKey: [...AGENT_CONFIG_KEY, agentId ?? null],
    queryFn: async () => {
      try {
        return await activationApi.agentConfig(agentId);
      } catch (error) {
        console.error('agent config load failed', error);
        return NOT_CONFIGURED;
      }
    },
    // While the agent reads its documents, the card shows how far it is: asked again until it is done.
    refetchInterval: (query) => pollWhileReading(query.state.data?.config?.reading),
  });
}

/** The card's configuration, for the agent in scope (useAgentId). */
export function useAgentCardConfig({ enabled = true }: { enabled?: boolean } = {}) {
  const agentId = useAgentId();
  return useQuery({ ...agentCardConfigQuery(agentId), enabled });
}

/** The voice list, loaded when the dialog opens (and again on the next opening after a failure). */
export function useVoices(enabled: boolean) {
  return useQuery({
    queryKey: VOICES_KEY,
    queryFn: async () => (await activationApi.voices()).voices,
    enabled,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** POST /agent/create-eleven-labs-agent; on success the dashboard data reloads. */
export function useActivateAgent() {
  const queryClient = useQueryClient();
  const agentId = useAgentId();
  return useMutation({
    mutationFn: (voiceId: string) => activationApi.activate(voiceId, agentId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['agent'] }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]);
    },
  });
}
