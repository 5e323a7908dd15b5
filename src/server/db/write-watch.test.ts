import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseTargets } from '../test/harness.ts';
import { onOwnWrites } from './database.ts';
import { tablesWritten } from './write-watch.ts';

describe('tables a statement writes', () => {
  it('reads them from what Kysely and hand-written SQL send', () => {
    expect(tablesWritten('select * from "subscriptions" where "user_id" = $1')).toEqual([]);
    expect(tablesWritten('insert into "minute_ledger" ("user_id") values ($1)')).toEqual(['minute_ledger']);
    expect(tablesWritten('update "subscriptions" set "plan" = $1')).toEqual(['subscriptions']);
    expect(tablesWritten('DELETE FROM agent_configs WHERE id = $1')).toEqual(['agent_configs']);
    expect(tablesWritten('truncate table "users", "sessions" restart identity cascade')).toEqual([
      'users',
      'sessions',
    ]);
    expect(
      tablesWritten(
        'with moved as (update "minute_ledger" set x = 1 returning *) insert into "calls" select 1',
      ),
    ).toEqual(['minute_ledger', 'calls']);
  });
});

describe.each(databaseTargets())('writes of this process (%s)', (target) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const heard: string[][] = [];
  let stop: () => void;
  beforeAll(async () => {
    database = await createTestDatabase(target);
    stop = onOwnWrites(database.db, (tables) => heard.push([...tables]));
  });
  afterAll(async () => {
    stop();
    await database.drop();
  });

  it('are told once committed, not while the transaction runs, and reads are not told', async () => {
    heard.length = 0;
    await database.db.selectFrom('users').select('id').execute();
    expect(heard).toEqual([]);
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ email: 'watch@example.com', name: 'W' }).execute();
      await sql`update users set name = 'X' where email = 'watch@example.com'`.execute(trx);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([['users']]);
    await database.db.deleteFrom('users').where('email', '=', 'watch@example.com').execute();
    expect(heard).toEqual([['users'], ['users']]);
  });
});
