import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// A cancelled account's number is released when the grace period after its subscription's end is over (ADR 020
// addendum): the agent keeps its row (documents, voice, history) and says when its number went. A released number
// no longer belongs to the row, so the uniqueness of numbers counts only the numbers still held.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('agent_configs').addColumn('number_released_at', 'timestamptz').execute();
  await sql`alter table agent_configs drop constraint if exists agent_configs_twilio_phone_number_key`.execute(
    db,
  );
  await db.schema
    .createIndex('agent_configs_twilio_phone_number_held')
    .on('agent_configs')
    .column('twilio_phone_number')
    .unique()
    .where(sql.ref('number_released_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('agent_configs_twilio_phone_number_held').ifExists().execute();
  await db.deleteFrom('agent_configs').where('number_released_at', 'is not', null).execute();
  await sql`alter table agent_configs add constraint agent_configs_twilio_phone_number_key unique (twilio_phone_number)`.execute(
    db,
  );
  await db.schema.alterTable('agent_configs').dropColumn('number_released_at').execute();
}
