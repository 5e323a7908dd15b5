/**
 * The waiting line in front of PGlite's one connection (docs/decisions/003-database-and-migrations.md).
 *
 * PGlite runs in the server's own thread and executes a query synchronously, so with Kysely's own mutex a
 * request ran all its queries in one go while every other client waited unseen in the socket buffers, for
 * seconds when the database was slow or cold. This queue instead
 * - hands the connection over directly for at most `turnBudgetMs` of queries, then through `setImmediate`, so
 *   the server reads new requests every few milliseconds; a turn of the event loop per query was the queue's
 *   own bottleneck under load (each turn reads and answers every ready socket first);
 * - serves the oldest HTTP request first, so a request that has started finishes before new ones begin;
 * - refuses (503) a request's query that waited `maxWaitMs` in line, or that finds `maxWaiting` callers already
 *   in line, instead of letting clients time out after 10 s. Only time in line counts: a request busy with its
 *   own work (reading an uploaded PDF) before its first query is not refused for that.
 * Work outside a request (migrations, periodic jobs) waits its turn without a deadline.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../lib/errors.ts';

export interface ConnectionQueueOptions {
  /** A request's query that has waited this long in line is refused with 503. */
  maxWaitMs?: number;
  /** Callers beyond this many already waiting are refused at once. */
  maxWaiting?: number;
  /**
   * Queries are handed over back to back, without yielding to the event loop, until this much time has passed
   * since the connection was last handed over from a fresh turn; 0 yields before every query.
   */
  turnBudgetMs?: number;
  /** Milliseconds, monotonic; tests pass their own. */
  now?: () => number;
}

export const DEFAULT_MAX_WAIT_MS = 1_500;
export const DEFAULT_MAX_WAITING = 1_000;
export const DEFAULT_TURN_BUDGET_MS = 20;

interface RequestScope {
  arrivedAt: number;
}

interface Waiter {
  /** Earlier first: the request's arrival, or the call's own time outside a request. */
  since: number;
  seq: number;
  grant: () => void;
  refuse: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

const requestScope = new AsyncLocalStorage<RequestScope>();
const monotonicNow = () => performance.now();

/**
 * Runs `fn` (a request's remaining lifecycle) as one request for the queue: its queries are ordered by the
 * request's arrival and fall under the wait limit (so does work it starts without awaiting, which inherits
 * the scope). Fastify: `addHook('onRequest', (_q, _r, done) => ...)`.
 */
export function runAsDatabaseRequest<T>(fn: () => T, arrivedAt: number = monotonicNow()): T {
  return requestScope.run({ arrivedAt }, fn);
}

/** 503 with Retry-After: 1, so that well-behaved clients and proxies come back shortly instead of at once. */
export function databaseBusyError(): AppError {
  return new AppError('unavailable', 'The server is busy right now. Please try again in a moment.', {
    retryAfterSeconds: 1,
  });
}

export class ConnectionQueue {
  readonly #maxWaitMs: number;
  readonly #maxWaiting: number;
  readonly #turnBudgetMs: number;
  readonly #now: () => number;
  /** When the connection was last handed over from a `setImmediate` callback (a fresh turn of the event loop). */
  #turnStartedAt = Number.NEGATIVE_INFINITY;
  /** Sorted by (since, seq): the head is served next. */
  #waiting: Waiter[] = [];
  #busy = false;
  #handingOver = false;
  #seq = 0;
  #closedError: Error | undefined;

  constructor(options: ConnectionQueueOptions = {}) {
    this.#maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.#maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
    this.#turnBudgetMs = options.turnBudgetMs ?? DEFAULT_TURN_BUDGET_MS;
    this.#now = options.now ?? monotonicNow;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves when the caller holds the connection; rejects with a 503 AppError when refused. */
  acquire(): Promise<void> {
    if (this.#closedError) return Promise.reject(this.#closedError);
    const scope = requestScope.getStore();
    if (this.#waiting.length >= this.#maxWaiting) return Promise.reject(databaseBusyError());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        since: scope?.arrivedAt ?? this.#now(),
        seq: (this.#seq += 1),
        grant: resolve,
        refuse: reject,
        timer: undefined,
      };
      if (scope) {
        waiter.timer = setTimeout(() => this.#drop(waiter, databaseBusyError()), this.#maxWaitMs);
        waiter.timer.unref();
      }
      this.#insert(waiter);
      this.#handOver();
    });
  }

  /** Frees the connection; the next caller gets it on a later turn of the event loop. */
  release(): void {
    this.#busy = false;
    this.#handOver();
  }

  /** Refuses every waiting and future caller with `error`. */
  close(error: Error): void {
    this.#closedError = error;
    for (const waiter of this.#waiting.splice(0)) {
      if (waiter.timer) clearTimeout(waiter.timer);
      waiter.refuse(error);
    }
  }

  /**
   * Grants the connection at once while this turn's budget lasts, else from a `setImmediate` callback: the
   * event loop reads the sockets in between, so requests waiting for the database are seen (and timed)
   * instead of sitting unread.
   */
  #handOver(): void {
    if (this.#busy || this.#handingOver || this.#waiting.length === 0) return;
    if (this.#now() - this.#turnStartedAt < this.#turnBudgetMs) {
      this.#grantNext();
      return;
    }
    this.#handingOver = true;
    setImmediate(() => {
      this.#handingOver = false;
      if (this.#busy) return;
      this.#turnStartedAt = this.#now();
      this.#grantNext();
    });
  }

  #grantNext(): void {
    const next = this.#waiting.shift();
    if (!next) return;
    if (next.timer) clearTimeout(next.timer);
    this.#busy = true;
    next.grant();
  }

  #insert(waiter: Waiter): void {
    const list = this.#waiting;
    // Binary search for the first waiter that comes after this one; new arrivals usually go last.
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = list[mid]!;
      if (other.since < waiter.since || (other.since === waiter.since && other.seq < waiter.seq)) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    list.splice(low, 0, waiter);
  }

  #drop(waiter: Waiter, error: Error): void {
    const index = this.#waiting.indexOf(waiter);
    if (index === -1) return;
    this.#waiting.splice(index, 1);
    waiter.refuse(error);
  }
}
