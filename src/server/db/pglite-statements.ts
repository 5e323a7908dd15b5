/**
 * Named prepared statements for PGlite (ADR 003 addendum, issue 21 item 11).
 *
 * PGlite's own `query()` parses, analyses and plans every statement afresh (an unnamed statement each time), which
 * for the dashboard's queries costs more than running them. This keeps each distinct SQL text Kysely sends as a
 * named statement of the one session, so that repeated queries skip straight to bind and execute, and PostgreSQL
 * may reuse a generic plan. Results are parsed exactly as `query()` parses them (PGlite's own parsers).
 */
import { type PGlite, type Results, type Transaction, parse, protocol } from '@electric-sql/pglite';

/** Statements kept per database; the least recently used is closed beyond this. */
const MAX_STATEMENTS = 500;
/** Only plain data statements are kept: transaction control, DDL and session commands run as before. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements that leave the schema as it was; any other (DDL, DO blocks) closes the kept statements. */
const SCHEMA_NEUTRAL =
  /^\s*(begin|start|commit|end|rollback|savepoint|release|set|show|listen|unlisten|notify)\b/i;
/**
 * PostgreSQL's answer when a table a kept statement reads changed shape under it ("cached plan must not change
 * result type"): prepare it again. DDL through this class closes every statement first, so this is the fallback.
 */
const STALE_PLAN = '0A000';

interface Statement {
  name: string;
  paramTypes: number[];
}

export class PreparedStatements {
  readonly #pg: PGlite;
  readonly #statements = new Map<string, Statement>();
  readonly #maxStatements: number;
  #next = 0;

  constructor(pg: PGlite, maxStatements = MAX_STATEMENTS) {
    this.#pg = pg;
    this.#maxStatements = maxStatements;
  }

  /** Statements kept now. */
  get size(): number {
    return this.#statements.size;
  }

  /**
   * `pg.query(sql, params)`, with the statement prepared once per SQL text. `tx`: the transaction it runs in
   * (PGlite's transaction object), which already holds the database.
   */
  async query<T>(sql: string, params: readonly unknown[], tx?: Transaction): Promise<Results<T>> {
    if (!PREPARABLE.test(sql)) {
      const result = await (tx ?? this.#pg).query<T>(sql, params as unknown[]);
      if (!SCHEMA_NEUTRAL.test(sql) && this.#statements.size > 0) await this.#forgetAll(tx);
      return result;
    }
    const run = () =>
      this.#pg._runExclusiveQuery(async () => {
        try {
          return await this.#run<T>(sql, params);
        } catch (error) {
          if ((error as { code?: string }).code !== STALE_PLAN || tx) throw error;
          await this.#forget(sql);
          return this.#run<T>(sql, params);
        }
      });
    if (tx) return run();
    await this.#pg._checkReady();
    return this.#pg._runExclusiveTransaction(run);
  }

  async #run<T>(sql: string, params: readonly unknown[]): Promise<Results<T>> {
    const statement = this.#statements.get(sql) ?? (await this.#prepare(sql));
    // Most recently used last: a Map iterates in insertion order.
    this.#statements.delete(sql);
    this.#statements.set(sql, statement);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.#pg.serializers[statement.paramTypes[i]!];
      return serialize ? serialize(value) : String(value);
    });
    // One round trip into PostgreSQL for bind, describe, execute and sync.
    const messages = await this.#exec(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    if (!this.#pg.isInTransaction()) await this.#pg.syncToFs();
    return parse.parseResults(messages, this.#pg.parsers)[0] as Results<T>;
  }

  async #prepare(sql: string): Promise<Statement> {
    while (this.#statements.size >= this.#maxStatements) {
      const oldest = this.#statements.keys().next().value as string;
      await this.#forget(oldest);
    }
    const name = `kysely_${(this.#next += 1)}`;
    const described = await this.#exec(
      concat([
        protocol.serialize.parse({ name, text: sql, types: [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    this.#statements.set(sql, statement);
    return statement;
  }

  async #forget(sql: string): Promise<void> {
    const statement = this.#statements.get(sql);
    if (!statement) return;
    this.#statements.delete(sql);
    await this.#exec(
      concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]),
    );
  }

  async #forgetAll(tx: Transaction | undefined): Promise<void> {
    this.#statements.clear();
    await (tx ?? this.#pg).exec('deallocate all');
  }

  async #exec(message: Uint8Array) {
    return (await this.#pg.execProtocol(message, { syncToFs: false })).messages;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * What Kysely's PGlite driver uses of PGlite (query, transaction, close and the ready state), with every query
 * through `statements`.
 */
export function withPreparedStatements(pg: PGlite): PGlite {
  const statements = new PreparedStatements(pg);
  const query = (sql: string, params: readonly unknown[] = []) => statements.query(sql, params);
  const facade = {
    get closed() {
      return pg.closed;
    },
    get ready() {
      return pg.ready;
    },
    get waitReady() {
      return pg.waitReady;
    },
    close: () => pg.close(),
    query,
    transaction: <T>(fn: (tx: Pick<Transaction, 'query'>) => Promise<T>) =>
      pg.transaction((tx) =>
        fn({
          query: (sql: string, params: readonly unknown[] = []) => statements.query(sql, params, tx),
        } as never),
      ),
  };
  return facade as unknown as PGlite;
}
