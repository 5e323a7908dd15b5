import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { createTestDatabase, databaseTargets, testEnv, TestClient } from '../test/harness.ts';
import { SessionCache, sessionCacheOf } from './session-cache.ts';
import { sha256 } from './crypto.ts';

const session = {
  sessionId: 's1',
  userId: 'u1',
  email: 'a@example.com',
  name: null,
  picture: null,
  expiresAt: new Date('2030-01-01T00:00:00Z'),
};
const now = new Date('2026-11-25T00:00:00Z');

describe('session cache', () => {
  it('serves nothing until it listens, and nothing once notifications may have been lost', () => {
    const cache = new SessionCache();
    cache.set('h', session, cache.generation);
    expect(cache.get('h', now)).toBeNull();
    cache.ready();
    cache.set('h', session, cache.generation);
    expect(cache.get('h', now)).toEqual(session);
    cache.lost();
    expect(cache.get('h', now)).toBeNull();
    cache.ready();
    expect(cache.get('h', now)).toBeNull();
  });

  it('does not keep a row read before a change was announced', () => {
    const cache = new SessionCache();
    cache.ready();
    const before = cache.generation;
    cache.changed('user:someone-else');
    cache.set('h', session, before);
    expect(cache.get('h', now)).toBeNull();
  });

  it('forgets by token hash, by session and by user, and never serves an expired session', () => {
    const cache = new SessionCache();
    cache.ready();
    cache.set('h1', session, cache.generation);
    cache.set('h2', { ...session, sessionId: 's2' }, cache.generation);
    cache.set('h3', { ...session, sessionId: 's3', userId: 'u2' }, cache.generation);
    cache.changed('h1');
    expect(cache.get('h1', now)).toBeNull();
    cache.forgetSession('s2');
    expect(cache.get('h2', now)).toBeNull();
    expect(cache.get('h3', now)).not.toBeNull();
    cache.changed('user:u2');
    expect(cache.get('h3', now)).toBeNull();
    cache.set('h4', session, cache.generation);
    expect(cache.get('h4', new Date('2031-01-01T00:00:00Z'))).toBeNull();
  });
});

async function registered(app: FastifyInstance, email: string) {
  const client = new TestClient(app);
  const res = await client.post('/api/auth/register', { email, password: 'a long password 1', name: 'N' });
  expect(res.statusCode).toBe(200);
  return client;
}

describe.each(databaseTargets())('sessions served from the cache stay revocable (%s)', (target) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(target);
    app = await buildApp({ env: testEnv(), db: database.db });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  async function signedIn(email: string) {
    const client = await registered(app, email);
    // Twice: the second is answered from the cache.
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json().email).toBe(email);
    expect(
      sessionCacheOf(database.db)?.get(sha256(client.cookie('session_token')!), new Date()),
    ).not.toBeNull();
    return client;
  }

  it('refuses a session revoked in the database by any code path, on the next request', async () => {
    const client = await signedIn('revoked@example.com');
    await sql`update sessions set revoked_at = now() where token_hash = ${sha256(client.cookie('session_token')!)}`.execute(
      database.db,
    );
    await expect.poll(async () => (await client.get('/api/auth/me')).statusCode, { timeout: 2000 }).toBe(401);
  });

  it('refuses the sessions of a deleted user and shows a changed e-mail', async () => {
    const client = await signedIn('renamed@example.com');
    await sql`update users set email = 'new-name@example.com' where email = 'renamed@example.com'`.execute(
      database.db,
    );
    await expect
      .poll(async () => (await client.get('/api/auth/me')).json().email, { timeout: 2000 })
      .toBe('new-name@example.com');
    await sql`delete from users where email = 'new-name@example.com'`.execute(database.db);
    await expect.poll(async () => (await client.get('/api/auth/me')).statusCode, { timeout: 2000 }).toBe(401);
  });

  it('signs out at once on the instance that revoked', async () => {
    const client = await signedIn('logout@example.com');
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    // Straight away, without waiting for the notification: the instance forgot the session itself.
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });
});

/** Two processes have a cache each: only PostgreSQL connects two instances (PGlite lives in one process). */
describe.each(databaseTargets().filter((t) => t === 'postgres'))(
  'two instances with their own caches (%s)',
  (target) => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await createTestDatabase(target);
      app = await buildApp({ env: testEnv(), db: database.db });
    });
    afterAll(async () => {
      await app.close();
      await database.drop();
    });

    it('a session signed out on one instance is refused by another with its own cache', async () => {
      const otherDb: Db = await createDatabase({ databaseUrl: database.url! });
      const other = await buildApp({ env: testEnv(), db: otherDb });
      try {
        const client = await registered(app, 'two@example.com');
        const onOther = new TestClient(other);
        onOther.setCookie('session_token', client.cookie('session_token')!);
        expect((await onOther.get('/api/auth/me')).statusCode).toBe(200);
        expect((await onOther.get('/api/auth/me')).statusCode).toBe(200);
        expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
        await expect
          .poll(async () => (await onOther.get('/api/auth/me')).statusCode, { timeout: 2000 })
          .toBe(401);
      } finally {
        await other.close();
        await otherDb.destroy();
      }
    });
  },
);
