import { Migrator, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Migrations are listed in code (migrations/index.ts), so the bundled server needs no folder scan. */
const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The one migrator for start, scripts and tests. Throws when a migration fails. Migrations land from branches
 * developed side by side, so one named before a migration a database already ran still runs (in name order among
 * those pending): e.g. 2026_11_29_100000 (several agents) on a database that ran 2026_11_29_110000 (number grace)
 * first. Each such pair must be independent of its order, which the migration tests check.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
