/**
 * Knowledge gaps (ADR 012): GET /api/knowledge-gaps (open gaps grouped by meaning), GET /api/knowledge-gaps/count
 * (the dashboard's figure), POST /api/knowledge-gaps/answer and /dismiss (a group, by its gaps' ids). Also runs
 * the weekly email loop.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { requireUser, userOf } from '../../lib/security.ts';
import { requestedAgentId, requireAgent, resolveAgent } from '../../accounts/agent-scope.ts';
import type { FastifyRequest } from 'fastify';
import { DIGEST_CHECK_MS, sendGapDigests } from './gaps-digest.ts';
import {
  answerGapsBodySchema,
  answerGapsResponseSchema,
  dismissGapsBodySchema,
  dismissGapsResponseSchema,
  gapCountResponseSchema,
  gapGroupsResponseSchema,
  type GapGroupDto,
} from './knowledge-gaps.schemas.ts';
import {
  answerGapGroup,
  countOpenGapGroups,
  dismissGapGroup,
  listGapGroups,
  type GapGroup,
  type KnowledgeGapHooks,
} from './knowledge-gaps.service.ts';

function toDto(group: GapGroup): GapGroupDto {
  return {
    question: group.question,
    gap_ids: group.gapIds,
    call_count: group.callCount,
    last_asked_at: group.lastAskedAt.toISOString(),
    asks: group.asks.map((a) => ({
      gap_id: a.gapId,
      question: a.question,
      call_id: a.callId,
      asked_at: a.askedAt.toISOString(),
      kind: a.kind,
    })),
  };
}

export function knowledgeGapsRoutes(deps: AppDeps, hooks: KnowledgeGapHooks): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: requireUser(deps) };
    // The agent a request acts on (ADR 044): the one named by agent_id, else the account's only one.
    const agentOf = (request: FastifyRequest) =>
      resolveAgent(deps.db, userOf(request).id, requestedAgentId(request));
    const requiredAgentOf = (request: FastifyRequest) =>
      requireAgent(
        deps.db,
        userOf(request).id,
        requestedAgentId(request),
        // Without an agent no question can be this account's.
        'These questions are not in your list any more. Please reload the page.',
      );
    // The weekly email: every instance looks hourly; each account's week is claimed in the database (tests call
    // sendGapDigests after moving the clock).
    if (deps.env.NODE_ENV !== 'test') {
      runPeriodically(app, DIGEST_CHECK_MS, 'sending knowledge-gap emails', () =>
        sendGapDigests(deps, hooks),
      );
    }

    app.get(
      '/knowledge-gaps',
      { ...auth, schema: { response: { 200: gapGroupsResponseSchema } } },
      async (request) => {
        const agent = await agentOf(request);
        return { groups: agent ? (await listGapGroups(deps, agent)).map(toDto) : [] };
      },
    );

    app.get(
      '/knowledge-gaps/count',
      { ...auth, schema: { response: { 200: gapCountResponseSchema } } },
      async (request) => {
        const agent = await agentOf(request);
        return agent ? countOpenGapGroups(deps, agent) : { groups: 0, questions: 0 };
      },
    );

    app.post(
      '/knowledge-gaps/answer',
      { ...auth, schema: { body: answerGapsBodySchema, response: { 200: answerGapsResponseSchema } } },
      async (request) => {
        const { gap_ids, question, answer } = request.body;
        const result = await answerGapGroup(deps, hooks, await requiredAgentOf(request), {
          gapIds: gap_ids,
          question,
          answer,
        });
        return {
          message: 'Answer saved in "Answers you added". Your agent uses it from the next call.',
          answer_id: result.answerId,
          resolved: result.resolved,
          replay: result.replay,
        };
      },
    );

    app.post(
      '/knowledge-gaps/dismiss',
      { ...auth, schema: { body: dismissGapsBodySchema, response: { 200: dismissGapsResponseSchema } } },
      async (request) => {
        const resolved = await dismissGapGroup(deps, await requiredAgentOf(request), request.body.gap_ids);
        return { message: 'Dismissed. These questions no longer show in your list.', resolved };
      },
    );
  };
}
