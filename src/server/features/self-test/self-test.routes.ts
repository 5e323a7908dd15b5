/**
 * The self-test (ADR 013): GET /api/self-test (status and the latest result), POST /api/self-test/run (the owner
 * asks for one now), POST /api/self-test/items/:id/wrong (an answer marked wrong becomes a knowledge gap). Also runs
 * the loop that runs requested tests.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { requireUser, userOf } from '../../lib/security.ts';
import { requestedAgentId, requireAgent, resolveAgent } from '../../accounts/agent-scope.ts';
import type { FastifyRequest } from 'fastify';
import {
  itemParamsSchema,
  markWrongResponseSchema,
  messageResponseSchema,
  selfTestResponseSchema,
} from './self-test.schemas.ts';
import {
  getSelfTest,
  markAnswerWrong,
  runSelfTestNow,
  selfTestTask,
  type SelfTestHooks,
} from './self-test.service.ts';

export function selfTestRoutes(deps: AppDeps, hooks: SelfTestHooks): FastifyPluginAsyncZod {
  // The agent a request acts on (ADR 044): the one named by agent_id, else the account's only one.
  const agentOf = (request: FastifyRequest) =>
    resolveAgent(deps.db, userOf(request).id, requestedAgentId(request));
  const requiredAgentOf = (request: FastifyRequest) =>
    requireAgent(deps.db, userOf(request).id, requestedAgentId(request), 'Please configure your agent first');
  return async (app) => {
    const auth = { preHandler: requireUser(deps) };
    // Every instance looks every second for due tests; each is claimed by one (tests call runDueSelfTests).
    if (deps.env.NODE_ENV !== 'test') runPeriodically(app, 1000, 'running self-tests', selfTestTask(deps));

    app.get(
      '/self-test',
      { ...auth, schema: { response: { 200: selfTestResponseSchema } } },
      async (request) => {
        const view = await getSelfTest(deps, await agentOf(request));
        const run = view.lastRun;
        return {
          configured: view.configured,
          status: view.status,
          knowledge_version: view.knowledgeVersion,
          last_run: run
            ? {
                id: run.id,
                ran_at: run.ranAt.toISOString(),
                knowledge_version: run.knowledgeVersion,
                documents_changed_since: run.documentsChangedSince,
                document_questions: run.documentQuestions,
                document_answered: run.documentAnswered,
                probe_questions: run.probeQuestions,
                probe_declined: run.probeDeclined,
                items: run.items.map((i) => ({
                  id: i.id,
                  question: i.question,
                  kind: i.kind,
                  made_from: i.madeFrom,
                  source_document: i.sourceDocument,
                  source_section: i.sourceSection,
                  outcome: i.outcome,
                  reply: i.reply,
                  answer_document: i.answerDocument,
                  answer_section: i.answerSection,
                  marked_wrong: i.markedWrongAt !== null,
                })),
              }
            : null,
        };
      },
    );

    app.post(
      '/self-test/run',
      { ...auth, schema: { response: { 200: messageResponseSchema } } },
      async (request) => ({ message: await runSelfTestNow(deps, await requiredAgentOf(request)) }),
    );

    app.post(
      '/self-test/items/:id/wrong',
      { ...auth, schema: { params: itemParamsSchema, response: { 200: markWrongResponseSchema } } },
      async (request) => {
        const result = await markAnswerWrong(deps, hooks, await requiredAgentOf(request), request.params.id);
        return {
          message: result.already
            ? 'Already marked wrong. The question is in your list of questions to answer.'
            : 'Marked wrong. The question is now in your list of questions to answer.',
          gap_id: result.gapId,
        };
      },
    );
  };
}
