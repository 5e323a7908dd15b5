import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { ConnectionQueue, databaseBusyError, runAsDatabaseRequest } from './connection-queue.ts';

/** Starts `acquire` inside a request that arrived at `arrivedAt`, recording when it gets the connection. */
function acquireFor(queue: ConnectionQueue, arrivedAt: number | undefined, name: string, log: string[]) {
  const acquire = () =>
    queue.acquire().then(
      () => {
        log.push(name);
      },
      (error: unknown) => {
        log.push(`${name}: ${error instanceof AppError ? error.status : String(error)}`);
      },
    );
  return arrivedAt === undefined ? acquire() : runAsDatabaseRequest(acquire, arrivedAt);
}

describe('the waiting line in front of the embedded database', () => {
  it('gives the connection to the request that arrived first, not to the one that asked first', async () => {
    let now = 100;
    const queue = new ConnectionQueue({ now: () => now, maxWaitMs: 10_000 });
    const log: string[] = [];
    await acquireFor(queue, 100, 'holder', log);
    // Each waiter runs one quick query: it gives the connection back as soon as it has it.
    const quickQuery = (arrivedAt: number | undefined, name: string) => {
      const run = () =>
        queue.acquire().then(() => {
          log.push(name);
          queue.release();
        });
      return arrivedAt === undefined ? run() : runAsDatabaseRequest(run, arrivedAt);
    };
    const pending = [
      quickQuery(100, 'new request'),
      quickQuery(40, 'request already half done'),
      quickQuery(undefined, 'background job'),
    ];
    now = 120;
    queue.release();
    await Promise.all(pending);
    expect(log).toEqual(['holder', 'request already half done', 'new request', 'background job']);
  });

  it('answers 503 to a request kept waiting past the limit while the connection stays busy', async () => {
    const queue = new ConnectionQueue({ maxWaitMs: 20 });
    const log: string[] = [];
    await acquireFor(queue, undefined, 'long transaction', log);
    await acquireFor(queue, performance.now(), 'dashboard request', log);
    expect(log).toEqual(['long transaction', 'dashboard request: 503']);
    expect(queue.waiting).toBe(0);
    queue.release();
  });

  it('tells a refused request when to come back (Retry-After)', () => {
    const error = databaseBusyError();
    expect(error.status).toBe(503);
    expect(error.retryAfterSeconds).toBe(1);
  });

  it('serves a request that spent longer than the limit on its own work before asking', async () => {
    const queue = new ConnectionQueue({ maxWaitMs: 10 });
    const log: string[] = [];
    // An upload arrived a minute ago and has been reading its PDF since; the line is empty.
    await acquireFor(queue, performance.now() - 60_000, 'upload', log);
    expect(log).toEqual(['upload']);
    queue.release();
  });

  it('answers 503 at once when the line is full, and serves the others', async () => {
    const queue = new ConnectionQueue({ maxWaiting: 2, maxWaitMs: 60_000 });
    const log: string[] = [];
    await acquireFor(queue, undefined, 'holder', log);
    const first = acquireFor(queue, performance.now(), 'first', log);
    const second = acquireFor(queue, performance.now(), 'second', log);
    await acquireFor(queue, performance.now(), 'third', log);
    expect(log).toEqual(['holder', 'third: 503']);
    queue.release();
    await first;
    queue.release();
    await second;
    expect(log).toEqual(['holder', 'third: 503', 'first', 'second']);
  });

  it('lets work outside a request (migrations, periodic jobs) wait without a deadline', async () => {
    let now = 0;
    const queue = new ConnectionQueue({ now: () => now, maxWaitMs: 10 });
    const log: string[] = [];
    await acquireFor(queue, undefined, 'holder', log);
    const job = acquireFor(queue, undefined, 'billing cycle', log);
    now = 1_000;
    queue.release();
    await job;
    expect(log).toEqual(['holder', 'billing cycle']);
  });

  it('hands the connection straight to the next query within its turn budget, and yields to the event loop after', async () => {
    let now = 0;
    for (const [budget, expected] of [
      [1_000, ['next query', 'event loop']],
      [0, ['event loop', 'next query']],
    ] as const) {
      const queue = new ConnectionQueue({ now: () => now, turnBudgetMs: budget });
      const log: string[] = [];
      await acquireFor(queue, undefined, 'first query', log);
      const next = acquireFor(queue, undefined, 'next query', log);
      const turn = new Promise<void>((resolve) =>
        setImmediate(() => {
          log.push('event loop');
          resolve();
        }),
      );
      queue.release();
      await Promise.all([next, turn]);
      expect(log).toEqual(['first query', ...expected]);
      queue.release();
      now += 10_000;
    }
  });
});
