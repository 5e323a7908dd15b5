import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Calls at a glance (issue 23): the calls page filters by outcome and searches transcripts, on the server, a page at
// a time. `transcript_text` is the lower-cased text of every transcript entry (the JSON array of the texts, kept by
// the database from `transcript` itself, so no writer can forget it); the search is a LIKE over one account's calls.
// Per-turn reply times were already stored (`turn_latencies_ms`, one number per agent turn).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table calls add column transcript_text text
    generated always as (lower(jsonb_path_query_array(transcript, '$[*].text')::text)) stored`.execute(db);
  await sql`create index calls_user_outcome_created_idx on calls (user_id, outcome, created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists calls_user_outcome_created_idx`.execute(db);
  await db.schema.alterTable('calls').dropColumn('transcript_text').execute();
}
