/**
 * One in-memory cache per database object, shared by the apps running on it (tests run two instances on one) and
 * kept current by the database's notifications. The session cache and the account cache are both made this way.
 */
import type { Db } from '../db/database.ts';
import { listen } from '../db/database.ts';

/** What a notified cache does with its channel: a payload, the connection lost (distrust), listening again. */
export interface NotifiedCache {
  changed(payload: string): void;
  lost(): void;
  ready(): void;
}

/**
 * `cache` listening to `channel` of `db`; the returned function stops listening. While the database refuses to
 * listen, the cache stays untrusted, so every request reads the tables.
 */
export function listenInto(db: Db, channel: string, cache: NotifiedCache): () => Promise<void> {
  const stop = listen(db, channel, {
    message: (payload) => cache.changed(payload),
    lost: () => cache.lost(),
    ready: () => cache.ready(),
  });
  stop.catch(() => cache.lost());
  return async () => (await stop.catch(() => async () => {}))();
}

/**
 * A registry of one value per database: `start` opens it for the first app on a database and closes it when the
 * last one stops; `of` is the value while an app on it runs.
 */
export function sharedPerDatabase<T>(open: (db: Db) => { value: T; close: () => Promise<void> }) {
  const held = new WeakMap<Db, { value: T; users: number; close: () => Promise<void> }>();
  return {
    start(db: Db): { value: T; stop: () => Promise<void> } {
      let h = held.get(db);
      if (!h) {
        h = { ...open(db), users: 0 };
        held.set(db, h);
      }
      h.users++;
      const entry = h;
      let stopped = false;
      return {
        value: entry.value,
        stop: async () => {
          if (stopped) return;
          stopped = true;
          if (--entry.users > 0) return;
          held.delete(db);
          await entry.close();
        },
      };
    },
    of(db: Db): T | undefined {
      return held.get(db)?.value;
    },
  };
}
