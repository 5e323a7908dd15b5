import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { databaseTargets, signUp, testEnv, TestClient, useTestApp } from '../test/harness.ts';
import { createDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrator.ts';

describe.each(databaseTargets())('health check (%s)', (target) => {
  const ctx = useTestApp(target);

  it('answers ok while the database answers', async () => {
    const response = await new TestClient(ctx().app).get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('health check of an unreachable PostgreSQL', () => {
  it('answers 503 when the database does not exist', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/no_such_database_for_answerdesk';
    const db = await createDatabase({ databaseUrl: url.toString() });
    const app = await buildApp({ env: testEnv(), db });
    try {
      const response = await new TestClient(app).get('/api/health');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: 'The database is not answering.' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

describe('the embedded database on disk', () => {
  let dataDir = '';
  let db: Db;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'answerdesk-db-test-'));
    db = await createDatabase({
      dataDir,
      queue: { maxWaitMs: 200 },
    });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 to a dashboard request kept waiting behind a long transaction, then serves it again', async () => {
    const app = await buildApp({ env: testEnv({ DATA_DIR: dataDir }), db });
    try {
      const { client } = await signUp(app);
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let holding!: () => void;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // A transaction keeps the one connection while the request comes in.
      const transaction = db.transaction().execute(async () => {
        holding();
        await finished;
      });
      await held;
      const busy = await client.get('/api/subscription/status');
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ detail: 'The server is busy right now. Please try again in a moment.' });
      finish();
      await transaction;
      const served = await client.get('/api/subscription/status');
      expect(served.statusCode).toBe(200);
      expect(served.json()).toMatchObject({ has_subscription: false });
    } finally {
      await app.close();
    }
  });

  // Last in this file: the database stays refused afterwards.
  it('fails the health check and refuses sign-ups once its data folder is removed under the server', async () => {
    const app = await buildApp({ env: testEnv({ DATA_DIR: dataDir }), db });
    try {
      const client = new TestClient(app);
      expect((await client.get('/api/health')).statusCode).toBe(200);
      const removed = {
        detail:
          'The database is unavailable: its data folder was removed while the server was running. ' +
          'Restart the server.',
      };

      rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });

      const health = await client.get('/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual(removed);
      const register = await client.post('/api/auth/register', {
        email: 'late@example.com',
        password: 'correct horse battery',
        name: 'Late',
      });
      expect(register.statusCode).toBe(503);
      expect(register.json()).toEqual(removed);

      // An empty folder in its place is not the database the server opened: still refused until a restart.
      mkdirSync(path.join(dataDir, 'db'), { recursive: true });
      expect((await client.get('/api/health')).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
