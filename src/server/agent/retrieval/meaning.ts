/**
 * Search by meaning: the fallback for questions put in other words than the documents'.
 *
 * The lexical engine (knowledge-index.ts) finds nothing relevant in "where do I leave my car" for an entry
 * headed "Is there parking?". A sentence encoder, trained on paraphrase and question-answer pairs, places the
 * two close together. It is too coarse to answer from (it rates "parking" and "bike parking" as alike as the
 * words do; ADR 010, sixth and ninth passes), so it is only ever a source of *confirmations*: when the lexical
 * engine would transfer, the passage nearest in meaning is offered as "are you asking …?", and answered only on
 * the caller's yes.
 *
 * Passage vectors are computed at ingestion and stored with the passages; a question is embedded only on the
 * turns that would otherwise transfer.
 */
import type { KnowledgePassage } from './knowledge-index.ts';
import { FILLER_WORDS } from './text.ts';
import { dotScanner } from './dot-scan.ts';
import { inSlices } from '../slices.ts';

/**
 * 'call': a caller is waiting for this one (goes first); 'early': a caller's words while they are still speaking
 * (partial prompts), embedded ahead of the question they are likely to end as; 'background': passages at ingestion.
 */
export type EmbedPriority = 'call' | 'early' | 'background';

/** Turns sentences into unit vectors whose dot product measures closeness of meaning. */
export interface SentenceEncoder {
  /** Which encoder, for the start-up log ("use-lite"). */
  readonly kind: string;
  embed(texts: readonly string[], priority?: EmbedPriority): Promise<Float32Array[]>;
}

/**
 * The offered passage must be at least this close to the question (cosine) and ahead of the next one by
 * MEANING_LEAD: measured on the six benchmark sets (ADR 010, twelfth pass).
 */
export const MEANING_MIN = 0.45;
export const MEANING_LEAD = 0.05;

/**
 * The bar when the nearest passage is also the one the question's words ranked first: two weak signals that agree
 * (ADR 010, thirteenth pass: about half of these offers were confirmed on the benchmark sets).
 */
export const CORROBORATED_MIN = 0.3;

/**
 * Support for a passage the question's words found, when none of them is relevant enough to answer or to ask
 * about: its calibrated relevance plus its cosine to the question. The best supported passage is offered when its
 * support reaches SUPPORT_MIN and leads every other found passage's by SUPPORT_LEAD: the words and the meaning
 * together point at it, where neither alone is clear ("do you know if they offer bagage stare" found dry cleaning
 * first and luggage service second, the encoder put luggage service first by a hair). Measured on the seven
 * benchmark sets (ADR 010, fourteenth pass): 10 more right entries offered for 25 offers refused, about the
 * confirmation rate of the other offers.
 */
export const SUPPORT_MIN = 0.55;
export const SUPPORT_LEAD = 0.1;

/**
 * The passage among `found` (the words' hits, best first) that the words and the meaning support together, when
 * it is clearly the best supported (see SUPPORT_MIN); a passage without a vector yet counts its relevance alone.
 */
export function bestSupported<T extends { passage: KnowledgePassage; relevance: number }>(
  found: readonly T[],
  cosines: readonly (number | null)[],
): T | null {
  let best: T | null = null;
  let bestSupport = -Infinity;
  let nextSupport = -Infinity;
  found.forEach((hit, i) => {
    const support = hit.relevance + (cosines[i] ?? 0);
    if (support > bestSupport) {
      nextSupport = bestSupport;
      bestSupport = support;
      best = hit;
    } else if (support > nextSupport) nextSupport = support;
  });
  if (best === null || bestSupport < SUPPORT_MIN || bestSupport - nextSupport < SUPPORT_LEAD) return null;
  return best;
}

/**
 * How much of a passage's text the encoder reads after its heading (its question). The encoder's time follows the
 * tokens read: 120 characters embed about 1.9 times as many passages a second as 250 did, which brings a new
 * upload's vectors within 10 s per 100 pages on this 2-core machine, at a cost of 6 answers of 496 on the label sets
 * and none on DSTC or SQuAD (ADR 043, addendum 5).
 */
const PASSAGE_CHARS = 120;

/** The sentence embedded for a passage: its heading, then the start of its text. */
export function passageSentence(p: Pick<KnowledgePassage, 'heading' | 'text'>): string {
  const heading = (p.heading ?? '').trim();
  const text = p.text.trim();
  let body = text.slice(0, PASSAGE_CHARS);
  // Cut at the end of a word: a word's first letters are another word, or none, to the encoder.
  if (text.length > PASSAGE_CHARS && /\S/.test(text[PASSAGE_CHARS]!)) {
    const space = body.search(/\s\S*$/);
    if (space > PASSAGE_CHARS / 2) body = body.slice(0, space);
  }
  return heading === '' ? body : `${heading}. ${body}`;
}

/**
 * At most this many of a question's last words are embedded: a caller's question comes last, after the
 * preamble ("we're coming on Saturday with my mother, she uses a wheelchair, is there …"), and the encoder's time
 * grows with length (measured through its thread: about 13 ms up to 8 words, 26 ms at 16, 32 ms at 24). No
 * benchmark set changed with the cap; at 12 words, three lost a question each (ADR 010, thirteenth pass).
 */
const QUESTION_WORDS = 16;

/**
 * The sentence embedded for a caller's question: its last words (QUESTION_WORDS) without the conversational
 * filler ("uh", "great thanks", "do you know"), which carries no meaning and costs time.
 */
export function questionSentence(text: string): string {
  const words = text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  const kept = words.filter((w) => !FILLER_WORDS.has(w));
  return (kept.length > 0 ? kept : words).slice(-QUESTION_WORDS).join(' ');
}

export interface MeaningMatch {
  passage: KnowledgePassage;
  cosine: number;
  /** Cosine of this passage minus that of the next closest one (1 when there is no other). */
  lead: number;
}

/**
 * The second opinion on an answer the words found (every answer, in the turn engine): when the encoder puts another
 * passage first, at least this close to the question, the agent checks with the caller before answering (ADR 010,
 * thirteenth pass; sixth pass of 2026-11-26).
 */
export const SECOND_OPINION_MIN = 0.4;

/**
 * From this many passages the scan runs in WebAssembly (dot-scan.ts): below it the JavaScript loop takes a
 * millisecond or less, not worth a WebAssembly memory of the index's own.
 */
const SIMD_SCAN_FROM = 1_000;

/** What the turn engine needs of a MeaningIndex. */
export interface MeaningSearch {
  readonly size: number;
  /**
   * The passage nearest in meaning, when it is close enough and clearly the nearest. `wordsFound`: the passage the
   * question's words ranked first, which needs only CORROBORATED_MIN to be offered.
   */
  nearest(question: Float32Array, wordsFound?: string): MeaningMatch | null;
  /**
   * The passage the encoder puts first when it is not `passageId` and is at least SECOND_OPINION_MIN close; null
   * when it agrees, has no opinion, or has no vector for `passageId` yet.
   */
  preferredOver(question: Float32Array, passageId: string): MeaningMatch | null;
  /** The cosine of the question to each passage, null for one without a vector yet. */
  cosines(question: Float32Array, passageIds: readonly string[]): (number | null)[];
}

/** A passage and its sentence vector (null while the background loop has not computed it: left out). */
export type MeaningEntry = { passage: KnowledgePassage; vector: Float32Array | null };

function withVectors(entries: readonly MeaningEntry[]) {
  return entries.filter((e): e is { passage: KnowledgePassage; vector: Float32Array } => e.vector !== null);
}

/** The passages of one business with their vectors (unit length). */
export class MeaningIndex implements MeaningSearch {
  private readonly passages: KnowledgePassage[];
  /** The unit vectors one after the other (passage i at i * dim): one scan over contiguous memory. */
  private readonly matrix: Float32Array;
  private readonly dim: number;
  /** The question's dot product with every row, in WebAssembly (a large index); null: scanned in JavaScript. */
  private readonly dots: ((question: Float32Array) => Float32Array) | null;
  /** Each passage's row in `matrix`, by id. */
  private readonly rows: Map<string, number>;

  /** `deferred`: the rows are left to fill (inSlices does, a slice at a time). */
  constructor(entries: readonly MeaningEntry[], deferred = false) {
    const kept = withVectors(entries);
    this.passages = kept.map((e) => e.passage);
    this.dim = kept[0]?.vector.length ?? 0;
    const scanner = kept.length >= SIMD_SCAN_FROM ? dotScanner(kept.length, this.dim) : null;
    this.matrix = scanner?.matrix ?? new Float32Array(kept.length * this.dim);
    this.dots = scanner?.dots ?? null;
    if (!deferred) kept.forEach((e, i) => this.setRow(i, e.vector));
    this.rows = new Map(this.passages.map((p, i) => [p.id, i]));
  }

  /**
   * The same index, its rows written a slice at a time: at 12,000 passages the first write of 24 MB of fresh memory
   * held the server's thread 0.1-0.3 s, and the turns of calls to other businesses with it (ADR 030).
   */
  static async inSlices(entries: readonly MeaningEntry[]): Promise<MeaningIndex> {
    const index = new MeaningIndex(entries, true);
    const kept = withVectors(entries);
    await inSlices(kept.length, (i) => index.setRow(i, kept[i]!.vector));
    return index;
  }

  private setRow(i: number, vector: Float32Array): void {
    this.matrix.set(unit(vector).subarray(0, this.dim), i * this.dim);
  }

  get size(): number {
    return this.passages.length;
  }

  nearest(question: Float32Array, wordsFound?: string): MeaningMatch | null {
    const match = this.closest(question);
    if (!match || match.lead < MEANING_LEAD) return null;
    const min = match.passage.id === wordsFound ? CORROBORATED_MIN : MEANING_MIN;
    return match.cosine >= min ? match : null;
  }

  preferredOver(question: Float32Array, passageId: string): MeaningMatch | null {
    if (!this.rows.has(passageId)) return null;
    const match = this.closest(question);
    if (!match || match.passage.id === passageId || match.cosine < SECOND_OPINION_MIN) return null;
    return match;
  }

  cosines(question: Float32Array, passageIds: readonly string[]): (number | null)[] {
    const q = unit(question);
    return passageIds.map((id) => {
      const row = this.rows.get(id);
      return row === undefined ? null : dot(q, this.matrix.subarray(row * this.dim, (row + 1) * this.dim));
    });
  }

  /**
   * The last question scanned and what it found: one turn asks for its question's closest passage several times
   * (whether to ask by meaning, the second opinion, the choice beside an offer), and at 12,000 passages each scan is
   * a few milliseconds. Keyed by the vector itself: a question's vector is made once and never changed.
   */
  private lastScan: { question: Float32Array; match: MeaningMatch | null } | null = null;

  private closest(question: Float32Array): MeaningMatch | null {
    if (this.lastScan?.question !== question) this.lastScan = { question, match: this.scan(question) };
    return this.lastScan.match;
  }

  private scan(question: Float32Array): MeaningMatch | null {
    const q = unit(question);
    return this.best(this.dots ? this.dots(q) : this.dotsInJavaScript(q));
  }

  /** The question's dot product with every row, for an index too small to be worth WebAssembly's memory. */
  private dotsInJavaScript(q: Float32Array): Float64Array {
    const { matrix, dim } = this;
    const n = Math.min(dim, q.length);
    const n4 = n - (n % 4);
    const out = new Float64Array(this.passages.length);
    for (let i = 0, at = 0; i < this.passages.length; i++, at += dim) {
      // Four running sums: about a third faster than one on 12,000 passages.
      let c0 = 0;
      let c1 = 0;
      let c2 = 0;
      let c3 = 0;
      let k = 0;
      for (; k < n4; k += 4) {
        c0 += q[k]! * matrix[at + k]!;
        c1 += q[k + 1]! * matrix[at + k + 1]!;
        c2 += q[k + 2]! * matrix[at + k + 2]!;
        c3 += q[k + 3]! * matrix[at + k + 3]!;
      }
      for (; k < n; k++) c0 += q[k]! * matrix[at + k]!;
      out[i] = c0 + c1 + c2 + c3;
    }
    return out;
  }

  /** The passage of the highest cosine among `cosines` (one a passage), and its lead over the next. */
  private best(cosines: Float32Array | Float64Array): MeaningMatch | null {
    let best = -1;
    let bestCos = -Infinity;
    let secondCos = -Infinity;
    for (let i = 0; i < cosines.length; i++) {
      const cos = cosines[i]!;
      if (cos > bestCos) {
        secondCos = bestCos;
        bestCos = cos;
        best = i;
      } else if (cos > secondCos) secondCos = cos;
    }
    if (best < 0) return null;
    const lead = secondCos === -Infinity ? 1 : bestCos - secondCos;
    return { passage: this.passages[best]!, cosine: bestCos, lead };
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += a[i]! * b[i]!;
  return s;
}

function unit(v: Float32Array): Float32Array {
  const norm = Math.sqrt(dot(v, v));
  if (norm === 0 || Math.abs(norm - 1) < 1e-6) return v;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}

/** A vector stored as bytes (little-endian float32) and back, for the passages table. */
export function vectorToBytes(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

export function vectorFromBytes(bytes: Uint8Array | null | undefined): Float32Array | null {
  if (!bytes || bytes.byteLength === 0 || bytes.byteLength % 4 !== 0) return null;
  const copy = new Uint8Array(bytes); // aligned copy
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}
