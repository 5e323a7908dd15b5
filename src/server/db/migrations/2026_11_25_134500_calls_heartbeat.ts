import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Live calls (ADR 040): `last_seen_at` is the heartbeat the instance holding the call's socket writes every ~30 s,
// so any instance can close and bill a call whose instance died; `reserved_minutes` are the minutes a live call
// holds against the account's limit, so simultaneous calls cannot overrun it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('calls')
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('reserved_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Open calls are few (the ones in progress): admission sums an account's, the sweep looks for silent ones.
  await sql`create index calls_open_idx on calls (user_id) where ended_at is null`.execute(db);
  await sql`create index calls_open_last_seen_idx on calls ((coalesce(last_seen_at, started_at)))
    where ended_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists calls_open_last_seen_idx`.execute(db);
  await sql`drop index if exists calls_open_idx`.execute(db);
  await db.schema.alterTable('calls').dropColumn('reserved_minutes').dropColumn('last_seen_at').execute();
}
