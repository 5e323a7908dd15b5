/**
 * Sentence vectors for the benchmarks, from the encoder the product ships (retrieval/use-encoder.ts). Passage
 * vectors are what ingestion stores; computing them takes about 15 ms a passage, so they are cached on disk by
 * sentence (data/bench-cache/, git-ignored) and a second run starts at once. A question's vector is computed
 * afresh and timed: the benchmark adds that time to the turns that need it, as a call would spend it.
 * BENCH_MEANING=0 runs the benchmarks without search by meaning, for comparison.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { MeaningIndex, passageSentence, questionSentence } from '#server/agent/retrieval/meaning.ts';
import { universalSentenceEncoder } from '#server/agent/retrieval/use-encoder.ts';

export const MEANING_ON = process.env.BENCH_MEANING !== '0';

const DIMENSIONS = 512;
const HASH_BYTES = 20;
const here = path.dirname(fileURLToPath(import.meta.url));
const CACHE_FILE = path.join(here, '..', '..', 'data', 'bench-cache', 'use-lite-vectors.bin');

const cache = new Map<string, Float32Array>();
let loaded = false;

const keyOf = (sentence: string) => createHash('sha1').update(sentence).digest();

function load(): void {
  if (loaded) return;
  loaded = true;
  if (!existsSync(CACHE_FILE)) return;
  const bytes = readFileSync(CACHE_FILE);
  const record = HASH_BYTES + DIMENSIONS * 4;
  for (let at = 0; at + record <= bytes.length; at += record) {
    const key = bytes.subarray(at, at + HASH_BYTES).toString('hex');
    const vector = new Float32Array(DIMENSIONS);
    new Uint8Array(vector.buffer).set(bytes.subarray(at + HASH_BYTES, at + record));
    cache.set(key, vector);
  }
}

/** Vectors of the passages' sentences, computing (and caching) the ones not seen before. */
export async function passageVectors(passages: readonly KnowledgePassage[]): Promise<Float32Array[]> {
  load();
  const sentences = passages.map(passageSentence);
  const missing = [...new Set(sentences.filter((s) => !cache.has(keyOf(s).toString('hex'))))];
  if (missing.length > 0) {
    mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
    const vectors = await universalSentenceEncoder.embed(missing);
    const chunks: Buffer[] = [];
    missing.forEach((s, i) => {
      const key = keyOf(s);
      const v = vectors[i]!;
      cache.set(key.toString('hex'), v);
      chunks.push(key, Buffer.from(v.buffer, v.byteOffset, v.byteLength));
    });
    appendFileSync(CACHE_FILE, Buffer.concat(chunks));
  }
  return sentences.map((s) => cache.get(keyOf(s).toString('hex'))!);
}

/** The business's meaning index, or null when the benchmark runs without it. */
export async function meaningIndexOf(passages: readonly KnowledgePassage[]): Promise<MeaningIndex | null> {
  if (!MEANING_ON) return null;
  const vectors = await passageVectors(passages);
  return new MeaningIndex(passages.map((passage, i) => ({ passage, vector: vectors[i]! })));
}

export interface QuestionVector {
  vector: Float32Array;
  /** What embedding the question took, added to the turns that use it. */
  ms: number;
}

/** A question's vector, timed (one sentence, as on a call). */
export async function questionVector(question: string): Promise<QuestionVector | null> {
  if (!MEANING_ON) return null;
  const t = performance.now();
  const [vector] = await universalSentenceEncoder.embed([questionSentence(question)], 'call');
  return { vector: vector!, ms: performance.now() - t };
}
