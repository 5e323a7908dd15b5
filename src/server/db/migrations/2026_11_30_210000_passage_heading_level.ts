import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// The depth of the heading a passage sits under ("# " 1, "## " 2; null when the heading was read from the text's look
// or there is none): a page's short introduction under its title leads in to the sections below it (ADR 010, pass
// 28). Passages stored before it have none until their document is uploaded again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passages').addColumn('heading_level', 'smallint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passages').dropColumn('heading_level').execute();
}
