import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { assertStorableText } from '../../lib/request-text.ts';
import { requireUser, userOf } from '../../lib/security.ts';
import { requestedAgentId } from '../../accounts/agent-scope.ts';
import { activationResponseSchema } from './activation.schemas.ts';
import { activateAgent } from './activation.service.ts';
import { retryHostedAgentSyncs } from './hosted-agent.service.ts';

/**
 * Reads `voice_id` (and `agent_id`, which agent when the account has several numbers, ADR 044) from a multipart
 * form (what the dashboard sends), a url-encoded form or JSON.
 */
async function readVoiceId(
  request: FastifyRequest,
): Promise<{ voiceId: string | undefined; agentId: string | undefined }> {
  if (request.isMultipart()) {
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        await part.toBuffer(); // drain: files are not expected here
      } else if (
        (part.fieldname === 'voice_id' || part.fieldname === 'agent_id') &&
        typeof part.value === 'string'
      ) {
        assertStorableText(part.value, part.fieldname);
        fields[part.fieldname] = part.value;
      }
    }
    return { voiceId: fields.voice_id, agentId: requestedAgentId(request, fields) };
  }
  const body = request.body as Record<string, unknown> | undefined;
  return {
    voiceId: typeof body?.voice_id === 'string' ? body.voice_id : undefined,
    agentId: requestedAgentId(request),
  };
}

export function activationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Syncs of the hosted agent that failed (provider down) are retried every 5 minutes (ADR 005, ADR 031).
    if (deps.env.NODE_ENV !== 'test') {
      runPeriodically(app, 5 * 60_000, 'retrying hosted agent syncs', () =>
        retryHostedAgentSyncs(deps, app.log),
      );
    }
    app.post(
      '/agent/create-eleven-labs-agent',
      { preHandler: requireUser(deps), schema: { response: { 200: activationResponseSchema } } },
      async (request) => {
        const { voiceId, agentId } = await readVoiceId(request);
        return activateAgent(deps, request.log, userOf(request).id, voiceId, agentId);
      },
    );
  };
}
