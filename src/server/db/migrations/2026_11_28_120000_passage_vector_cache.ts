import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Sentence vectors by the text they were computed from (ADR 043): a passage whose text was embedded before (the
// same document uploaded again, a paragraph shared by two documents or two accounts) takes its vector from here
// instead of the encoder. The key is a SHA-256 of the encoder's name and the exact sentence embedded.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passage_vector_cache')
    .addColumn('text_hash', 'text', (c) => c.primaryKey())
    .addColumn('vector', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passage_vector_cache').ifExists().execute();
}
