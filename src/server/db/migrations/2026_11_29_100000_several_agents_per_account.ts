import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it lands; add a new migration instead.
// Issue 24 section 1 (ADR 044): an account holds up to its plan's number of agents, one phone number each.
// - agent_configs: no longer one per user (the unique constraint on user_id goes; an index stays).
// - documents, passages, added_answers, knowledge_gaps, self_tests, calls get `agent_id`, backfilled from the
//   account's single agent (every account has at most one today). Rows of an account without an agent keep null
//   (calls of a deleted configuration: the history stays; gaps asked on them).
// - documents: a name is unique per agent, not per account (two locations may both have "FAQ.pdf").
// - self_test_requests: one per agent (the primary key moves from user_id to agent_id).
// - A trigger fills a missing agent_id on insert from the account's only agent (older code during a rolling
//   deploy, old scripts): when the account has several agents it refuses the row, so nothing lands unowned.
//   Passages take their document's agent.
const PER_AGENT = ['documents', 'added_answers', 'knowledge_gaps', 'self_tests', 'calls'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table agent_configs drop constraint if exists agent_configs_user_id_key`.execute(db);
  await db.schema
    .createIndex('agent_configs_user_idx')
    .on('agent_configs')
    .columns(['user_id', 'created_at'])
    .execute();

  for (const table of PER_AGENT) {
    // Calls outlive their agent (the account's history); everything else goes with it.
    const onDelete = table === 'calls' ? 'set null' : 'cascade';
    await db.schema
      .alterTable(table)
      .addColumn('agent_id', 'uuid', (c) => c.references('agent_configs.id').onDelete(onDelete))
      .execute();
    await sql`update ${sql.table(table)} t set agent_id = a.id
      from agent_configs a where a.user_id = t.user_id`.execute(db);
  }
  await db.schema
    .alterTable('passages')
    .addColumn('agent_id', 'uuid', (c) => c.references('agent_configs.id').onDelete('cascade'))
    .execute();
  await sql`update passages p set agent_id = d.agent_id from documents d where d.id = p.document_id`.execute(
    db,
  );

  await sql`alter table documents drop constraint if exists documents_user_name_key`.execute(db);
  await sql`create unique index documents_agent_name_key on documents (agent_id, name)`.execute(db);
  await sql`create index documents_agent_idx on documents (agent_id, created_at)`.execute(db);
  await sql`create index passages_agent_idx on passages (agent_id, document_id, ord)`.execute(db);
  await sql`create index added_answers_agent_idx on added_answers (agent_id)`.execute(db);
  await sql`create index knowledge_gaps_agent_status_idx on knowledge_gaps (agent_id, status, asked_at)`.execute(
    db,
  );
  await sql`create index self_tests_agent_idx on self_tests (agent_id, ran_at)`.execute(db);
  await sql`create index calls_agent_created_idx on calls (agent_id, created_at)`.execute(db);

  await db.schema
    .alterTable('self_test_requests')
    .addColumn('agent_id', 'uuid', (c) => c.references('agent_configs.id').onDelete('cascade'))
    .execute();
  await sql`update self_test_requests r set agent_id = a.id from agent_configs a where a.user_id = r.user_id`.execute(
    db,
  );
  // A request of an account without an agent could never run (nothing to test).
  await sql`delete from self_test_requests where agent_id is null`.execute(db);
  await sql`alter table self_test_requests drop constraint if exists self_test_requests_pkey`.execute(db);
  await sql`alter table self_test_requests alter column agent_id set not null`.execute(db);
  await sql`alter table self_test_requests add primary key (agent_id)`.execute(db);
  await sql`create index self_test_requests_user_idx on self_test_requests (user_id)`.execute(db);

  await sql`create or replace function fill_agent_id() returns trigger language plpgsql as $$
    declare
      agents integer;
    begin
      if new.agent_id is not null then
        return new;
      end if;
      if tg_table_name = 'passages' then
        select agent_id into new.agent_id from documents where id = new.document_id;
        return new;
      end if;
      select count(*) into agents from agent_configs where user_id = new.user_id;
      if agents > 1 then
        raise exception 'agent_id is required on %: the account has % agents', tg_table_name, agents
          using errcode = '23502';
      end if;
      select id into new.agent_id from agent_configs where user_id = new.user_id;
      return new;
    end $$`.execute(db);
  for (const table of [...PER_AGENT, 'passages', 'self_test_requests']) {
    await sql`create trigger ${sql.id(`${table}_fill_agent_id`)} before insert on ${sql.table(table)}
      for each row execute function fill_agent_id()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...PER_AGENT, 'passages', 'self_test_requests']) {
    await sql`drop trigger if exists ${sql.id(`${table}_fill_agent_id`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists fill_agent_id()`.execute(db);
  await sql`alter table self_test_requests drop constraint if exists self_test_requests_pkey`.execute(db);
  await sql`drop index if exists self_test_requests_user_idx`.execute(db);
  await sql`delete from self_test_requests r using self_test_requests o
    where o.user_id = r.user_id and o.agent_id < r.agent_id`.execute(db);
  await sql`alter table self_test_requests add primary key (user_id)`.execute(db);
  await db.schema.alterTable('self_test_requests').dropColumn('agent_id').execute();
  await sql`drop index if exists documents_agent_name_key`.execute(db);
  for (const table of [...PER_AGENT, 'passages']) {
    await db.schema.alterTable(table).dropColumn('agent_id').execute();
  }
  await sql`alter table documents add constraint documents_user_name_key unique (user_id, name)`.execute(db);
  await sql`drop index if exists agent_configs_user_idx`.execute(db);
  await sql`alter table agent_configs add constraint agent_configs_user_id_key unique (user_id)`.execute(db);
}
