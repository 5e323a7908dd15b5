/**
 * Porter2 (the English Snowball stemmer, M.F. Porter 2001), from wink-porter2-stemmer: "parking", "parked" ->
 * "park". Results are memoised because a knowledge base repeats the same few thousand words.
 */
import porter2 from 'wink-porter2-stemmer';

const cache = new Map<string, string>();
const CACHE_LIMIT = 200_000;

export function stem(word: string): string {
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  const result = word.length <= 2 ? word : porter2(word);
  if (cache.size < CACHE_LIMIT) cache.set(word, result);
  return result;
}
