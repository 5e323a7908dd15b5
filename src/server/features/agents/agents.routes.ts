/**
 * Agent configuration routes (SPEC section 7): POST /agent/configure, GET and DELETE /agent/config, acting on the
 * account's agent or the one named by `agent_id` (ADR 044); GET /agents lists them, POST /agents adds a number.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { hostedAgentId } from '../../accounts/agent-config.ts';
import { toReadingResponse } from '../../accounts/document-reading.ts';
import { requestedAgentId, resolveAgent } from '../../accounts/agent-scope.ts';
import { findActiveSubscription } from '../../entitlements/subscriptions.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { requireUser, userOf } from '../../lib/security.ts';
import { readMultipartForm } from '../knowledge/knowledge-upload.ts';
import {
  agentConfigResponseSchema,
  configureResponseSchema,
  deleteConfigResponseSchema,
  agentsListSchema,
  type AgentConfigResponse,
} from './agents.schemas.ts';
import {
  configureAgent,
  retryNumberReleases,
  releaseNumbersAfterGrace,
  deleteAgentConfiguration,
  findAgentConfigView,
  listAgentViews,
  numberLimit,
  type AgentConfigHooks,
  type AgentConfigView,
} from './agents.service.ts';

function toConfigResponse(view: AgentConfigView): AgentConfigResponse {
  const { config, documents, reading, numberHold } = view;
  return {
    id: config.id,
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
        const agent = await resolveAgent(deps.db, userOf(request).id, requestedAgentId(request));
        const view = agent ? await findAgentConfigView(deps, agent.agentId) : undefined;
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
        const agentId = requestedAgentId(request, fields);
        const saved = await configureAgent(deps, request.log, userId, fields, files, hooks, { agentId });
        const view = (await findAgentConfigView(deps, saved.id))!;
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
        const deleted = await deleteAgentConfiguration(
          deps,
          request.log,
          userOf(request).id,
          hooks,
          requestedAgentId(request),
        );
        const others = (await listAgentViews(deps, userOf(request).id)).length;
        return {
          message:
            others === 0
              ? 'Configuration deleted! You can now choose a new phone number.'
              : `Number ${deleted.phoneNumber} (${deleted.companyName}) released and its agent deleted.`,
        };
      },
    );

    // Several numbers per account (ADR 044): every agent, and the plan's limit.
    app.get('/agents', { ...auth, schema: { response: { 200: agentsListSchema } } }, async (request) => {
      const userId = userOf(request).id;
      const [views, subscription] = await Promise.all([
        listAgentViews(deps, userId),
        findActiveSubscription(deps.db, userId, deps.clock.now()),
      ]);
      const limit = subscription ? numberLimit(subscription) : 0;
      return {
        agents: views.map(toConfigResponse),
        limit,
        plan: subscription?.plan ?? null,
        // The plan limits the numbers held: an agent whose number was released takes none (ADR 044 addendum).
        can_add:
          subscription !== undefined &&
          views.filter((view) => view.config.numberReleasedAt === null).length < limit,
      };
    });

    app.post(
      '/agents',
      { ...auth, schema: { response: { 200: configureResponseSchema } } },
      async (request) => {
        const userId = userOf(request).id;
        const { fields, files } = await readMultipartForm(request, { fileField: 'documents' });
        const saved = await configureAgent(deps, request.log, userId, fields, files, hooks, { add: true });
        const view = (await findAgentConfigView(deps, saved.id))!;
        return {
          message: `Number ${saved.phoneNumber} added for ${saved.companyName}`,
          configured: true as const,
          config: toConfigResponse(view),
        };
      },
    );
  };
}
