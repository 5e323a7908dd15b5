/**
 * The migration to several agents per account (ADR 044) on a database filled the old way: every row of the one
 * agent of each account is still there after it, and now belongs to that agent.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { createDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrator.ts';
import { migrations } from './migrations/index.ts';
import { databaseTargets } from '../test/harness.ts';

const BEFORE = '2026_11_28_120000_passage_vector_cache';
const MIGRATION = '2026_11_29_100000_several_agents_per_account';
const GRACE = '2026_11_29_110000_number_release_after_grace';

async function blankDatabase(target: 'pglite' | 'postgres'): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (target === 'pglite') {
    const db = await createDatabase({});
    return { db, drop: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: adminUrl, max: 1 });
  pool.on('error', () => {});
  const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDatabase({ databaseUrl: url.toString() });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

/** A blank database of `target` for the describe block it is called in, dropped after it; read it inside tests. */
function useBlankDatabase(target: 'pglite' | 'postgres'): () => Db {
  let database: { db: Db; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await blankDatabase(target);
  });
  afterAll(async () => {
    await database.drop();
  });
  return () => database.db;
}

const migrator = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

describe.each(databaseTargets())('migration to several agents per account (%s)', (target) => {
  const blank = useBlankDatabase(target);

  it('gives every row of the one agent of each account to that agent, losing none', async () => {
    const db = blank() as unknown as Kysely<any>;
    const up = await migrator(blank()).migrateTo(BEFORE);
    expect(up.error).toBeUndefined();

    // Two accounts filled the old way (one agent each), and a third whose agent was deleted (calls stay).
    const ids: Record<string, string> = {};
    for (const name of ['ann', 'bob', 'cat']) {
      const user = await db
        .insertInto('users')
        .values({ email: `${name}@example.com`, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = user.id;
    }
    const agents: Record<string, string> = {};
    for (const [name, number] of [
      ['ann', '+15550100101'],
      ['bob', '+15550100102'],
    ] as const) {
      const agent = await db
        .insertInto('agent_configs')
        .values({
          user_id: ids[name],
          company_name: `${name} Co`,
          contact_email: `${name}@example.com`,
          twilio_phone_number: number,
          voice_id: 'en-us',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      agents[name] = agent.id;
    }
    for (const name of ['ann', 'bob']) {
      const doc = await db
        .insertInto('documents')
        .values({ user_id: ids[name], name: 'FAQ.txt', blob_key: `k/${name}`, kind: 'txt', size_bytes: 10 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('passages')
        .values(
          [0, 1].map((ord) => ({ document_id: doc.id, user_id: ids[name], ord, text: `${name} ${ord}` })),
        )
        .execute();
      const answers = await db
        .insertInto('documents')
        .values({
          user_id: ids[name],
          name: 'Answers you added',
          blob_key: `a/${name}`,
          kind: 'txt',
          size_bytes: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const answer = await db
        .insertInto('added_answers')
        .values({ user_id: ids[name], document_id: answers.id, question: 'Parking?', answer: 'Yes.' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const call = await db
        .insertInto('calls')
        .values({ user_id: ids[name], provider: 'local', phone_number: '+15550000000' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('knowledge_gaps')
        .values({
          user_id: ids[name],
          call_id: call.id,
          question: 'Dogs?',
          kind: 'declined',
          asked_at: new Date(),
          answer_id: answer.id,
        })
        .execute();
      await db
        .insertInto('self_tests')
        .values({ user_id: ids[name], ran_at: new Date(), knowledge_version: 3 })
        .execute();
      const now = new Date();
      await db
        .insertInto('self_test_requests')
        .values({ user_id: ids[name], requested_at: now, first_requested_at: now, due_at: now })
        .execute();
    }
    await db
      .insertInto('calls')
      .values({ user_id: ids.cat, provider: 'local', phone_number: '+15550000001' })
      .execute();
    const count = async (table: string) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n,
      );
    const tables = [
      'documents',
      'passages',
      'added_answers',
      'calls',
      'knowledge_gaps',
      'self_tests',
      'self_test_requests',
    ];
    const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)])));

    const result = await migrator(blank()).migrateTo(MIGRATION);
    expect(result.error).toBeUndefined();

    const after = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)])));
    expect(after).toEqual(before);
    for (const table of tables) {
      const rows = await db.selectFrom(table).select(['user_id', 'agent_id']).execute();
      for (const row of rows) {
        if (row.user_id === ids.cat) expect(row.agent_id).toBeNull();
        else expect(row.agent_id).toBe(row.user_id === ids.ann ? agents.ann : agents.bob);
      }
    }

    // Now an account may hold a second agent, whose documents may share a name with the first's.
    const second = await db
      .insertInto('agent_configs')
      .values({
        user_id: ids.ann,
        company_name: 'Ann Uptown',
        contact_email: 'ann@example.com',
        twilio_phone_number: '+15550100103',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('documents')
      .values({
        user_id: ids.ann,
        agent_id: second.id,
        name: 'FAQ.txt',
        blob_key: 'k/ann2',
        kind: 'txt',
        size_bytes: 5,
      })
      .execute();
    // An insert that does not say which of several agents is refused rather than left without an owner.
    await expect(
      db
        .insertInto('calls')
        .values({ user_id: ids.ann, provider: 'local', phone_number: '+15550000002' })
        .execute(),
    ).rejects.toThrow(/agent_id is required/);
    // Bob still has one agent: an old-style insert lands on it.
    const bobCall = await db
      .insertInto('calls')
      .values({ user_id: ids.bob, provider: 'local', phone_number: '+15550000003' })
      .returning('agent_id')
      .executeTakeFirstOrThrow();
    expect(bobCall.agent_id).toBe(agents.bob);

    // The number-grace migration after it (name order): a number is unique among the numbers still held, across
    // every agent of every account; once released it may be another agent's (ADR 044 addendum).
    expect(await migrateToLatest(blank())).toContain(GRACE);
    await expect(
      db
        .insertInto('agent_configs')
        .values({
          user_id: ids.bob,
          company_name: 'Bob Two',
          contact_email: 'bob@example.com',
          twilio_phone_number: '+15550100103',
        })
        .execute(),
    ).rejects.toThrow(/agent_configs_twilio_phone_number_held|duplicate key/);
    await db
      .updateTable('agent_configs')
      .set({ number_released_at: new Date() })
      .where('user_id', '=', ids.ann)
      .execute();
    const taken = await db
      .insertInto('agent_configs')
      .values({
        user_id: ids.bob,
        company_name: 'Bob Two',
        contact_email: 'bob@example.com',
        twilio_phone_number: '+15550100103',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(taken.id).toBeTruthy();
    const held = await db
      .selectFrom('agent_configs')
      .select('twilio_phone_number')
      .where('number_released_at', 'is', null)
      .orderBy('twilio_phone_number')
      .execute();
    expect(held.map((r) => r.twilio_phone_number)).toEqual(['+15550100102', '+15550100103']);
  });
});

describe.each(databaseTargets())(
  'several agents on a database that ran the number grace first (%s)',
  (target) => {
    const blank = useBlankDatabase(target);

    it('runs the several-agents migration after the later-named grace migration, and the agent keeps its rows', async () => {
      const db = blank() as unknown as Kysely<any>;
      // A database of the branch that landed the grace migration without the several-agents one.
      const { [MIGRATION]: _, ...withoutSeveral } = migrations;
      const early = await new Migrator({
        db: blank(),
        provider: { getMigrations: async () => withoutSeveral },
      }).migrateToLatest();
      expect(early.error).toBeUndefined();
      const user = await db
        .insertInto('users')
        .values({ email: 'dee@example.com', name: 'dee' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const agent = await db
        .insertInto('agent_configs')
        .values({
          user_id: user.id,
          company_name: 'Dee Co',
          contact_email: 'dee@example.com',
          twilio_phone_number: '+15550100121',
          number_released_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('documents')
        .values({ user_id: user.id, name: 'FAQ.txt', blob_key: 'k/dee', kind: 'txt', size_bytes: 10 })
        .execute();

      expect(await migrateToLatest(blank())).toEqual([MIGRATION]);
      const doc = await db.selectFrom('documents').select('agent_id').executeTakeFirstOrThrow();
      expect(doc.agent_id).toBe(agent.id);
      // Both migrations in force: a second agent for the account, on the number the first one released.
      const second = await db
        .insertInto('agent_configs')
        .values({
          user_id: user.id,
          company_name: 'Dee Uptown',
          contact_email: 'dee@example.com',
          twilio_phone_number: '+15550100121',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(second.id).not.toBe(agent.id);
    });
  },
);
