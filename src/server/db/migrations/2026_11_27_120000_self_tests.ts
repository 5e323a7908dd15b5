import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// The self-test (ADR 013): after a change to the documents or the configuration an account's self-test is
// requested (one row per account, pushed back by each change of a burst, claimed by one instance while it runs);
// each run is kept with the knowledge version it ran on and, per question, what the agent would say.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const id = (col: any) => col.primaryKey().defaultTo(sql`gen_random_uuid()`);

  await db.schema
    .createTable('self_test_requests')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The latest change; a run that started before it leaves the request in place, so it runs again.
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    // The first change of the burst: the wait is never longer than a maximum from it.
    .addColumn('first_requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    // One instance runs it: a conditional update takes the claim, which expires if that instance dies.
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'timestamptz')
    // Since when it waits for the documents' passages to get their sentence vectors.
    .addColumn('waiting_since', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('self_test_requests_due_idx')
    .on('self_test_requests')
    .column('due_at')
    .execute();

  await db.schema
    .createTable('self_tests')
    .addColumn('id', 'uuid', id)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ran_at', 'timestamptz', (c) => c.notNull())
    .addColumn('knowledge_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('self_tests_user_idx')
    .on('self_tests')
    .columns(['user_id', 'ran_at'])
    .execute();

  await db.schema
    .createTable('self_test_items')
    .addColumn('id', 'uuid', id)
    .addColumn('self_test_id', 'uuid', (c) => c.notNull().references('self_tests.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // document | out_of_scope
    .addColumn('made_from', 'text', (c) => c.notNull()) // faq | heading | sentence | paraphrase | probe
    // Where a question from the documents was made from.
    .addColumn('source_document', 'text')
    .addColumn('source_section', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull()) // answered | asks_first | declined | other
    .addColumn('reply', 'text', (c) => c.notNull())
    // Where the agent's answer comes from.
    .addColumn('answer_document', 'text')
    .addColumn('answer_section', 'text')
    .addColumn('marked_wrong_at', 'timestamptz')
    .addColumn('gap_id', 'uuid', (c) => c.references('knowledge_gaps.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('self_test_items_test_idx')
    .on('self_test_items')
    .columns(['self_test_id', 'ord'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('self_test_items').ifExists().execute();
  await db.schema.dropTable('self_tests').ifExists().execute();
  await db.schema.dropTable('self_test_requests').ifExists().execute();
}
