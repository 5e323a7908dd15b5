/**
 * The signed-in user of a session token, kept in memory per instance so that a dashboard request does not read
 * the sessions table every time (issue 26). Revocation stays immediate: every change that can end a session
 * notifies every instance through the database (migration 2026_11_26_130000: a trigger on sessions and users,
 * LISTEN/NOTIFY on PostgreSQL, in process on PGlite), and the instance that made it also forgets at once.
 * While the notifications may be missed (the listening connection dropped), nothing is served from the cache.
 * An entry also lives at most ENTRY_TTL_MS, a bound on any staleness nobody foresaw.
 */
import type { Db } from '../db/database.ts';
import { listenInto, sharedPerDatabase } from './shared-per-database.ts';

export interface CachedSession {
  sessionId: string;
  userId: string;
  email: string;
  name: string | null;
  picture: string | null;
  expiresAt: Date;
}

export const SESSION_CHANNEL = 'session_changed';
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

export class SessionCache {
  readonly #entries = new Map<string, { session: CachedSession; cachedAt: number }>();
  /** Listening and not lost since: only then may an entry be served. */
  #trusted = false;

  /** The session of a token hash, when cached, live and not expired at `now`. */
  get(tokenHash: string, now: Date): CachedSession | null {
    if (!this.#trusted) return null;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return null;
    if (entry.session.expiresAt <= now || performance.now() - entry.cachedAt > ENTRY_TTL_MS) {
      this.#entries.delete(tokenHash);
      return null;
    }
    return entry.session;
  }

  /**
   * Keeps a session read from the database. `readSince` is the generation read before the query: when a
   * notification arrived in between, the row read may already be stale and is not kept.
   */
  set(tokenHash: string, session: CachedSession, readSince: number): void {
    if (!this.#trusted || readSince !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tokenHash, { session, cachedAt: performance.now() });
  }

  #generation = 0;
  /** Changes on every notification: see `set`. */
  get generation(): number {
    return this.#generation;
  }

  /** A notification's payload: a session's token hash, or `user:<id>` for every session of a user. */
  changed(payload: string): void {
    this.#generation++;
    if (payload.startsWith('user:')) this.forgetUser(payload.slice(5));
    else this.#entries.delete(payload);
  }

  forgetUser(userId: string): void {
    this.#generation++;
    for (const [hash, entry] of this.#entries)
      if (entry.session.userId === userId) this.#entries.delete(hash);
  }

  forgetSession(sessionId: string): void {
    this.#generation++;
    for (const [hash, entry] of this.#entries)
      if (entry.session.sessionId === sessionId) this.#entries.delete(hash);
  }

  lost(): void {
    this.#generation++;
    this.#trusted = false;
    this.#entries.clear();
  }

  ready(): void {
    this.#generation++;
    this.#trusted = true;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** One cache per database object, shared by the apps on it (tests run two instances on one). */
const caches = sharedPerDatabase((db) => {
  const cache = new SessionCache();
  const stopListening = listenInto(db, SESSION_CHANNEL, cache);
  return {
    value: cache,
    close: async () => {
      cache.lost();
      await stopListening();
    },
  };
});

/** Starts the cache of `db` (listening to the notifications); the returned function stops this use of it. */
export function startSessionCache(db: Db): { cache: SessionCache; stop: () => Promise<void> } {
  const { value, stop } = caches.start(db);
  return { cache: value, stop };
}

/** The cache of `db` while an app on it runs, else undefined (the table is read every time). */
export function sessionCacheOf(db: Db): SessionCache | undefined {
  return caches.of(db);
}
