/**
 * Sentence vectors of the passages, for search by meaning (agent/retrieval/meaning.ts, ADR 010 twelfth pass).
 *
 * Computing one takes 10-30 ms of CPU, too slow for the upload request (a manual has hundreds of passages), so
 * a background loop (ADR 005) fills in the passages whose vector is still null, a batch at a time. No row is
 * locked while the encoder runs (PGlite has one connection); the write only fills a vector that is still null,
 * so two instances embedding the same batch store the same result once and a deleted passage is skipped.
 * Calls use the vectors present when they start; the agent's index picks up new ones (calls/knowledge-cache.ts).
 */
import type { Db } from '../../db/database.ts';
import { passageSentence, vectorToBytes, type SentenceEncoder } from '../../agent/retrieval/meaning.ts';

/** Passages embedded per batch: about a second of CPU. */
export const VECTOR_BATCH = 32;

/** Embeds up to `limit` passages that have no vector yet; returns how many were stored. */
export async function embedPendingPassages(
  db: Db,
  encoder: SentenceEncoder,
  limit = VECTOR_BATCH,
): Promise<number> {
  const pending = await db
    .selectFrom('passages')
    .select(['id', 'heading', 'text'])
    .where('vector', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (pending.length === 0) return 0;
  const vectors = await encoder.embed(pending.map(passageSentence));
  let stored = 0;
  for (const [i, passage] of pending.entries()) {
    const result = await db
      .updateTable('passages')
      .set({ vector: vectorToBytes(vectors[i]!) })
      .where('id', '=', passage.id)
      .where('vector', 'is', null)
      .executeTakeFirst();
    stored += Number(result.numUpdatedRows);
  }
  return stored;
}

/** After a failure the loop waits this long, doubling on each failure in a row up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 15 * 60_000;

/**
 * The loop's task: embeds batches until none is left. Runs one at a time per instance; a tick that finds the
 * previous one still running does nothing. When the encoder fails (a broken install, no memory) the task rejects
 * once, for the log, and then rests for 30 s, then 1 min, 2 min, … up to 15 min, instead of failing every tick;
 * calls meanwhile answer by words alone.
 */
export function passageVectorTask(
  db: Db,
  encoder: SentenceEncoder,
  now: () => number = Date.now,
): () => Promise<number> {
  let running: Promise<number> | null = null;
  let restUntil = 0;
  let backoff = FIRST_BACKOFF_MS;
  return () => {
    if (now() < restUntil) return Promise.resolve(0);
    running ??= (async () => {
      let total = 0;
      try {
        for (;;) {
          const n = await embedPendingPassages(db, encoder);
          total += n;
          if (n === 0) break;
        }
        backoff = FIRST_BACKOFF_MS;
        return total;
      } catch (error) {
        restUntil = now() + backoff;
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        throw error;
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
