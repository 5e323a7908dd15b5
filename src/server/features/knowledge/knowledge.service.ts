/**
 * The knowledge base: one ingestion pipeline for every upload (configure form and knowledge-base page), and the
 * reads the call runtime and the hosted-agent code use. See docs/decisions/030-telephony-and-knowledge.md.
 *
 * Pipeline: read every file -> extractDocument (type by content, 10 MB, limits on what a file may unpack or
 * expand to) -> splitIntoPassages, both in the extraction thread (document-extractor.ts). If any file of
 * the upload cannot be used, the whole upload is refused with one 4xx listing each bad file and its reason,
 * and nothing is stored. Otherwise: blobs are written first, then one transaction stores documents and
 * passages (a file with the same name replaces the earlier one) and bumps agent_configs.knowledge_version;
 * on failure the new blobs are removed again; after commit the replaced blobs are removed.
 *
 * Exported for other code (all scoped to one user):
 * - `loadAgentKnowledge(db, agent)`      every passage + the knowledge version (call runtime, per call)
 * - `findKnowledgeVersion(db, agent)`    cheap "did the documents change?" check before each turn
 * - `searchKnowledge(db, agent, q, n)`   Postgres full-text search over the passages (prefilter for huge KBs)
 * - `listKnowledgeDocuments(deps, agent)` documents with sizes (admin view, agent config)
 * - `readKnowledgeDocument(deps, agent, documentId)` the original bytes (e.g. upload to a hosted agent's KB)
 * - `setKnowledgeDocumentProviderId(db, agent, documentId, id)` remember the hosted agent's copy of a document
 * - `ingestDocuments`, `prepareDocuments` + `storePreparedDocuments`, `deleteKnowledgeDocument`,
 *   `removeAllKnowledge` (the routes of agents and knowledge)
 */
import { randomUUID } from 'node:crypto';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError, type AppErrorCode } from '../../lib/errors.ts';
import type { PassageDraft } from '../../agent/passages.ts';
import type { KnowledgePassage } from '../../agent/retrieval/knowledge-index.ts';
import { documentExtractor, type DocumentExtractor } from './document-extractor.ts';
import { ExtractionError, MAX_DOCUMENT_BYTES, type DocumentKind, type ExtractionFailure } from './extract.ts';
import * as repo from './knowledge.repository.ts';
import { formatFileSize } from '../../../shared/file-size.ts';

/**
 * Documents one agent may hold. A saved website is a file a page, and a town hall's or a software product's site
 * runs to hundreds of pages: what bounds an agent's cost is what they hold, MAX_PASSAGES_PER_AGENT (ADR 030).
 */
export const MAX_DOCUMENTS_PER_AGENT = 500;
/**
 * Passages (a paragraph or a short section each, about 600 bytes on real web pages) one agent may hold: about 10 MB
 * of text, a documentation site of 250 to 500 pages. Bounds what every call loads and searches (58 MB of heap and
 * turns of p95 about 50 ms at this size: `npm run bench:knowledge`), and the sentence-encoder work of a new upload
 * (10-30 ms of CPU per passage). It was 5,000 until a software product's help site of 225 pages was refused.
 */
export const MAX_PASSAGES_PER_AGENT = 12_000;
export { MAX_DOCUMENT_BYTES };

/** A file as read from a multipart upload. `truncated` means it was cut at the 10 MB limit. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
  truncated?: boolean;
}

/** A file that passed extraction and splitting, ready to store. */
export interface PreparedDocument {
  name: string;
  kind: DocumentKind;
  data: Buffer;
  pageCount: number | null;
  passages: PassageDraft[];
}

export interface RejectedFile {
  filename: string;
  reason: ExtractionFailure;
  message: string;
}

/** The whole upload was refused because of these files; its message names each file and its reason. */
export class DocumentsRejectedError extends AppError {
  constructor(
    readonly rejected: RejectedFile[],
    code: AppErrorCode,
    message: string,
  ) {
    super(code, message);
  }
}

export interface KnowledgeDocument {
  id: string;
  name: string;
  /** What the API calls `path`: the handle used to delete the document. */
  path: string;
  kind: string;
  sizeBytes: number;
  sizeFormatted: string;
  pageCount: number | null;
  providerDocumentId: string | null;
  createdAt: Date;
}

const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain; charset=utf-8',
};

/** "12 B", "532.1 KB", "1.2 MB". */
export function formatSize(bytes: number): string {
  // Shared with the client's file pickers, so a chosen file shows the size it will have in the list.
  return formatFileSize(bytes);
}

/** The name as the owner knows it: no folders, no control characters, at most 200 characters. */
export function documentName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return clean === '' ? 'document' : clean;
}

function toKnowledgeDocument(document: repo.StoredDocument): KnowledgeDocument {
  return {
    id: document.id,
    name: document.name,
    path: document.id,
    kind: document.kind,
    sizeBytes: document.sizeBytes,
    sizeFormatted: formatSize(document.sizeBytes),
    pageCount: document.pageCount,
    providerDocumentId: document.providerDocumentId,
    createdAt: document.createdAt,
  };
}

function rejectionCode(rejected: RejectedFile[]): AppErrorCode {
  if (rejected.every((file) => file.reason === 'too_large')) return 'payload_too_large';
  if (rejected.every((file) => file.reason === 'unsupported_type')) return 'unsupported_media_type';
  return 'validation';
}

function rejectionMessage(rejected: RejectedFile[]): string {
  const reasons = rejected.map((file) => (/[.!?]$/.test(file.message) ? file.message : `${file.message}.`));
  const which = rejected.length === 1 ? 'this file' : 'these files';
  return `${reasons.join(' ')} Nothing was saved: remove or replace ${which} and try again.`;
}

/**
 * Step one of every upload: extract and split each file, in the extraction thread. Throws
 * DocumentsRejectedError (413, 415 or 422) listing every bad file when any file cannot be used. Two files of one
 * upload with the same name are different files (a site's pages are often all "index.html"): both are kept, the
 * later one as "index (2).html" (uniqueName). A name already stored is replaced, as an updated document is.
 */
export async function prepareDocuments(
  files: UploadedFile[],
  extractor: DocumentExtractor = documentExtractor,
): Promise<PreparedDocument[]> {
  const prepared = new Map<string, PreparedDocument>();
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    const name = uniqueName(documentName(file.filename), prepared);
    if (file.truncated || file.data.length > MAX_DOCUMENT_BYTES) {
      rejected.push({
        filename: name,
        reason: 'too_large',
        message: `${name}: the file is larger than the 10 MB limit`,
      });
      continue;
    }
    try {
      const extracted = await extractor.extract({ filename: name, data: file.data });
      prepared.set(name, { name, data: file.data, ...extracted });
      // More than any agent may hold already: stop here rather than read the rest of the upload.
      const passages = [...prepared.values()].reduce((sum, d) => sum + d.passages.length, 0);
      if (passages > MAX_PASSAGES_PER_AGENT) throw uploadPassageLimitError([...prepared.values()]);
    } catch (error) {
      if (!(error instanceof ExtractionError)) throw error;
      rejected.push({ filename: name, reason: error.reason, message: error.message });
    }
  }
  if (rejected.length > 0) {
    throw new DocumentsRejectedError(rejected, rejectionCode(rejected), rejectionMessage(rejected));
  }
  return [...prepared.values()];
}

/** `name`, or when the upload already has a file of that name, "name (2).ext", "name (3).ext"…, the first free. */
function uniqueName(name: string, taken: ReadonlyMap<string, unknown>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function limitError(existing: number, total: number): AppError {
  return new AppError(
    'validation',
    `An agent can use at most ${MAX_DOCUMENTS_PER_AGENT} documents. You have ${existing}, and this upload would make ${total}. Delete some documents first.`,
  );
}

function passageLimitError(prepared: PreparedDocument[], existing: number, total: number): AppError {
  const names = prepared.map((d) => d.name).join(', ');
  return new AppError(
    'validation',
    `${names}: an agent can use at most ${MAX_PASSAGES_PER_AGENT.toLocaleString('en-US')} passages of text (about 10 MB). Your documents have ${existing.toLocaleString('en-US')}, and this upload would make ${total.toLocaleString('en-US')}. Delete some documents or upload shorter ones. Nothing was saved.`,
  );
}

function uploadPassageLimitError(prepared: PreparedDocument[]): AppError {
  const names = prepared.map((d) => d.name).join(', ');
  return new AppError(
    'validation',
    `${names}: an agent can use at most ${MAX_PASSAGES_PER_AGENT.toLocaleString('en-US')} passages of text (about 10 MB), and these documents alone have more. Upload shorter documents. Nothing was saved.`,
  );
}

/**
 * Would these documents exceed the per-agent limits (documents, passages)? Documents of the same name are
 * replaced, so they do not count twice. Runs early (before renting a number, say) and again inside the
 * upload's transaction.
 */
async function checkAgentLimits(db: Db, agent: AgentRef, prepared: PreparedDocument[]): Promise<void> {
  const names = prepared.map((d) => d.name);
  const existing = await repo.countDocuments(db, agent);
  const replacing = (await repo.findExistingNames(db, agent, names)).length;
  const total = existing - replacing + prepared.length;
  if (total > MAX_DOCUMENTS_PER_AGENT) throw limitError(existing, total);
  const passages = await repo.countPassages(db, agent);
  const replacedPassages = await repo.countPassages(db, agent, names);
  const added = prepared.reduce((sum, d) => sum + d.passages.length, 0);
  const passagesTotal = passages - replacedPassages + added;
  if (passagesTotal > MAX_PASSAGES_PER_AGENT) throw passageLimitError(prepared, passages, passagesTotal);
}

/** Early check (before renting a number, say): would these documents exceed the per-agent limits? */
export async function assertDocumentLimit(
  db: Db,
  agent: AgentRef,
  prepared: PreparedDocument[],
): Promise<void> {
  if (prepared.length === 0) return;
  await checkAgentLimits(db, agent, prepared);
}

export interface StoreOptions {
  /**
   * Runs first inside the upload's transaction (the configure route saves the agent configuration here, so
   * configuration and documents commit or fail together).
   */
  inTransaction?: (trx: Db) => Promise<void>;
}

/**
 * Step two: blobs first, then one transaction (documents + passages + knowledge_version bump). The agent
 * configuration must exist by the time the documents are stored (404 otherwise). New blobs are removed when
 * anything fails; replaced blobs are removed after the commit.
 */
export async function storePreparedDocuments(
  deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>,
  agent: AgentRef,
  prepared: PreparedDocument[],
  options: StoreOptions = {},
): Promise<KnowledgeDocument[]> {
  const { db, providers } = deps;
  const written: string[] = [];
  let stored: repo.StoredDocument[] = [];
  let replacedKeys: string[] = [];
  try {
    for (const document of prepared) {
      const key = `documents/${agent.userId}/${randomUUID()}`;
      await providers.blobs.put(key, document.data, { contentType: CONTENT_TYPES[document.kind] });
      written.push(key);
    }
    await db.transaction().execute(async (trx) => {
      await options.inTransaction?.(trx);
      if (prepared.length === 0) return;
      const version = await repo.bumpKnowledgeVersion(trx, agent, deps.clock.now());
      if (version === undefined) throw noAgentError();
      await checkAgentLimits(trx, agent, prepared);
      stored = [];
      replacedKeys = [];
      for (const [i, document] of prepared.entries()) {
        const result = await repo.replaceDocument(trx, agent, {
          name: document.name,
          blobKey: written[i]!,
          kind: document.kind,
          sizeBytes: document.data.length,
          pageCount: document.pageCount,
          passages: document.passages,
        });
        stored.push(result.document);
        if (result.replacedBlobKey) replacedKeys.push(result.replacedBlobKey);
      }
    });
  } catch (error) {
    await discardBlobs(deps, written);
    throw error;
  }
  await discardBlobs(deps, replacedKeys);
  return stored.map(toKnowledgeDocument);
}

/** The whole pipeline for one upload: prepare (refusing bad files) then store. */
export async function ingestDocuments(
  deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>,
  agent: AgentRef,
  files: UploadedFile[],
  options: StoreOptions = {},
): Promise<KnowledgeDocument[]> {
  const prepared = await prepareDocuments(files);
  return storePreparedDocuments(deps, agent, prepared, options);
}

/** Removes blobs, best effort: a leftover file is harmless, a failed request is not. */
export async function discardBlobs(deps: Pick<AppDeps, 'providers'>, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.providers.blobs.delete(key).catch(() => undefined)));
}

function noAgentError(): AppError {
  return new AppError('not_found', 'No agent is configured yet. Please configure your agent first.');
}

/** The user's documents, oldest first; throws 404 when no agent is configured. */
export async function listKnowledgeDocuments(
  deps: Pick<AppDeps, 'db'>,
  agent: AgentRef,
  options: { requireAgent?: boolean } = { requireAgent: true },
): Promise<KnowledgeDocument[]> {
  if (options.requireAgent !== false && !(await repo.hasAgentConfig(deps.db, agent))) throw noAgentError();
  return (await repo.findDocuments(deps.db, agent)).map(toKnowledgeDocument);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deletes one of the user's documents (404 when it is not theirs) and bumps the knowledge version. */
export async function deleteKnowledgeDocument(
  deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>,
  agent: AgentRef,
  documentPath: string,
): Promise<KnowledgeDocument> {
  const id = documentPath.trim();
  if (!UUID.test(id)) throw new AppError('not_found', 'Document not found');
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const document = await repo.deleteDocument(trx, agent, id);
    if (!document) throw new AppError('not_found', 'Document not found');
    await repo.bumpKnowledgeVersion(trx, agent, deps.clock.now());
    return document;
  });
  await discardBlobs(deps, [deleted.blobKey]);
  return toKnowledgeDocument(deleted);
}

/**
 * Deletes every document of the user inside `trx` (the caller's transaction). Call `cleanUp()` after the
 * commit to remove the files from the blob store.
 */
export async function removeAllKnowledge(
  trx: Db,
  deps: Pick<AppDeps, 'providers'>,
  agent: AgentRef,
): Promise<{ documents: KnowledgeDocument[]; cleanUp: () => Promise<void> }> {
  const deleted = await repo.deleteAllDocuments(trx, agent);
  return {
    documents: deleted.map(toKnowledgeDocument),
    cleanUp: () =>
      discardBlobs(
        deps,
        deleted.map((d) => d.blobKey),
      ),
  };
}

/** The original bytes of one of the user's documents (404 when it is not theirs). */
export async function readKnowledgeDocument(
  deps: Pick<AppDeps, 'db' | 'providers'>,
  agent: AgentRef,
  documentId: string,
): Promise<{ document: KnowledgeDocument; data: Buffer; contentType: string }> {
  if (!UUID.test(documentId)) throw new AppError('not_found', 'Document not found');
  const document = await repo.findDocument(deps.db, agent, documentId);
  if (!document) throw new AppError('not_found', 'Document not found');
  const data = await deps.providers.blobs.get(document.blobKey);
  const contentType = CONTENT_TYPES[document.kind as DocumentKind] ?? 'application/octet-stream';
  return { document: toKnowledgeDocument(document), data, contentType };
}

export async function setKnowledgeDocumentProviderId(
  db: Db,
  agent: AgentRef,
  documentId: string,
  providerDocumentId: string | null,
): Promise<void> {
  await repo.setProviderDocumentId(db, agent, documentId, providerDocumentId);
}

export interface AgentKnowledge {
  /** agent_configs.knowledge_version at load time; compare with findKnowledgeVersion to reload. */
  version: number;
  passages: KnowledgePassage[];
}

/**
 * Everything the agent of `agent` knows: every passage with its document name, heading and page, in the
 * shape `buildKnowledgeIndex` takes. Undefined when the user has no agent configuration.
 * The version is read before the passages, so a change racing the load is seen on the next check.
 */
export async function loadAgentKnowledge(db: Db, agent: AgentRef): Promise<AgentKnowledge | undefined> {
  const version = await repo.findKnowledgeVersion(db, agent);
  if (version === undefined) return undefined;
  const passages = await repo.findPassages(db, agent);
  return {
    version,
    passages: passages.map((p) => ({
      id: p.id,
      documentName: p.documentName,
      heading: p.heading,
      headingLevel: p.headingLevel,
      page: p.page,
      text: p.text,
    })),
  };
}

/** The agent's current knowledge version (bumped on every document change), or undefined without an agent. */
export async function findKnowledgeVersion(db: Db, agent: AgentRef): Promise<number | undefined> {
  return repo.findKnowledgeVersion(db, agent);
}

/** Postgres full-text search over the user's passages, best first (a prefilter; the turn engine ranks). */
export async function searchKnowledge(
  db: Db,
  agent: AgentRef,
  query: string,
  limit = 20,
): Promise<(KnowledgePassage & { rank: number })[]> {
  if (query.trim() === '') return [];
  const rows = await repo.searchPassages(db, agent, query, limit);
  return rows.map((p) => ({
    id: p.id,
    documentName: p.documentName,
    heading: p.heading,
    page: p.page,
    text: p.text,
    rank: p.rank,
  }));
}
