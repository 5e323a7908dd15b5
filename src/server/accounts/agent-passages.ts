/**
 * An agent's passages with their sentence vectors, in document order: what the call runtime indexes, and what the
 * knowledge-gaps replay asks its questions of.
 */
import type { Db } from '../db/database.ts';
import type { KnowledgePassage } from '../agent/retrieval/knowledge-index.ts';
import { vectorFromBytes } from '../agent/retrieval/meaning.ts';

export interface AgentPassage {
  passage: KnowledgePassage;
  /** Its sentence vector for search by meaning, or null while the background loop has not computed it. */
  vector: Float32Array | null;
}

export async function loadAgentPassages(db: Db, userId: string): Promise<AgentPassage[]> {
  const rows = await db
    .selectFrom('passages')
    .innerJoin('documents', 'documents.id', 'passages.document_id')
    .select([
      'passages.id',
      'documents.name',
      'passages.heading',
      'passages.page',
      'passages.text',
      'passages.vector',
    ])
    .where('passages.user_id', '=', userId)
    .orderBy('documents.created_at')
    .orderBy('passages.document_id')
    .orderBy('passages.ord')
    .execute();
  return rows.map((r) => ({
    passage: { id: r.id, documentName: r.name, heading: r.heading, page: r.page, text: r.text },
    vector: vectorFromBytes(r.vector),
  }));
}
