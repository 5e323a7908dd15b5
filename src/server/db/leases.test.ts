import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, databaseTargets, truncateAll } from '../test/harness.ts';
import type { Db } from './database.ts';
import { LeaseBusyError, withLease } from './leases.ts';

describe.each(databaseTargets())('leases (%s)', (target) => {
  let database: { db: Db; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(() => database.drop());
  beforeEach(() => truncateAll(database.db));
  const db = () => database.db;

  /** Work that logs when it starts and ends, and takes a moment. */
  const logged = (events: string[], name: string) => async () => {
    events.push(`${name} start`);
    await sleep(60);
    events.push(`${name} end`);
    return name;
  };

  it('runs work on one key one holder at a time', async () => {
    const events: string[] = [];
    const first = withLease(db(), 'account:1', logged(events, 'first'));
    await sleep(10);
    const second = withLease(db(), 'account:1', logged(events, 'second'));
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(events).toEqual(['first start', 'first end', 'second start', 'second end']);
  });

  it('does not hold up work on other keys', async () => {
    // Each holder waits until the other has started: held up by the other key, they would never both finish.
    const signal = () => {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    };
    const started = { a: signal(), b: signal() };
    const meet = (self: 'a' | 'b', other: 'a' | 'b') => async () => {
      started[self].resolve();
      await started[other].promise;
      return self;
    };
    expect(
      await Promise.all([
        withLease(db(), 'account:1', meet('a', 'b')),
        withLease(db(), 'account:2', meet('b', 'a')),
      ]),
    ).toEqual(['a', 'b']);
  });

  it('frees the key when the work fails', async () => {
    await expect(
      withLease(db(), 'account:1', async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect(await withLease(db(), 'account:1', async () => 'next', { waitMs: 0 })).toBe('next');
    expect(await db().selectFrom('leases').selectAll().execute()).toEqual([]);
  });

  it('takes over the expired lease of a holder that died, and gives up on a live one', async () => {
    await db()
      .insertInto('leases')
      .values({ key: 'account:1', holder: 'crashed', expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect(await withLease(db(), 'account:1', async () => 'taken over', { waitMs: 0 })).toBe('taken over');

    await db()
      .insertInto('leases')
      .values({ key: 'account:1', holder: 'alive', expires_at: sql<Date>`now() + interval '1 minute'` })
      .execute();
    let ran = false;
    const busy = withLease(
      db(),
      'account:1',
      async () => {
        ran = true;
      },
      { waitMs: 100 },
    );
    await expect(busy).rejects.toBeInstanceOf(LeaseBusyError);
    expect(ran).toBe(false);
  });

  it('keeps the lease alive while long work runs', async () => {
    const long = withLease(db(), 'account:1', () => sleep(1500), { ttlMs: 600 });
    await sleep(1000); // past the first expiry: only renewal keeps it
    await expect(withLease(db(), 'account:1', async () => undefined, { waitMs: 0 })).rejects.toBeInstanceOf(
      LeaseBusyError,
    );
    await long;
  });
});
