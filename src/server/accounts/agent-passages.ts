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

/**
 * About how many rows a query reads. The embedded database (PGlite) runs a query and hands its rows over on the server's
 * thread: 12,000 passages in one query held it 1.6-2.2 s, and every other call's turns with it. Read a few documents
 * (or a part of a large one) at a time, each query holds it a few milliseconds, and the event loop is let through
 * between them (ADR 030, 2026-11-30).
 */
export const LOAD_BATCH = 250;

/**
 * One query's share: whole documents, or the passages of one document whose place is in [fromOrd, toOrd). The queries
 * are not one snapshot: documents changed while they run come with a new knowledge version (every change bumps it),
 * and the next call builds its index again.
 */
type Batch = { documentIds: string[]; fromOrd?: number; toOrd?: number };

async function loadDocumentPassages(db: Db, agent: AgentRef): Promise<AgentPassage[]> {
  // One upload stores its documents at one instant: by name then, not by their random ids, so the same documents
  // always give the agent the same index (which passage is said first on a tie).
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'name'])
    .where('agent_id', '=', agent.agentId)
    .orderBy('created_at')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const sizes = new Map(
    (
      await db
        .selectFrom('passages')
        .select([
          'document_id',
          (eb) => eb.fn.countAll<number>().as('count'),
          (eb) => eb.fn.max('ord').as('last'),
        ])
        .where('agent_id', '=', agent.agentId)
        .groupBy('document_id')
        .execute()
    ).map((r) => [r.document_id, { count: Number(r.count), last: Number(r.last) }]),
  );
  const batches: Batch[] = [];
  let open: Batch & { rows: number } = { documentIds: [], rows: 0 };
  for (const { id } of documents) {
    const size = sizes.get(id);
    if (!size) continue;
    if (size.count > LOAD_BATCH) {
      for (let from = 0; from <= size.last; from += LOAD_BATCH)
        batches.push({ documentIds: [id], fromOrd: from, toOrd: from + LOAD_BATCH });
      continue;
    }
    if (open.rows + size.count > LOAD_BATCH) {
      batches.push(open);
      open = { documentIds: [], rows: 0 };
    }
    open.documentIds.push(id);
    open.rows += size.count;
  }
  if (open.documentIds.length > 0) batches.push(open);

  const place = new Map(documents.map((d, i) => [d.id, { i, name: d.name }]));
  const loaded: (AgentPassage & { document: number; ord: number })[] = [];
  for (const [n, batch] of batches.entries()) {
    if (n > 0) await new Promise((resolve) => setImmediate(resolve));
    let query = db
      .selectFrom('passages')
      .select([
        'id',
        'document_id',
        'ord',
        'heading',
        'heading_level',
        'page',
        'text',
        // As base64 text, decoded here: PGlite hands a bytea column over in a form it parses a byte at a time (3.3 s
        // of the server's thread for 12,000 vectors; ADR 030, 2026-11-30).
        sql<string | null>`encode(vector, 'base64')`.as('vector'),
      ])
      .where('agent_id', '=', agent.agentId)
      .where('document_id', 'in', batch.documentIds);
    if (batch.fromOrd !== undefined) query = query.where('ord', '>=', batch.fromOrd);
    if (batch.toOrd !== undefined) query = query.where('ord', '<', batch.toOrd);
    for (const r of await query.execute()) {
      const document = place.get(r.document_id)!;
      loaded.push({
        document: document.i,
        ord: r.ord,
        passage: {
          id: r.id,
          documentName: document.name,
          heading: r.heading,
          headingLevel: r.heading_level,
          page: r.page,
          text: r.text,
        },
        vector: r.vector === null ? null : vectorFromBytes(Buffer.from(r.vector, 'base64')),
      });
    }
  }
  loaded.sort((a, b) => a.document - b.document || a.ord - b.ord);
  return loaded.map(({ passage, vector }) => ({ passage, vector }));
}
