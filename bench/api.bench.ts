/**
 * `npm run bench:api`: requests per second and p99 latency of the dashboard's API calls under a local load
 * generator (autocannon), next to a bare Fastify route on the same machine, printed as a ratio.
 * Seeds one account with a subscription, an agent configuration and 1,000 calls.
 * BENCH_DATABASE_URL=postgres://… runs against a real PostgreSQL instead of the embedded PGlite, which otherwise
 * lives in a fresh folder on disk like `npm start`'s. BENCH_ROUTES=/api/subscription/status,… picks the routes;
 * BENCH_CONNECTIONS, BENCH_DURATION (s) and BENCH_RUNS size the load; BENCH_WORKERS=1 moves the load generator
 * to a worker thread, off the server's event loop. A request unanswered after 10 s counts as a timeout
 * (autocannon's default); 503s from the embedded database's waiting line count as errors. The rows take turns run
 * after run (the machine is shared: a burst of other work then falls on every row), each ratio is the median of
 * the ratios to the bare route's run just before, and the load average is printed with the figures.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '#server/app.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { parseEnv } from '#server/env.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? [
  // /api/health goes through the whole plugin stack (helmet, cookies, CSRF, compression) and one trivial query.
  '/api/health',
  '/api/subscription/status',
  '/api/agent/config',
  '/api/calls/history',
];

interface Figures {
  rps: number;
  /** Answers with a 2xx status per second (rps counts 503s too). */
  okRps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
}

async function loadOnce(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    ...(WORKERS > 0 ? { workers: WORKERS } : {}),
  });
  return {
    rps: result.requests.average,
    okRps: result['2xx'] / DURATION_S,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Medians of the runs of one row (errors and timeouts summed). */
function summary(runs: Figures[]): Figures {
  return {
    rps: median(runs.map((r) => r.rps)),
    okRps: median(runs.map((r) => r.okRps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    max: median(runs.map((r) => r.max)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    timeouts: runs.reduce((sum, r) => sum + r.timeouts, 0),
  };
}

async function main(): Promise<void> {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/answerdesk-bench' });
  const dataDir = process.env.BENCH_DATABASE_URL
    ? undefined
    : mkdtempSync(path.join(os.tmpdir(), 'answerdesk-bench-'));
  const db = await createDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
  const dbName = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite (on disk)';
  await migrateToLatest(db);
  const app = await buildApp({ env, db });
  // The plugin stack (security headers, cookies, CSRF, compression, error handling) without the database.
  app.get('/api/bench/stack', async () => ({ ok: true }));

  // Seed: one owner with a Pro subscription, an agent, and 1,000 calls with transcripts.
  const now = new Date();
  const user = await db
    .insertInto('users')
    .values({ email: `bench-${randomToken(4)}@example.com`, name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomToken();
  await db
    .insertInto('sessions')
    .values({ token_hash: sha256(token), user_id: user.id, expires_at: new Date(now.getTime() + 86_400_000) })
    .execute();
  await db
    .insertInto('subscriptions')
    .values({
      user_id: user.id,
      plan: 'pro',
      status: 'active',
      base_amount_cents: 29_900,
      amount_cents: 29_900,
      provider: 'local',
      current_period_start: now,
      current_period_end: new Date(now.getTime() + 30 * 86_400_000),
    })
    .execute();
  await db
    .insertInto('minute_ledger')
    .values({
      user_id: user.id,
      entry: 'grant',
      bucket: 'plan',
      source: 'plan_period',
      minutes: 650,
      period_start: now,
      period_end: new Date(now.getTime() + 30 * 86_400_000),
    })
    .execute();
  await db
    .insertInto('agent_configs')
    .values({
      user_id: user.id,
      company_name: 'Bench Co',
      contact_email: 'owner@example.com',
      twilio_phone_number: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      status: 'active',
      config_data: {},
    })
    .execute();
  const transcript = [
    { speaker: 'agent' as const, text: 'Thanks for calling Bench Co, how can I help you today?', at_s: 0 },
    { speaker: 'caller' as const, text: 'What time do you open on Saturdays?', at_s: 4 },
    { speaker: 'agent' as const, text: 'We open at nine on Saturdays and close at five.', at_s: 6 },
  ];
  for (let batch = 0; batch < 10; batch += 1) {
    await db
      .insertInto('calls')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          user_id: user.id,
          provider: 'local',
          phone_number: '+15557654321',
          started_at: new Date(now.getTime() - (batch * 100 + i) * 60_000),
          duration_s: 42,
          transcript: JSON.stringify(transcript),
          outcome: 'answered',
          summary: 'The caller asked about Saturday opening hours and was answered.',
        })),
      )
      .execute();
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // As a browser sends them after its first page: the session and the CSRF cookie (without it every answer mints one).
  const cookie = { cookie: `session_token=${token}; XSRF-TOKEN=${randomToken(24)}` };

  const bare = Fastify({ logger: false });
  bare.get('/ping', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/ping`;

  const loadAtStart = os.loadavg()[0]!.toFixed(2);
  console.log(
    `load: ${CONNECTIONS} connections, ${DURATION_S} s per run, median of ${RUNS} runs` +
      `${WORKERS > 0 ? `, generator in ${WORKERS} worker thread(s)` : ''}, database: ${dbName}`,
  );
  // The rows take turns, run after run, so that a burst of other work on the shared machine falls on all of them;
  // each ratio is the median of the ratios of its runs to the bare route's run just before.
  const targets: [string, string][] = [
    ['bare fastify route', bareUrl],
    ['plugin stack, no database', `${base}/api/bench/stack`],
    ...ROUTES.map((route): [string, string] => [route, `${base}${route}`]),
  ];
  const runs = new Map<string, Figures[]>(targets.map(([name]) => [name, []]));
  const ratios = new Map<string, number[]>(targets.map(([name]) => [name, []]));
  for (let i = 0; i < RUNS; i += 1) {
    let bareRps = 0;
    for (const [name, url] of targets) {
      const figures = await loadOnce(url, name === 'bare fastify route' ? {} : cookie);
      if (name === 'bare fastify route') bareRps = figures.rps;
      runs.get(name)!.push(figures);
      ratios.get(name)!.push(figures.rps / bareRps);
    }
  }
  const rows: Record<string, Figures & { ratio: number; ratios: number[] }> = Object.fromEntries(
    targets.map(([name]) => [
      name,
      { ...summary(runs.get(name)!), ratio: median(ratios.get(name)!), ratios: ratios.get(name)! },
    ]),
  );
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([name, f]) => [
        name,
        {
          'req/s': Math.round(f.rps),
          '2xx/s': Math.round(f.okRps),
          'p50 ms': f.p50,
          'p99 ms': f.p99,
          'max ms': f.max,
          'vs bare': f.ratio.toFixed(3),
          'vs bare, each run': f.ratios.map((r) => r.toFixed(2)).join(' '),
          errors: f.errors,
          timeouts: f.timeouts,
        },
      ]),
    ),
  );
  const status = rows['/api/subscription/status'];
  const stackRatio = rows['plugin stack, no database']!.ratio;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(
    `${verdict(stackRatio >= 0.5)}: plugin stack without the database ${stackRatio.toFixed(2)} of a bare Fastify route` +
      ` (target >= 0.5)`,
  );
  if (status) {
    const met = status.okRps >= 3000 && status.p99 <= 50;
    console.log(
      `${process.env.BENCH_DATABASE_URL ? verdict(met) : 'INFO'}: /api/subscription/status ` +
        `${Math.round(status.okRps)} ok/s, p99 ${status.p99} ms, ${status.ratio.toFixed(2)} of bare` +
        ` (target on PostgreSQL: >= 3,000 req/s at p99 <= 50 ms)`,
    );
  }
  console.log(`load average: ${loadAtStart} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end`);
  const outDir = path.resolve('bench/results');
  mkdirSync(outDir, { recursive: true });
  const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const file = path.join(outDir, `api-${new Date().toISOString().slice(0, 10)}-${kind}.json`);
  writeFileSync(file, JSON.stringify({ database: dbName, connections: CONNECTIONS, rows }, null, 2));
  console.log(`saved ${file}`);
  await app.close();
  await bare.close();
  await db.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

await main();
