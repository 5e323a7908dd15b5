/**
 * Sentence vectors of the passages, for search by meaning (agent/retrieval/meaning.ts, ADR 010 twelfth pass).
 *
 * Computing one takes 10-30 ms of CPU, too slow for the upload request (a manual has hundreds of passages), so
 * a background loop (ADR 005) fills in the passages whose vector is still null, a batch at a time. No row is
 * locked while the encoder runs (PGlite has one connection); the write only fills a vector that is still null,
 * so two instances embedding the same batch store the same result once and a deleted passage is skipped.
 * Calls use the vectors present when they start; the agent's index picks up new ones (calls/knowledge-cache.ts).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { passageSentence, vectorToBytes, type SentenceEncoder } from '../../agent/retrieval/meaning.ts';

/**
 * Passages taken per batch: 1-3 s of CPU when none is cached, sent to the encoder in small chunks that its
 * threads share (use-encoder.ts); large enough that a thread rarely waits for the batch's last chunk.
 */
export const VECTOR_BATCH = 64;

/** The cache key of a sentence (ADR 043): the encoder's name and the exact text embedded. */
export function sentenceHash(encoderKind: string, sentence: string): string {
  return createHash('sha256').update(encoderKind).update('\0').update(sentence).digest('hex');
}

/**
 * Embeds up to `limit` passages that have no vector yet; returns how many were stored. A sentence embedded before
 * (by any account) takes its vector from `passage_vector_cache`; only the others go to the encoder, once per
 * distinct sentence, and are added to the cache.
 */
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
  const sentences = pending.map(passageSentence);
  const hashes = sentences.map((sentence) => sentenceHash(encoder.kind, sentence));
  const vectors = new Map<string, Buffer>();
  const cached = await db
    .selectFrom('passage_vector_cache')
    .select(['text_hash', 'vector'])
    .where('text_hash', 'in', [...new Set(hashes)])
    .execute();
  for (const row of cached) vectors.set(row.text_hash, Buffer.from(row.vector));

  const missing = new Map<string, string>();
  hashes.forEach((hash, i) => {
    if (!vectors.has(hash) && !missing.has(hash)) missing.set(hash, sentences[i]!);
  });
  if (missing.size > 0) {
    const fresh = await encoder.embed([...missing.values()]);
    const rows = [...missing.keys()].map((hash, i) => ({
      text_hash: hash,
      vector: vectorToBytes(fresh[i]!),
    }));
    for (const row of rows) vectors.set(row.text_hash, row.vector);
    await db
      .insertInto('passage_vector_cache')
      .values(rows)
      .onConflict((oc) => oc.column('text_hash').doNothing())
      .execute();
  }

  // One statement for the batch; it only fills a vector that is still null (a deleted passage is skipped).
  const values = pending.map((passage, i) => sql`(${passage.id}::uuid, ${vectors.get(hashes[i]!)!}::bytea)`);
  const result = await sql`
    update passages as p set vector = v.vector
    from (values ${sql.join(values)}) as v(id, vector)
    where p.id = v.id and p.vector is null`.execute(db);
  return Number(result.numAffectedRows ?? 0);
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
