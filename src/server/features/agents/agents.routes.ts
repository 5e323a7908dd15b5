/** Agent configuration routes (SPEC section 7): POST /agent/configure, GET and DELETE /agent/config. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { hostedAgentId } from '../../accounts/agent-config.ts';
import { toReadingResponse } from '../../accounts/document-reading.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { requireUser, userOf } from '../../lib/security.ts';
import { readMultipartForm } from '../knowledge/knowledge-upload.ts';
import {
  agentConfigResponseSchema,
  configureResponseSchema,
  deleteConfigResponseSchema,
  type AgentConfigResponse,
} from './agents.schemas.ts';
import {
  configureAgent,
  retryNumberReleases,
  releaseNumbersAfterGrace,
  deleteAgentConfiguration,
  findAgentConfigView,
  type AgentConfigHooks,
  type AgentConfigView,
} from './agents.service.ts';

function toConfigResponse(view: AgentConfigView): AgentConfigResponse {
  const { config, documents, reading, numberHold } = view;
  return {
    company_name: config.companyName,
    contact_email: config.contactEmail,
    twilio_phone_number: config.phoneNumber,
    transfer_phone_number: config.transferPhoneNumber,
    documents: documents.map((d) => ({ name: d.name, path: d.path, size_formatted: d.sizeFormatted })),
    eleven_agent_id: hostedAgentId(config.elevenAgentId, config.configData),
    voice_id: config.voiceId,
    status: config.status,
    config_data: config.configData,
    knowledge_version: config.knowledgeVersion,
    reading: toReadingResponse(reading),
    number_hold: numberHold
      ? {
          subscription_ended_at: numberHold.subscriptionEndedAt.toISOString(),
          release_at: numberHold.releaseAt.toISOString(),
          released_at: numberHold.releasedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** `hooks` connect the hosted voice agent (issue 4 part B); see AgentConfigHooks. */
export function agentsRoutes(deps: AppDeps, hooks: AgentConfigHooks = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: requireUser(deps) };

    // Numbers the provider failed to release are retried every 5 minutes; numbers whose grace period after the
    // subscription's end is over are released every 10 minutes (ADR 005, ADR 020 addendum).
    if (deps.env.NODE_ENV !== 'test') {
      runPeriodically(app, 5 * 60_000, 'retrying number releases', () => retryNumberReleases(deps, app.log));
      runPeriodically(app, 10 * 60_000, 'releasing numbers after their grace period', () =>
        releaseNumbersAfterGrace(deps, app.log),
      );
    }

    app.get(
      '/agent/config',
      { ...auth, schema: { response: { 200: agentConfigResponseSchema } } },
      async (request) => {
        const view = await findAgentConfigView(deps, userOf(request).id);
        return view
          ? { configured: true, config: toConfigResponse(view) }
          : { configured: false, config: null };
      },
    );

    app.post(
      '/agent/configure',
      { ...auth, schema: { response: { 200: configureResponseSchema } } },
      async (request) => {
        const userId = userOf(request).id;
        const { fields, files } = await readMultipartForm(request, { fileField: 'documents' });
        await configureAgent(deps, request.log, userId, fields, files, hooks);
        const view = (await findAgentConfigView(deps, userId))!;
        return {
          message: 'Agent configured successfully',
          configured: true as const,
          config: toConfigResponse(view),
        };
      },
    );

    app.delete(
      '/agent/config',
      { ...auth, schema: { response: { 200: deleteConfigResponseSchema } } },
      async (request) => {
        await deleteAgentConfiguration(deps, request.log, userOf(request).id, hooks);
        return { message: 'Configuration deleted! You can now choose a new phone number.' };
      },
    );
  };
}
