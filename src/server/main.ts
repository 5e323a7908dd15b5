import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { EnvError, parseEnv, publicBaseUrl } from './env.ts';
import { checkDatabase, createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { systemClock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { runPeriodically } from './lib/periodic.ts';
import { createProviders, describeProviders } from './providers/index.ts';
import { ensureAdminAccount } from './features/auth/auth.service.ts';
import { loadSpokenEnglish } from './agent/retrieval/spoken-english.ts';
import { loadWordNet } from './agent/retrieval/wordnet.ts';

const DATABASE_CHECK_INTERVAL_MS = 30_000;

/** Entry point: configuration, database, migrations, listen, graceful shutdown. Nothing else. */
async function main(): Promise<void> {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino(loggerOptions(env.LOG_LEVEL));
  const db = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');

  const clock = systemClock;
  const providers = createProviders({ env, db, clock, log });
  // A plain message: capability names such as "email" must not be mistaken for personal data by redaction.
  const described = Object.entries(describeProviders(providers)).map(
    ([capability, kind]) => `${capability}=${kind}`,
  );
  log.info(`providers: database=${env.DATABASE_URL ? 'postgres' : 'pglite'} ${described.join(' ')}`);

  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp({
    env,
    db,
    clock,
    providers,
    clientDir: path.resolve(here, '..', 'client'),
    logger: log,
  });
  const admin = await ensureAdminAccount({ env, db, clock, providers });
  // What /api/health answers, also in the log without traffic: a lost database (or its removed data folder).
  runPeriodically(app, DATABASE_CHECK_INTERVAL_MS, 'database health check', () => checkDatabase(db));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The dictionary callers' words are looked up in (0.4 s) and how often people say them (0.2 s), read before the
  // first request rather than during one.
  loadWordNet();
  loadSpokenEnglish();
  await app.listen({ port: env.PORT, host: env.HOST });
  const url = publicBaseUrl(env);
  const lines = [
    '',
    `  AnswerDesk is running at ${url}`,
    `  Admin sign-in: ${admin.email}`,
    admin.generatedPassword
      ? `  Admin password (generated now, shown once): ${admin.generatedPassword}`
      : `  Admin password: ${env.ADMIN_PASSWORD ? 'from ADMIN_PASSWORD' : 'unchanged (set ADMIN_PASSWORD to reset it)'}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
