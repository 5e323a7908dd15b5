import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… selects a real server; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
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
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.resolve(options.dataDir, 'db');
    mkdirSync(dataPath, { recursive: true });
  }
  const pglite = await PGlite.create(dataPath ? { dataDir: dataPath } : {});
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
}
