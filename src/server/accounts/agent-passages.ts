/**
 * An agent's passages with their sentence vectors, in document order: what the call runtime indexes, and what the
 * knowledge-gaps replay asks its questions of.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AgentRef } from './agent-scope.ts';
import type { KnowledgePassage } from '../agent/retrieval/knowledge-index.ts';
import { vectorFromBytes } from '../agent/retrieval/meaning.ts';
import { hoursPassages } from '../agent/opening-hours.ts';
import type { OpeningHours } from '../../shared/opening-hours.ts';

export interface AgentPassage {
  passage: KnowledgePassage;
  /** Its sentence vector for search by meaning, or null while the background loop has not computed it. */
  vector: Float32Array | null;
}

/**
 * The documents' passages, then the agent's opening hours written out as the generated "Opening hours" document
 * (ADR 042; their vectors are null: they have no row, and are found by their words).
 */
export async function loadAgentPassages(db: Db, agent: AgentRef): Promise<AgentPassage[]> {
  const hours = await db
    .selectFrom('agent_hours')
    .innerJoin('agent_configs', 'agent_configs.id', 'agent_hours.agent_id')
    .select(['agent_hours.agent_id', 'agent_hours.hours'])
    .where('agent_configs.id', '=', agent.agentId)
    .executeTakeFirst();
  const documents = await loadDocumentPassages(db, agent);
  if (!hours) return documents;
  const parsed = (typeof hours.hours === 'string' ? JSON.parse(hours.hours) : hours.hours) as OpeningHours;
  return [
    ...documents,
    ...hoursPassages(hours.agent_id, parsed).map((passage) => ({ passage, vector: null })),
  ];
}

async function loadDocumentPassages(db: Db, agent: AgentRef): Promise<AgentPassage[]> {
  const rows = await db
    .selectFrom('passages')
    .innerJoin('documents', 'documents.id', 'passages.document_id')
    .select([
      'passages.id',
      'documents.name',
      'passages.heading',
      'passages.page',
      'passages.text',
      // As base64 text, decoded here: the embedded database (PGlite) hands a bytea column over in a form it parses a
      // byte at a time, 3.3 s of the server's thread for 12,000 vectors; as base64 the whole load took 1.8-2.0 s
      // instead of 3.9-4.6 s (ADR 030, 2026-11-30).
      sql<string | null>`encode(passages.vector, 'base64')`.as('vector'),
    ])
    .where('passages.agent_id', '=', agent.agentId)
    // One upload stores its documents at one instant: by name then, not by their random ids, so the same documents
    // always give the agent the same index (which passage is said first on a tie).
    .orderBy('documents.created_at')
    .orderBy('documents.name')
    .orderBy('passages.document_id')
    .orderBy('passages.ord')
    .execute();
  return rows.map((r) => ({
    passage: { id: r.id, documentName: r.name, heading: r.heading, page: r.page, text: r.text },
    vector: r.vector === null ? null : vectorFromBytes(Buffer.from(r.vector, 'base64')),
  }));
}
