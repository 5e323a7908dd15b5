import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.ts';
import { findAgentIds, type AgentRef } from '../accounts/agent-scope.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { passwordRoutes } from './auth/auth.routes.ts';
import { agentsRoutes } from './agents/agents.routes.ts';
import { deleteAgentConfiguration } from './agents/agents.service.ts';
import { knowledgeRoutes } from './knowledge/knowledge.routes.ts';
import { addAnswer } from './knowledge/added-answers.service.ts';
import { knowledgeGapsRoutes } from './knowledge-gaps/knowledge-gaps.routes.ts';
import { recordGaps, recordSelfTestGap } from './knowledge-gaps/knowledge-gaps.service.ts';
import { selfTestRoutes } from './self-test/self-test.routes.ts';
import { requestSelfTest } from './self-test/self-test.service.ts';
import { telephonyRoutes } from './telephony/telephony.routes.ts';
import { billingRoutes } from './billing/billing.routes.ts';
import { callsRoutes } from './calls/calls.routes.ts';
import { createCallService } from './calls/calls.service.ts';
import { createNotifications } from './notifications/notifications.service.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { voiceRoutes } from './telephony/voice.routes.ts';
import { createReplyAudio, testCallAudioRoutes } from './telephony/test-call-audio.ts';
import { elevenlabsCallsRoutes } from './elevenlabs-calls/elevenlabs-calls.routes.ts';
import { voicesRoutes } from './voices/voices.routes.ts';
import { hoursRoutes } from './hours/hours.routes.ts';
import { activationRoutes } from './activation/activation.routes.ts';
import { deleteHostedAgent, syncHostedAgentKnowledge } from './activation/hosted-agent.service.ts';

/** An agent configuration as the reference the per-agent features take (ADR 044). */
const refOf = (config: { id: string; userId: string }): AgentRef => ({
  userId: config.userId,
  agentId: config.id,
});

/**
 * The app composes the features here: each feature exports a plugin factory taking AppDeps.
 * Features never import each other.
 */
export function featureRoutes(deps: AppDeps, options: { rateLimit: number }): FastifyPluginAsyncZod {
  return async (app) => {
    // After every change to the documents or the configuration: keep a hosted agent in step and request a
    // self-test (ADR 013). Both are tried; a failure of either is logged by the caller.
    const afterKnowledgeChanged = async (agent: AgentRef) => {
      const results = await Promise.allSettled([
        syncHostedAgentKnowledge(deps, agent),
        requestSelfTest(deps, agent),
      ]);
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    };
    // features register here, e.g. await app.register(billingRoutes(deps));
    await app.register(billingRoutes(deps, options));
    await app.register(
      adminRoutes(deps, {
        // The agents feature's own deletion (hosted agent, number, documents, configuration) for any user.
        deleteAgentConfiguration: (userId, log, agentId) =>
          deleteAgentConfiguration(
            deps,
            log,
            userId,
            { deleteHostedAgent: (config) => deleteHostedAgent(deps, refOf(config)) },
            agentId,
          ),
        // An account's deletion removes the hosted agent of each of its numbers (ADR 044).
        deleteHostedAgent: async (userId) => {
          for (const agentId of await findAgentIds(deps.db, userId)) {
            await deleteHostedAgent(deps, { userId, agentId });
          }
        },
      }),
    );
    // Part B (hosted voice agent) passes its hooks here: agentsRoutes(deps, { deleteHostedAgent, afterConfigSaved }).
    await app.register(
      agentsRoutes(deps, {
        deleteHostedAgent: (config) => deleteHostedAgent(deps, refOf(config)),
        afterConfigSaved: (config) => afterKnowledgeChanged(refOf(config)),
      }),
    );
    await app.register(voicesRoutes(deps));
    await app.register(hoursRoutes(deps));
    await app.register(activationRoutes(deps));
    await app.register(knowledgeRoutes(deps, { afterKnowledgeChanged }));
    await app.register(telephonyRoutes(deps));
    // The call runtime: calls records and meters, notifications alert, telephony carries the call (ADR 040).
    const notifications = createNotifications(deps, app.log);
    const calls = createCallService(
      deps,
      {
        onEscalated: (call) => notifications.alertEscalation(call),
        // The questions the agent could not answer, kept for the owner (ADR 012).
        onKnowledgeGaps: (gaps) => recordGaps(deps, gaps),
        // The owner's e-mails at 80 % and 100 % of the minutes (ADR 042).
        onMinutesUsed: (userId) => notifications.alertMinutesUsage(userId),
      },
      app.log,
    );
    await app.register(
      knowledgeGapsRoutes(deps, {
        addAnswer: (agent, entry) => addAnswer(deps, agent, entry),
        afterKnowledgeChanged,
        sendEmail: (email) => notifications.sender.enqueue(email),
      }),
    );
    await app.register(
      selfTestRoutes(deps, { recordGap: (agent, gap) => recordSelfTestGap(deps, agent, gap) }),
    );
    await app.register(notificationsRoutes(notifications));
    // Password reset links go out through the notifications outbox (SMTP or the local outbox).
    await app.register(
      passwordRoutes(deps, { ...options, sendEmail: (email) => notifications.sender.enqueue(email) }),
    );
    await app.register(callsRoutes(deps, calls));
    // The owner's test calls speak in the agent's voice; the relay has each reply's first sentence spoken ahead.
    const replyAudio = createReplyAudio(deps);
    await app.register(voiceRoutes(deps, calls, { replyAudio }));
    await app.register(testCallAudioRoutes(deps, calls, replyAudio));
    await app.register(elevenlabsCallsRoutes(deps, calls, calls));
  };
}
