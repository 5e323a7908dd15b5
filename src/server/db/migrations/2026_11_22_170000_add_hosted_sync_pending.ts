import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// When keeping the hosted agent in step with the documents failed (provider down, agent busy), since when: a
// background loop retries until it succeeds.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('agent_configs').addColumn('hosted_sync_pending_since', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('agent_configs').dropColumn('hosted_sync_pending_since').execute();
}
