import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Each passage's sentence vector (float32, little-endian) for search by meaning (ADR 010, twelfth pass); null
// until the background loop has computed it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passages').addColumn('vector', 'bytea').execute();
  // The background loop looks for passages still without one: a small partial index, empty once caught up.
  await sql`create index passages_vector_pending_idx on passages (id) where vector is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists passages_vector_pending_idx`.execute(db);
  await db.schema.alterTable('passages').dropColumn('vector').execute();
}
