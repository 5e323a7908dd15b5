/**
 * "Answers you added" (ADR 012): the owner's own question-and-answer entries, kept as one knowledge-base document
 * of the account, created on first use and removed with its last entry. Each entry becomes passages the way an
 * uploaded FAQ entry does (the question is the heading, `agent/passages.ts`), so the turn engine treats it like any
 * FAQ. Every change bumps the knowledge version in the transaction that writes it: every call on every instance
 * picks it up on its next turn (calls/knowledge-cache.ts). The document's file is the entries as "Q: … / A: …"
 * text, rewritten on each change, so a download or a hosted agent's copy holds the same entries.
 */
import { randomUUID } from 'node:crypto';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { splitIntoPassages } from '../../agent/passages.ts';
import { AppError } from '../../lib/errors.ts';
import * as answers from './added-answers.repository.ts';
import * as repo from './knowledge.repository.ts';
import { discardBlobs, MAX_PASSAGES_PER_AGENT } from './knowledge.service.ts';

export const ADDED_ANSWERS_DOCUMENT = 'Answers you added';
export const MAX_ANSWER_CHARS = 2000;
export const MAX_QUESTION_CHARS = 300;

export interface AddedAnswer {
  id: string;
  question: string;
  answer: string;
  /** Other wordings callers used (from a knowledge gap): the answer is found under each of them too. */
  askedAs: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface AnswerInput {
  question: string;
  answer: string;
  /** Other wordings of the question (callers' own, from a knowledge gap). Kept when an edit leaves it out. */
  askedAs?: string[] | undefined;
}

/** Wordings kept per entry, each at most MAX_QUESTION_CHARS. */
const MAX_ASKED_AS = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAddedAnswer(entry: answers.StoredAnswer): AddedAnswer {
  return {
    id: entry.id,
    question: entry.question,
    answer: entry.answer,
    askedAs: entry.askedAs,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  };
}

/** Trimmed, one line for the question; a clear 422 for an empty or too long field (nothing is saved then). */
export function checkAnswerInput(input: AnswerInput): AnswerInput {
  const question = input.question.replace(/\s+/g, ' ').trim();
  const answer = input.answer.replace(/\r\n?/g, '\n').trim();
  if (question === '') throw new AppError('validation', 'Please write the question this answer is for.');
  if (question.length > MAX_QUESTION_CHARS) {
    throw new AppError(
      'validation',
      `The question is ${question.length.toLocaleString('en-US')} characters long; the limit is ${MAX_QUESTION_CHARS}. Please shorten it.`,
    );
  }
  if (answer === '') throw new AppError('validation', 'Please write an answer before saving.');
  if (answer.length > MAX_ANSWER_CHARS) {
    throw new AppError(
      'validation',
      `The answer is ${answer.length.toLocaleString('en-US')} characters long; the limit is ${MAX_ANSWER_CHARS.toLocaleString('en-US')}. Please shorten it.`,
    );
  }
  if (input.askedAs === undefined) return { question, answer };
  const seen = new Set([wording(question)]);
  const askedAs: string[] = [];
  for (const raw of input.askedAs) {
    const text = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_QUESTION_CHARS);
    if (text === '' || seen.has(wording(text)) || askedAs.length >= MAX_ASKED_AS) continue;
    seen.add(wording(text));
    askedAs.push(text);
  }
  return { question, answer, askedAs };
}

function wording(text: string): string {
  return (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).join(' ');
}

/**
 * The passages of one entry: its question as the heading, its answer as the text (split like any section), and the
 * same under each other wording callers used, so that each of their questions finds an entry headed by its words.
 */
export function answerPassages(entry: AnswerInput) {
  // The answer's own lines stay text: a short line of it must not be read as a heading of its own.
  const body = entry.answer.replace(/\n+/g, ' ');
  return [entry.question, ...(entry.askedAs ?? [])].flatMap((question) =>
    splitIntoPassages([{ page: null, text: `# ${question}\n${body}` }]),
  );
}

/** The document's file: every entry as "Q: … / A: …". */
export function renderAnswersDocument(entries: readonly AnswerInput[]): string {
  return entries
    .map((e) => {
      const also = (e.askedAs ?? []).map((q) => `(also asked as: ${q})\n`).join('');
      return `Q: ${e.question}\n${also}A: ${e.answer}\n`;
    })
    .join('\n');
}

function noAgentError(): AppError {
  return new AppError('not_found', 'No agent is configured yet. Please configure your agent first.');
}

function notFound(): AppError {
  return new AppError('not_found', 'This answer no longer exists. It may have been deleted.');
}

export async function listAddedAnswers(deps: Pick<AppDeps, 'db'>, agent: AgentRef): Promise<AddedAnswer[]> {
  return (await answers.findAnswers(deps.db, agent)).map(toAddedAnswer);
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'providers'>;

/**
 * One change of the entries, in one transaction: the knowledge version is bumped first (locking the agent row, so
 * changes of one account run one after the other), then `change` runs, then the document's file is rewritten (or
 * the document removed with its last entry). A new file that the transaction did not keep is removed, and the
 * replaced one after the commit.
 */
async function changeAnswers<T>(
  deps: Deps,
  agent: AgentRef,
  change: (trx: Db, documentId: () => Promise<string>) => Promise<T>,
): Promise<T> {
  // The document's next file: written once the entries are known, under a key chosen now.
  const nextKey = `documents/${agent.userId}/${randomUUID()}`;
  let written = false;
  let previousKey: string | null = null;
  try {
    const result = await deps.db.transaction().execute(async (trx) => {
      const version = await repo.bumpKnowledgeVersion(trx, agent, deps.clock.now());
      if (version === undefined) throw noAgentError();
      let document = await answers.findAnswersDocument(trx, agent, ADDED_ANSWERS_DOCUMENT);
      previousKey = document?.blobKey ?? null;
      const documentId = async () => {
        document ??= {
          id: await answers.insertAnswersDocument(trx, agent, {
            name: ADDED_ANSWERS_DOCUMENT,
            blobKey: nextKey,
            sizeBytes: 0,
          }),
          blobKey: nextKey,
        };
        return document.id;
      };
      const value = await change(trx, documentId);
      if (!document) return value;
      const entries = await answers.findAnswers(trx, agent);
      if (entries.length === 0) {
        await answers.deleteDocumentById(trx, document.id);
        return value;
      }
      if ((await repo.countPassages(trx, agent)) > MAX_PASSAGES_PER_AGENT) {
        throw new AppError(
          'validation',
          `An agent can use at most ${MAX_PASSAGES_PER_AGENT.toLocaleString('en-US')} passages of text, and your documents already hold that many. Delete a document first. Nothing was saved.`,
        );
      }
      const data = Buffer.from(renderAnswersDocument(entries), 'utf8');
      written = true;
      await deps.providers.blobs.put(nextKey, data, { contentType: 'text/plain; charset=utf-8' });
      await answers.setDocumentBlob(trx, document.id, { blobKey: nextKey, sizeBytes: data.length });
      return value;
    });
    if (previousKey !== null) await discardBlobs(deps, [previousKey]);
    return result;
  } catch (error) {
    if (written) await discardBlobs(deps, [nextKey]);
    throw error;
  }
}

/** Adds an entry (creating the document on first use); the next turn of any call can answer from it. */
export async function addAnswer(deps: Deps, agent: AgentRef, input: AnswerInput): Promise<AddedAnswer> {
  const entry = checkAnswerInput(input);
  return changeAnswers(deps, agent, async (trx, documentId) => {
    const stored = await answers.insertAnswer(trx, agent, {
      documentId: await documentId(),
      question: entry.question,
      answer: entry.answer,
      askedAs: entry.askedAs ?? [],
      now: deps.clock.now(),
    });
    await answers.replaceAnswerPassages(trx, agent, stored, answerPassages(stored));
    return toAddedAnswer(stored);
  });
}

export async function editAnswer(
  deps: Deps,
  agent: AgentRef,
  id: string,
  input: AnswerInput,
): Promise<AddedAnswer> {
  const entry = checkAnswerInput(input);
  if (!UUID.test(id)) throw notFound();
  return changeAnswers(deps, agent, async (trx, documentId) => {
    await documentId();
    const stored = await answers.updateAnswer(trx, agent, id, { ...entry, now: deps.clock.now() });
    if (!stored) throw notFound();
    await answers.replaceAnswerPassages(trx, agent, stored, answerPassages(stored));
    return toAddedAnswer(stored);
  });
}

export async function removeAnswer(deps: Deps, agent: AgentRef, id: string): Promise<AddedAnswer> {
  if (!UUID.test(id)) throw notFound();
  return changeAnswers(deps, agent, async (trx, documentId) => {
    if (!(await answers.findAnswer(trx, agent, id))) throw notFound();
    await documentId();
    const deleted = await answers.deleteAnswer(trx, agent, id);
    if (!deleted) throw notFound();
    return toAddedAnswer(deleted);
  });
}
