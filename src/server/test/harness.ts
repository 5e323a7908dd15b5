import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps, type BuildAppOptions } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { parseEnv, type Env } from '../env.ts';
import { ManualClock } from '../lib/clock.ts';
import type { Providers } from '../providers/index.ts';
import { createLocalProviders } from '../providers/index.ts';

export type DatabaseTarget = 'pglite' | 'postgres';

/** PGlite always; the real PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function databaseTargets(): DatabaseTarget[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database of the target kind, private to the calling test file. */
export async function createTestDatabase(
  target: DatabaseTarget,
): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  if (target === 'pglite') {
    const db = await createDatabase({});
    await migrateToLatest(db);
    return { db, drop: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const adminPool = new pg.Pool({ connectionString: adminUrl, max: 1 });
  adminPool.on('error', () => {});
  const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: adminPool }) });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

/** Empties every table of the app (not the migration bookkeeping): each test starts clean. */
export async function truncateAll(db: Db): Promise<void> {
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'`.execute(
    db,
  );
  if (tables.rows.length === 0) return;
  const list = tables.rows.map((row) => `"${row.tablename}"`).join(', ');
  await sql.raw(`truncate table ${list} restart identity cascade`).execute(db);
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    ADMIN_EMAIL: 'admin@example.com',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    // Cheap password hashes keep sign-ups fast; the OWASP cost has its own tests (lib/crypto.test.ts).
    PASSWORD_HASH_COST: '12',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  env: Env;
  clock: ManualClock;
  deps: AppDeps;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  providers?: (context: {
    env: Env;
    db: Db;
    clock: ManualClock;
  }) => Partial<Providers> | Promise<Partial<Providers>>;
  authRateLimit?: number;
  build?: Partial<BuildAppOptions>;
}

/**
 * Registers hooks that give each test a freshly built app over a clean database of `target`.
 * Use inside a describe block; read the context from the returned getter inside tests.
 */
export function useTestApp(target: DatabaseTarget, options: TestAppOptions = {}): () => TestContext {
  let database: { db: Db; drop: () => Promise<void> } | undefined;
  let context: TestContext | undefined;
  // Files (blobs, caches) of this suite live in a temp folder, never in the developer's ./data.
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'answerdesk-test-'));
    database = await createTestDatabase(target);
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    const db = database!.db;
    await truncateAll(db);
    const env = testEnv({ DATA_DIR: dataDir, ...options.env });
    const clock = new ManualClock();
    const log = (await import('pino')).default({ level: 'silent' });
    const providers = {
      ...createLocalProviders({ env, db, clock, log }),
      ...(await options.providers?.({ env, db, clock })),
    } as Providers;
    const app = await buildApp({
      env,
      db,
      clock,
      providers,
      authRateLimit: options.authRateLimit ?? 1000,
      ...options.build,
    });
    await app.ready();
    context = { app, db, env, clock, deps: { env, db, clock, providers } };
  });
  afterEach(async () => {
    await context?.app.close();
    context = undefined;
  });
  return () => {
    if (!context) throw new Error('test context is only available inside a test');
    return context;
  };
}

/** A browser-like client over app.inject: keeps cookies and sends the CSRF header like our pages do. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('XSRF-TOKEN') && options.method !== 'GET') {
      await this.request({ method: 'GET', url: '/api/health' });
    }
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    const cookieHeader = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookieHeader) headers.cookie = cookieHeader;
    if (options.csrf !== false && this.cookies.has('XSRF-TOKEN'))
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    const response = await this.app.inject({ ...options, headers });
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as never }),
      ...(headers ? { headers } : {}),
    });
  }
  /** Posts fields as an HTML form would (application/x-www-form-urlencoded). */
  postForm(url: string, fields: Record<string, string | number>) {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    return this.post(url, body, { 'content-type': 'application/x-www-form-urlencoded' });
  }
  delete(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({
      method: 'DELETE',
      url,
      ...(payload === undefined ? {} : { payload: payload as never }),
      ...(headers ? { headers } : {}),
    });
  }
}

let userCounter = 0;
/** Registers a fresh account through the API and returns its signed-in client. */
export async function signUp(
  app: FastifyInstance,
  input: Partial<{ email: string; password: string; name: string }> = {},
): Promise<{ client: TestClient; user: { id: string; email: string }; password: string }> {
  userCounter += 1;
  const email = input.email ?? `owner${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = input.password ?? 'correct horse battery';
  const client = new TestClient(app);
  const response = await client.post('/api/auth/register', { email, password, name: input.name ?? 'Owner' });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { client, user: response.json().user, password };
}

/** Signs in as the admin account (created like at start). */
export async function signInAdmin(ctx: TestContext): Promise<TestClient> {
  const { ensureAdminAccount } = await import('../features/auth/auth.service.ts');
  const { hashPassword } = await import('../lib/crypto.ts');
  await ensureAdminAccount(ctx.deps);
  await ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword('admin-password-1', { cost: ctx.env.PASSWORD_HASH_COST }) })
    .where('email', '=', ctx.env.ADMIN_EMAIL)
    .execute();
  const client = new TestClient(ctx.app);
  const response = await client.post('/api/auth/login', {
    email: ctx.env.ADMIN_EMAIL,
    password: 'admin-password-1',
  });
  if (response.statusCode !== 200) throw new Error(`admin sign-in failed: ${response.body}`);
  return client;
}
