/**
 * Storage of the knowledge base: documents (one row per uploaded file, bytes in the blob store) and their
 * passages (the retrieval units, with a generated tsvector). Kysely stays here; callers get domain types.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AgentRef } from '../../accounts/agent-scope.ts';

export interface StoredDocument {
  id: string;
  userId: string;
  name: string;
  blobKey: string;
  kind: string;
  sizeBytes: number;
  pageCount: number | null;
  providerDocumentId: string | null;
  createdAt: Date;
}

export interface NewPassage {
  ord: number;
  heading: string | null;
  headingLevel?: number | null;
  page: number | null;
  text: string;
}

export interface NewDocument {
  name: string;
  blobKey: string;
  kind: string;
  sizeBytes: number;
  pageCount: number | null;
  passages: NewPassage[];
}

export interface StoredPassage {
  id: string;
  documentId: string;
  documentName: string;
  ord: number;
  heading: string | null;
  headingLevel: number | null;
  page: number | null;
  text: string;
}

const documentColumns = [
  'id',
  'user_id',
  'name',
  'blob_key',
  'kind',
  'size_bytes',
  'page_count',
  'provider_document_id',
  'created_at',
] as const;

type DocumentRow = {
  id: string;
  user_id: string;
  name: string;
  blob_key: string;
  kind: string;
  size_bytes: number;
  page_count: number | null;
  provider_document_id: string | null;
  created_at: Date;
};

function toDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    blobKey: row.blob_key,
    kind: row.kind,
    sizeBytes: row.size_bytes,
    pageCount: row.page_count,
    providerDocumentId: row.provider_document_id,
    createdAt: row.created_at,
  };
}

export async function findDocuments(db: Db, agent: AgentRef): Promise<StoredDocument[]> {
  const rows = await db
    .selectFrom('documents')
    .select(documentColumns)
    .where('agent_id', '=', agent.agentId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
  return rows.map(toDocument);
}

export async function findDocument(
  db: Db,
  agent: AgentRef,
  documentId: string,
): Promise<StoredDocument | undefined> {
  const row = await db
    .selectFrom('documents')
    .select(documentColumns)
    .where('agent_id', '=', agent.agentId)
    .where('id', '=', documentId)
    .executeTakeFirst();
  return row ? toDocument(row) : undefined;
}

export async function countDocuments(db: Db, agent: AgentRef): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('agent_id', '=', agent.agentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's passages; with `names`, only those of the documents of these names. */
export async function countPassages(db: Db, agent: AgentRef, names?: string[]): Promise<number> {
  if (names !== undefined && names.length === 0) return 0;
  let query = db
    .selectFrom('passages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('passages.agent_id', '=', agent.agentId);
  if (names !== undefined) {
    query = query.where('passages.document_id', 'in', (eb) =>
      eb
        .selectFrom('documents')
        .select('documents.id')
        .where('documents.agent_id', '=', agent.agentId)
        .where('documents.name', 'in', names),
    );
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Names among `names` that this user already has (an upload of one of these replaces it). */
export async function findExistingNames(db: Db, agent: AgentRef, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('documents')
    .select('name')
    .where('agent_id', '=', agent.agentId)
    .where('name', 'in', names)
    .execute();
  return rows.map((row) => row.name);
}

/**
 * Bumps the agent's knowledge version (running calls reload on their next turn) and locks the agent row for
 * the rest of the transaction, so concurrent uploads of one user run one after the other.
 * Returns the new version, or undefined when the user has no agent configuration.
 */
export async function bumpKnowledgeVersion(db: Db, agent: AgentRef, now: Date): Promise<number | undefined> {
  const row = await db
    .updateTable('agent_configs')
    .set((eb) => ({ knowledge_version: eb('knowledge_version', '+', 1), updated_at: now }))
    .where('id', '=', agent.agentId)
    .returning('knowledge_version')
    .executeTakeFirst();
  return row?.knowledge_version;
}

export async function findKnowledgeVersion(db: Db, agent: AgentRef): Promise<number | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select('knowledge_version')
    .where('id', '=', agent.agentId)
    .executeTakeFirst();
  return row?.knowledge_version;
}

export async function hasAgentConfig(db: Db, agent: AgentRef): Promise<boolean> {
  const row = await db
    .selectFrom('agent_configs')
    .select('id')
    .where('id', '=', agent.agentId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts a document and its passages, replacing a document of the same name (passages cascade).
 * Returns the new document and the blob key of the replaced one, if any.
 */
export async function replaceDocument(
  db: Db,
  agent: AgentRef,
  document: NewDocument,
): Promise<{ document: StoredDocument; replacedBlobKey: string | null }> {
  const replaced = await db
    .deleteFrom('documents')
    .where('agent_id', '=', agent.agentId)
    .where('name', '=', document.name)
    .returning('blob_key')
    .executeTakeFirst();
  const row = await db
    .insertInto('documents')
    .values({
      user_id: agent.userId,
      agent_id: agent.agentId,
      name: document.name,
      blob_key: document.blobKey,
      kind: document.kind,
      size_bytes: document.sizeBytes,
      page_count: document.pageCount,
    })
    .returning(documentColumns)
    .executeTakeFirstOrThrow();
  // Chunked so a 10 MB text file (thousands of passages) stays under the bind-parameter limit.
  const CHUNK = 500;
  for (let i = 0; i < document.passages.length; i += CHUNK) {
    await db
      .insertInto('passages')
      .values(
        document.passages.slice(i, i + CHUNK).map((p) => ({
          document_id: row.id,
          user_id: agent.userId,
          agent_id: agent.agentId,
          ord: p.ord,
          heading: p.heading,
          heading_level: p.headingLevel ?? null,
          page: p.page,
          text: p.text,
        })),
      )
      .execute();
  }
  return { document: toDocument(row), replacedBlobKey: replaced?.blob_key ?? null };
}

/** Deletes one document (passages cascade); returns it, or undefined when it is not this user's. */
export async function deleteDocument(
  db: Db,
  agent: AgentRef,
  documentId: string,
): Promise<StoredDocument | undefined> {
  const row = await db
    .deleteFrom('documents')
    .where('agent_id', '=', agent.agentId)
    .where('id', '=', documentId)
    .returning(documentColumns)
    .executeTakeFirst();
  return row ? toDocument(row) : undefined;
}

/** Deletes every document of the user (passages cascade); returns what was deleted. */
export async function deleteAllDocuments(db: Db, agent: AgentRef): Promise<StoredDocument[]> {
  const rows = await db
    .deleteFrom('documents')
    .where('agent_id', '=', agent.agentId)
    .returning(documentColumns)
    .execute();
  return rows.map(toDocument);
}

export async function setProviderDocumentId(
  db: Db,
  agent: AgentRef,
  documentId: string,
  providerDocumentId: string | null,
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ provider_document_id: providerDocumentId })
    .where('agent_id', '=', agent.agentId)
    .where('id', '=', documentId)
    .execute();
}

/** A passage with its document's name (passages joined to documents). */
const passageColumns = [
  'passages.id',
  'passages.document_id',
  'documents.name as document_name',
  'passages.ord',
  'passages.heading',
  'passages.heading_level',
  'passages.page',
  'passages.text',
] as const;

function toPassage(row: {
  id: string;
  document_id: string;
  document_name: string;
  ord: number;
  heading: string | null;
  heading_level: number | null;
  page: number | null;
  text: string;
}): StoredPassage {
  return {
    id: row.id,
    documentId: row.document_id,
    documentName: row.document_name,
    ord: row.ord,
    heading: row.heading,
    headingLevel: row.heading_level,
    page: row.page,
    text: row.text,
  };
}

/** Every passage of the user, in document then reading order. */
export async function findPassages(db: Db, agent: AgentRef): Promise<StoredPassage[]> {
  const rows = await db
    .selectFrom('passages')
    .innerJoin('documents', 'documents.id', 'passages.document_id')
    .select(passageColumns)
    .where('passages.agent_id', '=', agent.agentId)
    .orderBy('documents.created_at')
    .orderBy('documents.name')
    .orderBy('passages.ord')
    .execute();
  return rows.map(toPassage);
}

/** Full-text search over the user's passages (Postgres `websearch_to_tsquery`, GIN index), best first. */
export async function searchPassages(
  db: Db,
  agent: AgentRef,
  query: string,
  limit: number,
): Promise<(StoredPassage & { rank: number })[]> {
  const tsquery = sql`websearch_to_tsquery('english', ${query})`;
  const rows = await db
    .selectFrom('passages')
    .innerJoin('documents', 'documents.id', 'passages.document_id')
    .select([...passageColumns, sql<number>`ts_rank(passages.tsv, ${tsquery})`.as('rank')])
    .where('passages.agent_id', '=', agent.agentId)
    .where(sql<boolean>`passages.tsv @@ ${tsquery}`)
    .orderBy('rank', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toPassage(row), rank: Number(row.rank) }));
}
