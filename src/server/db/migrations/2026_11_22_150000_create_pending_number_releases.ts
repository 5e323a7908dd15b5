import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Numbers the product gave up but the telephony provider did not release yet (a failed release is retried,
// so nobody keeps paying for a number no agent uses).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_number_releases')
    .addColumn('phone_number', 'text', (c) => c.primaryKey())
    .addColumn('provider_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_number_releases').ifExists().execute();
}
