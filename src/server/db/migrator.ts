import { Migrator, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Migrations are listed in code (migrations/index.ts), so the bundled server needs no folder scan. */
const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The one migrator for start, scripts and tests. Throws when a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
