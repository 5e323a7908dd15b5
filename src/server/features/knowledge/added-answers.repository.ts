/**
 * Storage of the owner's added answers (ADR 012): each entry is a row of `added_answers` and the passages made from
 * it, in the one document "Answers you added" of the account. Kysely stays here; callers get domain types.
 */
import type { Db } from '../../db/database.ts';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import type { PassageDraft } from '../../agent/passages.ts';

export interface StoredAnswer {
  id: string;
  documentId: string;
  question: string;
  answer: string;
  askedAs: string[];
  createdAt: Date;
  updatedAt: Date;
}

type AnswerRow = {
  id: string;
  document_id: string;
  question: string;
  answer: string;
  asked_as: string[];
  created_at: Date;
  updated_at: Date;
};

const answerColumns = [
  'id',
  'document_id',
  'question',
  'answer',
  'asked_as',
  'created_at',
  'updated_at',
] as const;

function toAnswer(row: AnswerRow): StoredAnswer {
  return {
    id: row.id,
    documentId: row.document_id,
    question: row.question,
    answer: row.answer,
    askedAs: Array.isArray(row.asked_as) ? row.asked_as : [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findAnswers(db: Db, agent: AgentRef): Promise<StoredAnswer[]> {
  const rows = await db
    .selectFrom('added_answers')
    .select(answerColumns)
    .where('agent_id', '=', agent.agentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAnswer);
}

export async function findAnswer(db: Db, agent: AgentRef, id: string): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('added_answers')
    .select(answerColumns)
    .where('agent_id', '=', agent.agentId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toAnswer(row) : undefined;
}

/** The account's document of added answers, by its name. */
export async function findAnswersDocument(
  db: Db,
  agent: AgentRef,
  name: string,
): Promise<{ id: string; blobKey: string } | undefined> {
  const row = await db
    .selectFrom('documents')
    .select(['id', 'blob_key'])
    .where('agent_id', '=', agent.agentId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { id: row.id, blobKey: row.blob_key } : undefined;
}

export async function insertAnswersDocument(
  db: Db,
  agent: AgentRef,
  document: { name: string; blobKey: string; sizeBytes: number },
): Promise<string> {
  const row = await db
    .insertInto('documents')
    .values({
      user_id: agent.userId,
      agent_id: agent.agentId,
      name: document.name,
      blob_key: document.blobKey,
      kind: 'txt',
      size_bytes: document.sizeBytes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Points the document at its re-rendered text (the blob a download or a hosted agent's copy reads). */
export async function setDocumentBlob(
  db: Db,
  documentId: string,
  blob: { blobKey: string; sizeBytes: number },
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ blob_key: blob.blobKey, size_bytes: blob.sizeBytes, provider_document_id: null })
    .where('id', '=', documentId)
    .execute();
}

export async function deleteDocumentById(db: Db, documentId: string): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', documentId).execute();
}

export async function insertAnswer(
  db: Db,
  agent: AgentRef,
  entry: { documentId: string; question: string; answer: string; askedAs: string[]; now: Date },
): Promise<StoredAnswer> {
  const row = await db
    .insertInto('added_answers')
    .values({
      user_id: agent.userId,
      agent_id: agent.agentId,
      document_id: entry.documentId,
      question: entry.question,
      answer: entry.answer,
      asked_as: JSON.stringify(entry.askedAs),
      created_at: entry.now,
      updated_at: entry.now,
    })
    .returning(answerColumns)
    .executeTakeFirstOrThrow();
  return toAnswer(row);
}

export async function updateAnswer(
  db: Db,
  agent: AgentRef,
  id: string,
  entry: { question: string; answer: string; askedAs?: string[]; now: Date },
): Promise<StoredAnswer | undefined> {
  const row = await db
    .updateTable('added_answers')
    .set({
      question: entry.question,
      answer: entry.answer,
      ...(entry.askedAs ? { asked_as: JSON.stringify(entry.askedAs) } : {}),
      updated_at: entry.now,
    })
    .where('agent_id', '=', agent.agentId)
    .where('id', '=', id)
    .returning(answerColumns)
    .executeTakeFirst();
  return row ? toAnswer(row) : undefined;
}

/** Deletes an entry (its passages cascade); undefined when it is not this user's. */
export async function deleteAnswer(db: Db, agent: AgentRef, id: string): Promise<StoredAnswer | undefined> {
  const row = await db
    .deleteFrom('added_answers')
    .where('agent_id', '=', agent.agentId)
    .where('id', '=', id)
    .returning(answerColumns)
    .executeTakeFirst();
  return row ? toAnswer(row) : undefined;
}

/** Replaces an entry's passages (their vectors are computed again in the background). */
export async function replaceAnswerPassages(
  db: Db,
  agent: AgentRef,
  entry: { id: string; documentId: string },
  passages: PassageDraft[],
): Promise<void> {
  await db.deleteFrom('passages').where('answer_id', '=', entry.id).execute();
  if (passages.length === 0) return;
  const last = await db
    .selectFrom('passages')
    .select((eb) => eb.fn.max('ord').as('ord'))
    .where('document_id', '=', entry.documentId)
    .executeTakeFirst();
  const first = last?.ord === null || last?.ord === undefined ? 0 : Number(last.ord) + 1;
  await db
    .insertInto('passages')
    .values(
      passages.map((p, i) => ({
        document_id: entry.documentId,
        user_id: agent.userId,
        agent_id: agent.agentId,
        answer_id: entry.id,
        ord: first + i,
        heading: p.heading,
        page: p.page,
        text: p.text,
      })),
    )
    .execute();
}
