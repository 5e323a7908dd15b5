/**
 * Leases: one holder at a time for a key, across every server instance on the database (ARCHITECTURE section 9:
 * servers are stateless, so in-process locks do not serialize anything between instances). A holder keeps the
 * lease alive while it works; a crashed holder's lease expires after `ttlMs`. Works the same on PGlite and
 * PostgreSQL (a conditional upsert; no advisory locks, which would pin a pooled connection).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from './database.ts';

export interface LeaseOptions {
  /** How long the lease lasts without a renewal (renewed every third of it while the work runs). */
  ttlMs?: number;
  /** How long to wait for another holder before giving up with LeaseBusyError. */
  waitMs?: number;
}

/** Another holder kept the key for longer than the caller was willing to wait. */
export class LeaseBusyError extends Error {
  constructor(readonly key: string) {
    super(`lease ${key} is held by another worker`);
    this.name = 'LeaseBusyError';
  }
}

const DEFAULT_TTL_MS = 60_000;
const DEFAULT_WAIT_MS = 120_000;
const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 500;

const expiry = (ttlMs: number) => sql<Date>`now() + make_interval(secs => ${ttlMs / 1000})`;

/** Takes the lease when it is free or expired; true when this holder now has it. */
async function tryAcquire(db: Db, key: string, holder: string, ttlMs: number): Promise<boolean> {
  const row = await db
    .insertInto('leases')
    .values({ key, holder, expires_at: expiry(ttlMs) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ holder, expires_at: expiry(ttlMs) })
        .where('leases.expires_at', '<', sql<Date>`now()`),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Runs `fn` while holding the lease on `key`, waiting for the current holder first. */
export async function withLease<T>(
  db: Db,
  key: string,
  fn: () => Promise<T>,
  options: LeaseOptions = {},
): Promise<T> {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const deadline = Date.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
  const holder = randomUUID();
  let poll = FIRST_POLL_MS;
  while (!(await tryAcquire(db, key, holder, ttlMs))) {
    if (Date.now() + poll > deadline) throw new LeaseBusyError(key);
    await sleep(poll);
    poll = Math.min(MAX_POLL_MS, poll * 2);
  }
  const renew = setInterval(() => {
    db.updateTable('leases')
      .set({ expires_at: expiry(ttlMs) })
      .where('key', '=', key)
      .where('holder', '=', holder)
      .execute()
      .catch(() => undefined); // a missed renewal only shortens the lease
  }, ttlMs / 3);
  renew.unref();
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await db.deleteFrom('leases').where('key', '=', key).where('holder', '=', holder).execute();
  }
}
