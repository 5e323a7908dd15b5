import type { PGlite } from '@electric-sql/pglite';
import {
  PGliteAdapter,
  PGliteDialect,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import { ConnectionQueue } from './connection-queue.ts';
import { withPreparedStatements } from './pglite-statements.ts';

export interface QueuedPGliteDialectConfig {
  pglite: PGlite;
  queue: ConnectionQueue;
  /** Runs before every query or transaction gets the connection; throws to refuse it. */
  beforeUse?: () => void;
}

/**
 * Kysely's PGlite dialect with our own waiting line (connection-queue.ts) in front of the one connection,
 * instead of Kysely's mutex, a check before every use (a data folder removed under the server), and each
 * query kept as a named prepared statement (pglite-statements.ts).
 */
export class QueuedPGliteDialect extends PGliteDialect {
  readonly #config: QueuedPGliteDialectConfig;

  constructor(config: QueuedPGliteDialectConfig) {
    super({ pglite: withPreparedStatements(config.pglite) });
    this.#config = config;
  }

  override createAdapter(): DialectAdapter {
    return new QueuedPGliteAdapter();
  }

  override createDriver(): Driver {
    return new QueuedPGliteDriver(super.createDriver(), this.#config);
  }
}

class QueuedPGliteAdapter extends PGliteAdapter {
  // Still one connection, but serialised by our queue: Kysely adds its own mutex only when this is false.
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class QueuedPGliteDriver implements Driver {
  readonly #inner: Driver;
  readonly #config: QueuedPGliteDialectConfig;

  constructor(inner: Driver, config: QueuedPGliteDialectConfig) {
    this.#inner = inner;
    this.#config = config;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#config.queue.acquire();
    try {
      this.#config.beforeUse?.();
      return await this.#inner.acquireConnection();
    } catch (error) {
      this.#config.queue.release();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      this.#config.queue.release();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.savepoint!(connection, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.rollbackToSavepoint!(connection, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.releaseSavepoint!(connection, name, compileQuery);
  }

  async destroy(): Promise<void> {
    this.#config.queue.close(new Error('The database was closed.'));
    await this.#inner.destroy();
  }
}
