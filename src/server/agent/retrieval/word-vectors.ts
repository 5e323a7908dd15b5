/**
 * General-English word vectors (GloVe 6B, 100 dimensions, packed to int8 by bench/lib/pack-embeddings.ts) for
 * the relevance features: whether a caller's word the passage does not contain means the same as one it does
 * ("garage" ~ "parking"), and how common a word is in English (rows are in frequency order).
 * Optional: without vectors the engine uses its lexical features only.
 */

export interface WordVectors {
  readonly size: number;
  /** Frequency rank of the word in general English (0 = most frequent), or -1 when it is not in the list. */
  rank(word: string): number;
  /** Cosine similarity of two words, or null when either is missing. */
  similarity(a: string, b: string): number | null;
}

const MAGIC = 'AEMB';

export function wordVectorsFrom(buf: Buffer): WordVectors {
  if (buf.toString('latin1', 0, 4) !== MAGIC || buf.readUInt32LE(4) !== 1)
    throw new Error('not a packed word-vector file');
  const count = buf.readUInt32LE(8);
  const dims = buf.readUInt32LE(12);
  const wordBytes = buf.readUInt32LE(16);
  const words = buf.toString('utf8', 20, 20 + wordBytes).split('\n');
  const start = 20 + wordBytes + ((4 - (wordBytes % 4)) % 4);
  const vectors = new Int8Array(buf.buffer, buf.byteOffset + start, count * dims);
  const index = new Map<string, number>();
  words.forEach((w, i) => index.set(w, i));
  const norms = new Float32Array(count);
  for (let r = 0; r < count; r++) {
    let s = 0;
    for (let k = r * dims, end = k + dims; k < end; k++) s += vectors[k]! * vectors[k]!;
    norms[r] = Math.sqrt(s);
  }
  return {
    size: count,
    rank: (word) => index.get(word) ?? -1,
    similarity(a, b) {
      const i = index.get(a);
      const j = index.get(b);
      if (i === undefined || j === undefined) return null;
      if (i === j) return 1;
      let s = 0;
      for (let k = 0, x = i * dims, y = j * dims; k < dims; k++) s += vectors[x + k]! * vectors[y + k]!;
      const n = norms[i]! * norms[j]!;
      return n > 0 ? s / n : 0;
    },
  };
}

let current: WordVectors | null = null;

/** Installs (or removes, with null) the vectors the relevance features use. */
export function setWordVectors(v: WordVectors | null): void {
  current = v;
}

export function wordVectors(): WordVectors | null {
  return current;
}
