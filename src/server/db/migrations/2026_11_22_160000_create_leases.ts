import type { Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Short leases that serialize work on one thing across server instances (an account's hosted agent): a holder
// owns the key until it releases it or the lease expires (a crashed instance holds nothing for long).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leases')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leases').ifExists().execute();
}
