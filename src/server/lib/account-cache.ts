/**
 * What an account's dashboard reads over and over (its subscription status), kept in memory per instance so that a
 * poll does not query the database each time (issue 26, ADR 043 addendum). Correct as long as every change to what
 * a value was computed from forgets it:
 * - a change by any instance: triggers on subscriptions, minute_ledger and agent_configs notify `account_changed`
 *   with the user's id (migration 2026_11_30_200000; LISTEN/NOTIFY on PostgreSQL, in process on PGlite);
 * - a change by this instance: forgotten as soon as the writing connection is released, after its commit
 *   (db/write-watch.ts), so a client that saved something never reads the copy from before, even when the
 *   notification is still on its way;
 * - the passing of time: each value says from when to when it holds (a live subscription ends at its period end);
 * - a notification missed (the listening connection dropped): nothing is served until listening again.
 * An entry also lives at most ENTRY_TTL_MS, a bound on any staleness nobody foresaw.
 */
import type { Db } from '../db/database.ts';
import { onOwnWrites } from '../db/database.ts';
import { listenInto, sharedPerDatabase } from './shared-per-database.ts';

export const ACCOUNT_CHANNEL = 'account_changed';
/** Tables the cached values are computed from; a write to any of them by this instance forgets every entry. */
export const ACCOUNT_TABLES = ['subscriptions', 'minute_ledger', 'agent_configs', 'users'] as const;
const ENTRY_TTL_MS = 60_000;
const MAX_ACCOUNTS = 20_000;

interface Entry {
  value: unknown;
  validFrom: number;
  validUntil: number;
  cachedAt: number;
}

export interface Validity {
  /** The business time the value was computed at: not served for an earlier time (a clock set back). */
  from: Date;
  /** The first business time at which the value may be different without any write (a period's end). */
  until: Date;
}

export class AccountCache {
  /** user id -> kind of value -> entry */
  readonly #accounts = new Map<string, Map<string, Entry>>();
  #trusted = false;
  #generation = 0;

  /** Changes on every notification and write: a value read before it changed is not kept. */
  get generation(): number {
    return this.#generation;
  }

  get<T>(userId: string, kind: string, now: Date): T | undefined {
    if (!this.#trusted) return undefined;
    const entry = this.#accounts.get(userId)?.get(kind);
    if (!entry) return undefined;
    const at = now.getTime();
    if (at < entry.validFrom || at >= entry.validUntil || performance.now() - entry.cachedAt > ENTRY_TTL_MS) {
      this.#accounts.get(userId)?.delete(kind);
      return undefined;
    }
    return entry.value as T;
  }

  /** Keeps a value read when the generation was `readSince`; not when anything changed since. */
  set(userId: string, kind: string, value: unknown, validity: Validity, readSince: number): void {
    if (!this.#trusted || readSince !== this.#generation) return;
    let kinds = this.#accounts.get(userId);
    if (!kinds) {
      if (this.#accounts.size >= MAX_ACCOUNTS) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = this.#accounts.keys().next().value;
        if (oldest !== undefined) this.#accounts.delete(oldest);
      }
      kinds = new Map();
      this.#accounts.set(userId, kinds);
    }
    kinds.set(kind, {
      value,
      validFrom: validity.from.getTime(),
      validUntil: validity.until.getTime(),
      cachedAt: performance.now(),
    });
  }

  /** A notification: the payload is a user's id. */
  changed(userId: string): void {
    this.#generation++;
    this.#accounts.delete(userId);
  }

  /** This instance wrote to the tables values come from, for accounts it does not say: forget them all. */
  forgetAll(): void {
    this.#generation++;
    this.#accounts.clear();
  }

  lost(): void {
    this.#trusted = false;
    this.forgetAll();
  }

  ready(): void {
    this.#generation++;
    this.#trusted = true;
  }

  get size(): number {
    return this.#accounts.size;
  }
}

/** One cache per database object, shared by the apps on it (tests run two instances on one). */
const caches = sharedPerDatabase((db) => {
  const cache = new AccountCache();
  const watched = new Set<string>(ACCOUNT_TABLES);
  const stopWatching = onOwnWrites(db, (tables) => {
    for (const table of tables)
      if (watched.has(table)) {
        cache.forgetAll();
        return;
      }
  });
  const stopListening = listenInto(db, ACCOUNT_CHANNEL, cache);
  return {
    value: cache,
    close: async () => {
      stopWatching();
      cache.lost();
      await stopListening();
    },
  };
});

/** Starts the cache of `db` (listening to notifications and to this instance's writes); returns its stop. */
export function startAccountCache(db: Db): { cache: AccountCache; stop: () => Promise<void> } {
  const { value, stop } = caches.start(db);
  return { cache: value, stop };
}

/** The cache of `db` while an app on it runs, else undefined (read the database every time). */
export function accountCacheOf(db: Db): AccountCache | undefined {
  return caches.of(db);
}
