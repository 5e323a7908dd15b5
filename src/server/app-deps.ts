/**
 * What every feature is given: configuration, the database, the clock and the providers. Its own module, so that
 * features depend on this type and not on the app that wires them (which imports every feature).
 */
import type { Db } from './db/database.ts';
import type { Env } from './env.ts';
import type { Clock } from './lib/clock.ts';
import type { Providers } from './providers/index.ts';

export interface AppDeps {
  env: Env;
  db: Db;
  clock: Clock;
  providers: Providers;
}
