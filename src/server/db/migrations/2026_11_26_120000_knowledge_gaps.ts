import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Knowledge gaps (ADR 012): the questions the agent could not answer, kept per call; the answers the owner adds
// to close them, kept as entries of a knowledge-base document ("Answers you added") whose passages point back at
// their entry; and when each account last got its weekly email of new gaps.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const id = (col: any) => col.primaryKey().defaultTo(sql`gen_random_uuid()`);

  await db.schema
    .createTable('added_answers')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    // Other wordings callers used for the question (the gap group's), each a heading the answer is found under.
    .addColumn('asked_as', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('added_answers_user_idx').on('added_answers').columns(['user_id']).execute();

  // An entry's passages: replaced when the entry is edited, gone with it.
  await db.schema
    .alterTable('passages')
    .addColumn('answer_id', 'uuid', (c) => c.references('added_answers.id').onDelete('cascade'))
    .execute();
  await sql`create index passages_answer_idx on passages (answer_id) where answer_id is not null`.execute(db);

  await db.schema
    .createTable('knowledge_gaps')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('call_id', 'uuid', (c) => c.references('calls.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // declined | not_confirmed | before_person | no_answer
    .addColumn('asked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('vector', 'bytea')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open')) // open | answered | dismissed
    .addColumn('answer_id', 'uuid', (c) => c.references('added_answers.id').onDelete('set null'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('digested_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('knowledge_gaps_user_status_idx')
    .on('knowledge_gaps')
    .columns(['user_id', 'status', 'asked_at'])
    .execute();
  await sql`create index knowledge_gaps_undigested_idx on knowledge_gaps (user_id)
    where digested_at is null and status = 'open'`.execute(db);

  await db.schema
    .createTable('knowledge_gap_digests')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('knowledge_gap_digests').ifExists().execute();
  await db.schema.dropTable('knowledge_gaps').ifExists().execute();
  await sql`drop index if exists passages_answer_idx`.execute(db);
  await db.schema.alterTable('passages').dropColumn('answer_id').execute();
  await db.schema.dropTable('added_answers').ifExists().execute();
}
