/**
 * Knowledge-base routes (SPEC section 7): list, add (multipart `documents`), delete (multipart `document_path`).
 * Every change bumps the agent's knowledge version, so a running call uses it on its next turn.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { documentReading, toReadingResponse } from '../../accounts/document-reading.ts';
import { requestedAgentId, requireAgent, type AgentRef } from '../../accounts/agent-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser, userOf } from '../../lib/security.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { readMultipartForm } from './knowledge-upload.ts';
import { passageVectorTask } from './passage-vectors.ts';
import {
  ADDED_ANSWERS_DOCUMENT,
  addAnswer,
  editAnswer,
  listAddedAnswers,
  removeAnswer,
  type AddedAnswer,
} from './added-answers.service.ts';
import {
  addedAnswerBodySchema,
  addedAnswerParamsSchema,
  addedAnswerSavedSchema,
  addedAnswersResponseSchema,
  type AddedAnswerResponse,
  knowledgeAddResponseSchema,
  knowledgeListResponseSchema,
  messageResponseSchema,
  type KnowledgeDocumentResponse,
} from './knowledge.schemas.ts';
import {
  deleteKnowledgeDocument,
  documentName,
  ingestDocuments,
  listKnowledgeDocuments,
  type KnowledgeDocument,
} from './knowledge.service.ts';

export function toDocumentResponse(document: KnowledgeDocument): KnowledgeDocumentResponse {
  return {
    name: document.name,
    path: document.path,
    size_formatted: document.sizeFormatted,
    size_bytes: document.sizeBytes,
    kind: document.kind,
    page_count: document.pageCount,
    created_at: document.createdAt.toISOString(),
  };
}

export function toAddedAnswerResponse(answer: AddedAnswer): AddedAnswerResponse {
  return {
    id: answer.id,
    question: answer.question,
    answer: answer.answer,
    asked_as: answer.askedAs,
    created_at: answer.createdAt.toISOString(),
    updated_at: answer.updatedAt.toISOString(),
  };
}

/** Hook points wired in `features/index.ts` (features stay independent). */
export interface KnowledgeHooks {
  /**
   * Called after documents were added or deleted through the knowledge-base routes (e.g. to sync a hosted
   * agent's knowledge base). Failures are logged, not shown: the change is saved and our own runtime uses it.
   */
  afterKnowledgeChanged?: (agent: AgentRef) => Promise<void>;
}

const NO_AGENT = 'No agent is configured yet. Please configure your agent first.';

export function knowledgeRoutes(deps: AppDeps, hooks: KnowledgeHooks = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: requireUser(deps) };
    // New passages get their sentence vectors in the background (search by meaning), checked every second: an
    // indexed query that finds nothing once the loop has caught up.
    const embedPassages = passageVectorTask(deps.db, deps.providers.encoder);
    if (deps.env.NODE_ENV !== 'test') runPeriodically(app, 1000, 'computing passage vectors', embedPassages);
    // The agent a request acts on (ADR 044): the one named by agent_id, else the account's only one.
    const agentOf = (request: FastifyRequest, fields?: Record<string, unknown>) =>
      requireAgent(deps.db, userOf(request).id, requestedAgentId(request, fields), NO_AGENT);
    const notifyChanged = async (
      request: { log: { error: (o: object, m: string) => void } },
      agent: AgentRef,
    ) => {
      if (!hooks.afterKnowledgeChanged) return;
      await hooks.afterKnowledgeChanged(agent).catch((error: unknown) => {
        request.log.error({ err: error }, 'afterKnowledgeChanged hook failed');
      });
    };

    app.get(
      '/agent/knowledge-base',
      { ...auth, schema: { response: { 200: knowledgeListResponseSchema } } },
      async (request) => {
        const agent = await agentOf(request);
        const documents = await listKnowledgeDocuments(deps, agent);
        const reading = await documentReading(deps.db, agent);
        return { documents: documents.map(toDocumentResponse), reading: toReadingResponse(reading) };
      },
    );

    app.post(
      '/agent/knowledge-base/add',
      { ...auth, schema: { response: { 200: knowledgeAddResponseSchema } } },
      async (request) => {
        const { fields, files } = await readMultipartForm(request, { fileField: 'documents' });
        // Fail fast (before extracting every file) when there is no agent to add to.
        const agent = await agentOf(request, fields);
        if (files.length === 0) throw new AppError('validation', 'Please select files to upload');
        const stored = await ingestDocuments(deps, agent, files);
        await notifyChanged(request, agent);
        const names = stored.map((d) => d.name).join(', ');
        // Two files of one upload with the same name are both kept, the later ones numbered (ADR 030).
        const uploaded = new Set(files.map((f) => documentName(f.filename)));
        const numbered = stored.filter((d) => !uploaded.has(d.name));
        const renamed =
          numbered.length === 0
            ? ''
            : ` Files with the same name were numbered: ${numbered.map((d) => d.name).join(', ')}.`;
        return {
          message: `${stored.length === 1 ? 'Document' : `${stored.length} documents`} uploaded: ${names}.${renamed} Your agent uses ${stored.length === 1 ? 'it' : 'them'} from its next answer.`,
          documents: stored.map(toDocumentResponse),
        };
      },
    );

    app.delete(
      '/agent/knowledge-base/document',
      { ...auth, schema: { response: { 200: messageResponseSchema } } },
      async (request) => {
        const { fields } = await readMultipartForm(request, { fileField: 'documents' });
        const agent = await agentOf(request, fields);
        const query = request.query as Record<string, unknown>;
        const documentPath =
          fields.document_path ?? (typeof query.document_path === 'string' ? query.document_path : '');
        if (!documentPath) throw new AppError('validation', 'document_path is required');
        const deleted = await deleteKnowledgeDocument(deps, agent, documentPath);
        await notifyChanged(request, agent);
        return { message: `Document deleted: ${deleted.name}. Your agent no longer uses it.` };
      },
    );

    // "Answers you added" (ADR 012): the owner's own question-and-answer entries, one document of the knowledge base.
    app.get(
      '/agent/knowledge-base/answers',
      { ...auth, schema: { response: { 200: addedAnswersResponseSchema } } },
      async (request) => {
        const answers = await listAddedAnswers(deps, await agentOf(request));
        return { document: ADDED_ANSWERS_DOCUMENT, answers: answers.map(toAddedAnswerResponse) };
      },
    );

    app.post(
      '/agent/knowledge-base/answers',
      { ...auth, schema: { body: addedAnswerBodySchema, response: { 200: addedAnswerSavedSchema } } },
      async (request) => {
        const agent = await agentOf(request);
        const { asked_as, agent_id: _agentId, ...entry } = request.body;
        const answer = await addAnswer(deps, agent, { ...entry, askedAs: asked_as });
        await notifyChanged(request, agent);
        return {
          message: `Answer added to "${ADDED_ANSWERS_DOCUMENT}". Your agent uses it from its next answer.`,
          answer: toAddedAnswerResponse(answer),
        };
      },
    );

    app.put(
      '/agent/knowledge-base/answers/:id',
      {
        ...auth,
        schema: {
          params: addedAnswerParamsSchema,
          body: addedAnswerBodySchema,
          response: { 200: addedAnswerSavedSchema },
        },
      },
      async (request) => {
        const agent = await agentOf(request);
        const { asked_as, agent_id: _agentId, ...entry } = request.body;
        const answer = await editAnswer(deps, agent, request.params.id, { ...entry, askedAs: asked_as });
        await notifyChanged(request, agent);
        return {
          message: 'Answer saved. Your agent uses it from its next answer.',
          answer: toAddedAnswerResponse(answer),
        };
      },
    );

    app.delete(
      '/agent/knowledge-base/answers/:id',
      { ...auth, schema: { params: addedAnswerParamsSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        const agent = await agentOf(request);
        const deleted = await removeAnswer(deps, agent, request.params.id);
        await notifyChanged(request, agent);
        return { message: `Answer deleted: ${deleted.question}. Your agent no longer uses it.` };
      },
    );
  };
}
