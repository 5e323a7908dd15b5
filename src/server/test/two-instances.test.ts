import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Db } from '../db/database.ts';
import { createTestDatabase, databaseTargets, testEnv, TestClient } from './harness.ts';

/** ARCHITECTURE.md section 9: servers are stateless, so two instances on one database serve the same users. */
describe.each(databaseTargets())('two server instances on one database (%s)', (target) => {
  let database: { db: Db; drop: () => Promise<void> };
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(target);
    const env = testEnv();
    first = await buildApp({ env, db: database.db });
    second = await buildApp({ env, db: database.db });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
  });

  it('signs in on one instance, is recognised and signed out on the other', async () => {
    const client = new TestClient(first);
    const registered = await client.post('/api/auth/register', {
      email: 'both@example.com',
      password: 'longenough',
      name: 'Both',
    });
    expect(registered.statusCode).toBe(200);
    const onSecond = new TestClient(second);
    onSecond.setCookie('session_token', client.cookie('session_token')!);
    onSecond.setCookie('XSRF-TOKEN', client.cookie('XSRF-TOKEN')!);
    expect((await onSecond.get('/api/auth/me')).json().email).toBe('both@example.com');
    expect((await onSecond.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });
});
