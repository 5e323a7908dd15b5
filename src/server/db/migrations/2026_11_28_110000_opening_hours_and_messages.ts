import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Issue 24 sections 2 and 3 (ADR 042). `agent_hours`: one agent's opening hours (time zone, week, closed dates,
// special hours) as one JSON document; no row means always open. Keyed by the agent, not the account, so several
// agents per account can each have theirs. `calls.message`: the message a caller left (name, call-back number,
// text), after hours, with no transfer number, or when the minutes ran out.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agent_hours')
    .addColumn('agent_id', 'uuid', (c) => c.primaryKey().references('agent_configs.id').onDelete('cascade'))
    .addColumn('hours', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('calls').addColumn('message', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('message').execute();
  await db.schema.dropTable('agent_hours').execute();
}
