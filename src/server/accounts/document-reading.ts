/**
 * How far the agent has read its documents (ADR 043): a passage is searchable by its words as soon as it is stored,
 * and by meaning once the background loop has computed its sentence vector. The knowledge-base listing and the
 * agent's configuration show this until every passage has one ("Reading your documents: 120 of 480 passages").
 */
import { z } from 'zod';
import type { AgentRef } from './agent-scope.ts';
import type { Db } from '../db/database.ts';

export interface DocumentReading {
  /** Passages with their sentence vector. */
  passagesRead: number;
  passagesTotal: number;
  /** Every passage has its vector: the agent is fully ready. */
  ready: boolean;
}

export async function documentReading(db: Db, agent: AgentRef): Promise<DocumentReading> {
  const row = await db
    .selectFrom('passages')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('vector').as('read')])
    .where('agent_id', '=', agent.agentId)
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const read = Number(row.read);
  return { passagesRead: read, passagesTotal: total, ready: read >= total };
}

/** The API's shape of it (GET /agent/knowledge-base and GET /agent/config). */
export const documentReadingSchema = z.object({
  passages_read: z.number().int(),
  passages_total: z.number().int(),
  ready: z.boolean(),
});

export function toReadingResponse(reading: DocumentReading): z.infer<typeof documentReadingSchema> {
  return {
    passages_read: reading.passagesRead,
    passages_total: reading.passagesTotal,
    ready: reading.ready,
  };
}
