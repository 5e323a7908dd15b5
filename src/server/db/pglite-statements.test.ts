import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PreparedStatements } from './pglite-statements.ts';

describe('prepared statements on PGlite', () => {
  let pg: PGlite;
  let statements: PreparedStatements;

  // One database for the file (starting PGlite takes seconds); each test starts from a fresh table.
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(async () => {
    await pg.close();
  });
  beforeEach(async () => {
    await pg.exec('drop table if exists notes; deallocate all');
    statements = new PreparedStatements(pg, 3);
    await pg.exec(`create table notes (
      id uuid primary key default gen_random_uuid(), email text unique, minutes int, at timestamptz, data jsonb)`);
  });

  const insert = 'insert into notes (email, minutes, at, data) values ($1, $2, $3, $4) returning *';

  it('answers exactly what PGlite answers: dates, numbers, JSON and nulls parsed, affected rows counted', async () => {
    const at = new Date('2026-11-26T08:00:00Z');
    const ours = await statements.query(insert, ['a@example.com', 42, at, JSON.stringify({ plan: 'pro' })]);
    await statements.query(insert, ['b@example.com', null, null, null]);
    const select = 'select email, minutes, at, data from notes where email = any($1) order by email';
    const theirs = await pg.query(select, [['a@example.com', 'b@example.com']]);
    const again = await statements.query(select, [['a@example.com', 'b@example.com']]);
    expect(again.rows).toEqual(theirs.rows);
    expect(again.rows).toEqual([
      { email: 'a@example.com', minutes: 42, at, data: { plan: 'pro' } },
      { email: 'b@example.com', minutes: null, at: null, data: null },
    ]);
    expect(ours.affectedRows).toBe(1);
    expect(
      (await statements.query('update notes set minutes = 1 where minutes is null or minutes > $1', [0]))
        .affectedRows,
    ).toBe(2);
  });

  it('prepares a query once, however often it runs, and keeps only the most recently used', async () => {
    for (let i = 0; i < 5; i += 1) await statements.query('select $1::int + 1 as n', [i]);
    expect(statements.size).toBe(1);
    await statements.query('select 2 as n', []);
    await statements.query('select 3 as n', []);
    await statements.query('select 4 as n', []);
    expect(statements.size).toBe(3);
    // The first was closed to make room; it is prepared again and still answers.
    expect((await statements.query('select $1::int + 1 as n', [9])).rows).toEqual([{ n: 10 }]);
    const kept = await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(kept.rows[0]!.n).toBe(3);
  });

  it('keeps the database error and stays usable after it', async () => {
    await statements.query(insert, ['a@example.com', 1, new Date(), '{}']);
    await expect(statements.query(insert, ['a@example.com', 2, new Date(), '{}'])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(statements.query('select * from notes where id = $1', ['not-a-uuid'])).rejects.toMatchObject(
      {
        code: '22P02',
      },
    );
    expect(
      (await statements.query('select count(*)::int as n from notes where minutes = $1', [1])).rows,
    ).toEqual([{ n: 1 }]);
  });

  it('sees a column added by a migration, in the transaction that adds it and after', async () => {
    const select = 'select * from notes where minutes = $1';
    await statements.query(insert, ['a@example.com', 1, new Date(), '{}']);
    expect(Object.keys((await statements.query<object>(select, [1])).rows[0]!)).not.toContain('source');
    await pg.transaction(async (tx) => {
      await statements.query("alter table notes add column source text default 'upload'", [], tx);
      const row = (await statements.query<{ source: string }>(select, [1], tx)).rows[0]!;
      expect(row.source).toBe('upload');
    });
    expect((await statements.query<{ source: string }>(select, [1])).rows[0]!.source).toBe('upload');
  });

  it('prepares a query again when a table changed shape under it outside this class', async () => {
    const select = 'select * from notes where minutes = $1';
    await statements.query(insert, ['a@example.com', 1, new Date(), '{}']);
    await statements.query(select, [1]);
    await pg.exec('alter table notes add column extra text');
    expect(Object.keys((await statements.query<object>(select, [1])).rows[0]!)).toContain('extra');
  });
});
