/**
 * Tells this instance which tables its own queries wrote, once the work is committed (issue 26, ADR 043 addendum).
 *
 * A cache invalidated by NOTIFY (lib/account-cache.ts) hears of a change a moment after the commit, through another
 * connection: a client that saved something and reads it back at once could be served the copy from before. This
 * dialect wrapper sees every statement this process sends; after the connection that wrote is released (so after
 * the commit or rollback of its transaction), it tells the listeners which tables were written. A statement is
 * taken as a write of every table named after `insert into`, `update`, `delete from` or `truncate` anywhere in its
 * text: a false alarm (a `for update` lock) only costs a cache entry.
 */
import type {
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  TransactionSettings,
  CompiledQuery,
  ControlConnectionProvider,
  QueryResult,
} from 'kysely';

export type WriteListener = (tables: ReadonlySet<string>) => void;

const MAYBE_WRITE = /insert|update|delete|truncate/i;
const WRITTEN_TABLE =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const TRUNCATED = /\btruncate\s+(?:table\s+)?([^;]*)/gi;
const TRUNCATE_OPTIONS = /\b(?:restart|continue|cascade|restrict)\b[\s\S]*$/i;

/** Tables a statement may write, lower case. */
export function tablesWritten(sqlText: string): string[] {
  if (!MAYBE_WRITE.test(sqlText)) return [];
  const tables = [...sqlText.matchAll(WRITTEN_TABLE)].map((match) => match[1]!.toLowerCase());
  for (const match of sqlText.matchAll(TRUNCATED))
    for (const name of match[1]!.replace(TRUNCATE_OPTIONS, '').split(','))
      tables.push(
        name
          .trim()
          .replace(/^only\s+/i, '')
          .replace(/^"?public"?\./i, '')
          .replaceAll('"', '')
          .toLowerCase(),
      );
  return tables.filter((table) => table !== '');
}

export class WriteWatch {
  readonly #listeners = new Set<WriteListener>();

  /** Calls `listener` after each unit of work of this process that wrote; returns the function that stops it. */
  listen(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Whether anyone listens (no parsing otherwise). */
  get active(): boolean {
    return this.#listeners.size > 0;
  }

  written(tables: ReadonlySet<string>): void {
    for (const listener of this.#listeners) listener(tables);
  }
}

/** `dialect` with its connections watched by `watch`. */
export function watchedDialect(dialect: Dialect, watch: WriteWatch): Dialect {
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createDriver: (): Driver => new WatchedDriver(dialect.createDriver(), watch),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}

class WatchedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly #watch: WriteWatch;
  /** Tables written since the connection was acquired. */
  written: Set<string> | null = null;
  cancelQuery?: (provider: ControlConnectionProvider) => Promise<void>;
  collectSessionInfo?: () => Promise<void>;
  killSession?: (provider: ControlConnectionProvider) => Promise<void>;

  constructor(inner: DatabaseConnection, watch: WriteWatch) {
    this.inner = inner;
    this.#watch = watch;
    // Optional capabilities, only when the wrapped connection has them (Kysely tests for their presence).
    if (inner.cancelQuery) this.cancelQuery = (provider) => inner.cancelQuery!(provider);
    if (inner.collectSessionInfo) this.collectSessionInfo = () => inner.collectSessionInfo!();
    if (inner.killSession) this.killSession = (provider) => inner.killSession!(provider);
  }

  #note(query: CompiledQuery): void {
    if (!this.#watch.active) return;
    for (const table of tablesWritten(query.sql)) (this.written ??= new Set()).add(table);
  }

  executeQuery<R>(query: CompiledQuery, options?: Parameters<DatabaseConnection['executeQuery']>[1]) {
    this.#note(query);
    return this.inner.executeQuery<R>(query, options);
  }

  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: Parameters<DatabaseConnection['streamQuery']>[2],
  ): AsyncIterableIterator<QueryResult<R>> {
    this.#note(query);
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }
}

class WatchedDriver implements Driver {
  readonly #inner: Driver;
  readonly #watch: WriteWatch;
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(inner: Driver, watch: WriteWatch) {
    this.#inner = inner;
    this.#watch = watch;
    const unwrap = (connection: DatabaseConnection) => (connection as WatchedConnection).inner;
    if (inner.savepoint)
      this.savepoint = (connection, name, compile) => inner.savepoint!(unwrap(connection), name, compile);
    if (inner.rollbackToSavepoint)
      this.rollbackToSavepoint = (connection, name, compile) =>
        inner.rollbackToSavepoint!(unwrap(connection), name, compile);
    if (inner.releaseSavepoint)
      this.releaseSavepoint = (connection, name, compile) =>
        inner.releaseSavepoint!(unwrap(connection), name, compile);
  }

  init(options?: Parameters<Driver['init']>[0]): Promise<void> {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: Parameters<Driver['acquireConnection']>[0]): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.#inner.acquireConnection(options), this.#watch);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction((connection as WatchedConnection).inner, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction((connection as WatchedConnection).inner);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction((connection as WatchedConnection).inner);
  }

  async releaseConnection(
    connection: DatabaseConnection,
    options?: Parameters<Driver['releaseConnection']>[1],
  ): Promise<void> {
    const watched = connection as WatchedConnection;
    const written = watched.written;
    watched.written = null;
    try {
      await this.#inner.releaseConnection(watched.inner, options);
    } finally {
      if (written) this.#watch.written(written);
    }
  }

  destroy(options?: Parameters<Driver['destroy']>[0]): Promise<void> {
    return this.#inner.destroy(options);
  }
}
