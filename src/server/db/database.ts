import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { AppError } from '../lib/errors.ts';
import { ConnectionQueue, type ConnectionQueueOptions } from './connection-queue.ts';
import { QueuedPGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';
import { watchedDialect, WriteWatch, type WriteListener } from './write-watch.ts';

export type Db = Kysely<Database>;
/** The database or an open transaction: what the repositories and the minute ledger take. */
export type DbOrTx = Db | Transaction<Database>;

export interface DatabaseOptions {
  /** postgres://… selects a real server; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** The embedded database's waiting line (connection-queue.ts); the defaults suit the server. */
  queue?: ConnectionQueueOptions;
}

/** The embedded databases, whose one connection is shared through the waiting line (connection-queue.ts). */
const queued = new WeakSet<Db>();

/**
 * True when queries wait in the embedded database's line, which orders them by the request they serve
 * (`runAsDatabaseRequest`); PostgreSQL's pool needs no request scope, and its cost (a hook on every promise on
 * Node 20) is then not paid.
 */
export function servesRequestsInLine(db: Db): boolean {
  return queued.has(db);
}

/** What the health check runs, per database instance. */
const checks = new WeakMap<Db, () => Promise<void>>();

/**
 * Receives a channel's notifications (NOTIFY). `lost`: from now on some may be missed (the connection dropped);
 * `ready`: listening again.
 */
export interface Listener {
  message: (payload: string) => void;
  lost: () => void;
  ready: () => void;
}
type Subscribe = (channel: string, listener: Listener) => Promise<() => Promise<void>>;
const subscribers = new WeakMap<Db, Subscribe>();

const writeWatches = new WeakMap<Db, WriteWatch>();

/**
 * Calls `listener` with the tables each unit of work of this process wrote (a query, or a transaction), once its
 * connection is released, so after the commit (write-watch.ts). Returns the function that stops it.
 */
export function onOwnWrites(db: Db, listener: WriteListener): () => void {
  const watch = writeWatches.get(db);
  if (!watch) throw new Error('onOwnWrites: not a database made by createDatabase');
  return watch.listen(listener);
}

/** Creates the one Kysely instance of the process: PGlite by default, `pg` with DATABASE_URL. */
export async function createDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    // Return BIGINT counts as numbers: our sums are minutes and cents, far below 2^53.
    pg.types.setTypeParser(20, (value) => Number(value));
    pg.types.setTypeParser(1700, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover, a test dropping its database) must not
    // crash the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => {
      process.emitWarning(`database connection lost: ${error.message}`);
    });
    const watch = new WriteWatch();
    const db = new Kysely<Database>({ dialect: watchedDialect(new PostgresDialect({ pool }), watch) });
    writeWatches.set(db, watch);
    checks.set(db, () => selectOne(db));
    subscribers.set(db, (channel, listener) => listenOnServer(options.databaseUrl!, channel, listener));
    return db;
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.resolve(options.dataDir, 'db');
    mkdirSync(dataPath, { recursive: true });
  }
  const pglite = await PGlite.create(dataPath ? { dataDir: dataPath } : {});
  const guard = dataPath ? watchDataFolder(dataPath) : undefined;
  const queue = new ConnectionQueue(options.queue);
  const watch = new WriteWatch();
  const db = new Kysely<Database>({
    dialect: watchedDialect(new QueuedPGliteDialect({ pglite, queue, beforeUse: guard }), watch),
  });
  writeWatches.set(db, watch);
  queued.add(db);
  checks.set(db, async () => {
    guard?.();
    await selectOne(db);
  });
  subscribers.set(db, async (channel, listener) => {
    const stop = await pglite.listen(channel, listener.message);
    listener.ready();
    return () => (pglite.closed ? Promise.resolve() : stop());
  });
  return db;
}

/**
 * Health: the database answers a query (and, for PGlite, its data folder is still the one it opened).
 * Throws a 503 AppError otherwise.
 */
export async function checkDatabase(db: Db): Promise<void> {
  try {
    await (checks.get(db) ?? (() => selectOne(db)))();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('unavailable', 'The database is not answering.');
  }
}

/**
 * Listens to a channel's notifications (LISTEN/NOTIFY) until the returned function is called. PostgreSQL: one
 * connection of its own, reopened after a drop (the listener is told that notifications may have been lost).
 * PGlite: in process, delivered before the notifying statement's result.
 */
export function listen(db: Db, channel: string, listener: Listener): Promise<() => Promise<void>> {
  const subscribe = subscribers.get(db);
  if (!subscribe) throw new Error('listen: not a database made by createDatabase');
  return subscribe(channel, listener);
}

const RELISTEN_MS = 1000;

async function listenOnServer(
  connectionString: string,
  channel: string,
  listener: Listener,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reopen = () => {
    if (!stopped)
      retry = setTimeout(
        () =>
          void open().catch(() => {
            reopen();
          }),
        RELISTEN_MS,
      );
  };
  const open = async () => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === channel) listener.message(n.payload ?? '');
    });
    c.on('error', () => {
      // Until a new connection listens, notifications are lost: the listener must not trust what it kept.
      listener.lost();
      void c.end().catch(() => {});
      if (client === c) {
        client = null;
        reopen();
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      void c.end().catch(() => {});
      throw error;
    }
    if (stopped) await c.end();
    else {
      client = c;
      listener.ready();
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
    client = null;
  };
}

async function selectOne(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * PGlite keeps its files open: with the folder deleted (or replaced) under it, writes still "succeed" into
 * unlinked files and vanish at the next start. Before each use we check that PG_VERSION is still the file we
 * opened; once it is not, every query is refused until the server restarts.
 */
function watchDataFolder(dataPath: string): () => void {
  const marker = path.join(dataPath, 'PG_VERSION');
  const opened = statSync(marker);
  let lost = false;
  return () => {
    if (!lost) {
      const now = statSync(marker, { throwIfNoEntry: false });
      if (now && now.ino === opened.ino && now.dev === opened.dev) return;
      lost = true;
      process.emitWarning(
        `database folder ${dataPath} was removed or replaced while the server was running; ` +
          'refusing every query until the server is restarted',
      );
    }
    throw new AppError(
      'unavailable',
      'The database is unavailable: its data folder was removed while the server was running. ' +
        'Restart the server.',
    );
  };
}
