import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// The local phone network's rented numbers (the pool is +1 555 0100-0199; a row means "rented").
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('local_phone_numbers')
    .addColumn('phone_number', 'text', (c) => c.primaryKey())
    .addColumn('sid', 'text', (c) => c.notNull().unique())
    .addColumn('voice_url', 'text')
    .addColumn('status_callback_url', 'text')
    .addColumn('rented_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('local_phone_numbers').ifExists().execute();
}
