import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import {
  createTestDatabase,
  databaseTargets,
  signUp,
  testEnv,
  TestClient,
  useTestApp,
} from '../test/harness.ts';
import { AccountCache, accountCacheOf } from './account-cache.ts';
import { DAY_MS } from './clock.ts';
import { seedSubscription } from '../test/seed.ts';

const from = new Date('2026-11-25T00:00:00Z');
const until = new Date('2026-12-25T00:00:00Z');

describe('account cache', () => {
  it('serves nothing until it listens, and nothing once notifications may have been lost', () => {
    const cache = new AccountCache();
    cache.set('u1', 'status', { a: 1 }, { from, until }, cache.generation);
    expect(cache.get('u1', 'status', from)).toBeUndefined();
    cache.ready();
    cache.set('u1', 'status', { a: 1 }, { from, until }, cache.generation);
    expect(cache.get('u1', 'status', from)).toEqual({ a: 1 });
    cache.lost();
    cache.ready();
    expect(cache.get('u1', 'status', from)).toBeUndefined();
  });

  it('does not keep a value read before a change was announced, and forgets the account that changed', () => {
    const cache = new AccountCache();
    cache.ready();
    const before = cache.generation;
    cache.changed('u2');
    cache.set('u1', 'status', 1, { from, until }, before);
    expect(cache.get('u1', 'status', from)).toBeUndefined();
    cache.set('u1', 'status', 1, { from, until }, cache.generation);
    cache.set('u2', 'status', 2, { from, until }, cache.generation);
    cache.changed('u2');
    expect(cache.get('u1', 'status', from)).toBe(1);
    expect(cache.get('u2', 'status', from)).toBeUndefined();
    cache.forgetAll();
    expect(cache.get('u1', 'status', from)).toBeUndefined();
  });

  it('serves a value only in the time it holds for', () => {
    const cache = new AccountCache();
    cache.ready();
    cache.set('u1', 'status', 1, { from, until }, cache.generation);
    expect(cache.get('u1', 'status', new Date(from.getTime() - 1))).toBeUndefined();
    cache.set('u1', 'status', 1, { from, until }, cache.generation);
    expect(cache.get('u1', 'status', new Date(until.getTime() - 1))).toBe(1);
    expect(cache.get('u1', 'status', until)).toBeUndefined();
  });
});

/** A subscribed account (Pro, 650 plan minutes this period) and its signed-in client. */
interface Instance {
  app: FastifyInstance;
  db: Db;
  clock: { now: () => Date };
}

async function subscribed(ctx: Instance): Promise<{ client: TestClient; userId: string }> {
  const { client, user } = await signUp(ctx.app);
  await seedSubscription(ctx.db, user.id, { now: ctx.clock.now(), plan: 'pro' });
  return { client, userId: user.id };
}

async function minutesUsed(client: TestClient): Promise<number | null> {
  const response = await client.get('/api/subscription/status');
  expect(response.statusCode).toBe(200);
  return response.json().subscription?.minutes_used ?? null;
}

/**
 * Reads the status until the cache holds the account. On PostgreSQL the notifications of the sign-up's and the seed's
 * writes arrive on their own connection and may come after a read: that read is then not kept, rightly, and the next
 * one is.
 */
async function cachedStatus(ctx: Instance, client: TestClient, userId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      expect(await minutesUsed(client)).toBe(0);
      expect(accountCacheOf(ctx.db)?.get(userId, 'subscription-status', ctx.clock.now())).toBeDefined();
    },
    { timeout: 10_000, interval: 25 },
  );
}

function debit(db: Db, userId: string, minutes: number) {
  return sql`insert into minute_ledger (user_id, subscription_id, entry, bucket, source, minutes, period_start)
    select user_id, id, 'debit', 'plan', 'call', ${minutes}, current_period_start
    from subscriptions where user_id = ${userId}`.execute(db);
}

describe.each(databaseTargets())('the subscription status served from the cache (%s)', (target) => {
  const ctx = useTestApp(target);

  it('shows minutes used at once after this instance wrote them, whatever the code path', async () => {
    const { client, userId } = await subscribed(ctx());
    await cachedStatus(ctx(), client, userId);
    await debit(ctx().db, userId, 7);
    expect(await minutesUsed(client)).toBe(7);
  });

  it('shows a plan changed and a number released', async () => {
    const { client, userId } = await subscribed(ctx());
    await cachedStatus(ctx(), client, userId);
    await ctx()
      .db.updateTable('subscriptions')
      .set({ plan: 'basic' })
      .where('user_id', '=', userId)
      .execute();
    expect((await client.get('/api/subscription/status')).json().subscription.plan).toBe('basic');
    await ctx()
      .db.updateTable('subscriptions')
      .set({ ended_at: ctx().clock.now() })
      .where('user_id', '=', userId)
      .execute();
    expect((await client.get('/api/subscription/status')).json()).toMatchObject({ has_subscription: false });
  });

  it('ends the subscription at its period end with no write', async () => {
    const { client, userId } = await subscribed(ctx());
    await cachedStatus(ctx(), client, userId);
    ctx().clock.advance(31 * DAY_MS);
    await ctx()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(ctx().clock.now().getTime() + DAY_MS) })
      .execute();
    expect((await client.get('/api/subscription/status')).json()).toMatchObject({
      has_subscription: false,
      subscription: null,
    });
  });
});

/** Only PostgreSQL serves reads while a transaction is open, and connects two instances. */
describe.each(databaseTargets().filter((t) => t === 'postgres'))(
  'the subscription status and writes it does not see coming (%s)',
  (target) => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let instance: Instance;
    beforeAll(async () => {
      database = await createTestDatabase(target);
      instance = {
        app: await buildApp({ env: testEnv(), db: database.db }),
        db: database.db,
        clock: { now: () => new Date() },
      };
    });
    afterAll(async () => {
      await instance.app.close();
      await database.drop();
    });

    it('does not keep what it read while a write was not yet committed', async () => {
      const { client, userId } = await subscribed(instance);
      await cachedStatus(instance, client, userId);
      await instance.db.transaction().execute(async (trx) => {
        await debit(trx as unknown as Db, userId, 5);
        // Read (and kept) on another connection while the debit is not committed: still 0.
        expect(await minutesUsed(client)).toBe(0);
        expect(await minutesUsed(client)).toBe(0);
      });
      // Straight away, without waiting for the notification.
      expect(await minutesUsed(client)).toBe(5);
    });

    it('shows a change made by another instance', async () => {
      const { client, userId } = await subscribed(instance);
      await cachedStatus(instance, client, userId);
      const otherDb = await createDatabase({ databaseUrl: database.url! });
      try {
        await debit(otherDb, userId, 3);
        await expect.poll(() => minutesUsed(client), { timeout: 2000 }).toBe(3);
      } finally {
        await otherDb.destroy();
      }
    });
  },
);
