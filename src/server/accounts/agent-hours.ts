/**
 * An agent's opening hours (ADR 042), shared by the features that read them: the hours feature edits them, the
 * call runtime answers from them. No row: the agent is always open.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OpeningHours } from '../../shared/opening-hours.ts';

function parse(value: unknown): OpeningHours {
  return (typeof value === 'string' ? JSON.parse(value) : value) as OpeningHours;
}

export async function findAgentHours(db: Db, agentId: string): Promise<OpeningHours | null> {
  const row = await db
    .selectFrom('agent_hours')
    .select('hours')
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row ? parse(row.hours) : null;
}

/**
 * Saves (or with null, removes) an agent's hours and moves its knowledge version on in the same transaction: the
 * hours are knowledge, so calls in progress and the next ones answer from the new hours.
 */
export async function saveAgentHours(
  db: Db,
  agentId: string,
  hours: OpeningHours | null,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (hours === null) {
      await trx.deleteFrom('agent_hours').where('agent_id', '=', agentId).execute();
    } else {
      await trx
        .insertInto('agent_hours')
        .values({ agent_id: agentId, hours: JSON.stringify(hours), updated_at: now })
        .onConflict((oc) =>
          oc.column('agent_id').doUpdateSet({ hours: JSON.stringify(hours), updated_at: now }),
        )
        .execute();
    }
    await trx
      .updateTable('agent_configs')
      .set({ knowledge_version: sql`knowledge_version + 1`, updated_at: now })
      .where('id', '=', agentId)
      .execute();
  });
}
