/**
 * Letter-level alignment of a written word with a spoken question. Speech recognition splits, joins and pads
 * words ("parke car", "wi fi", "accost"), so a word of a passage heading is looked for in the caller's letters
 * with the spaces removed, allowing a few edits: "park" occurs in "parkecar", "wifi" in "wifithere", "cost" in
 * "accost". Used to judge how much of a heading the caller asked about, never to invent a word: only words
 * the business's own heading contains are looked for.
 */

/** The letters of a text, spaces and everything else removed ("is there wi fi" -> "istherewifi"). */
export function lettersOf(text: string): string {
  return text.replace(/[^a-z0-9]/g, '');
}

/**
 * Smallest edit distance between `word` and any substring of `text` (Sellers' algorithm), giving up past `max`
 * (returns max + 1 then).
 */
export function substringDistance(word: string, text: string, max: number): number {
  if (word.length === 0) return 0;
  if (text.includes(word)) return 0;
  if (max === 0) return 1;
  const m = word.length;
  // column over the word; row 0 of every column is 0 (a match may start anywhere in the text)
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = prev[m]!;
  for (let j = 1; j <= text.length; j++) {
    cur[0] = 0;
    const c = text.charCodeAt(j - 1);
    for (let i = 1; i <= m; i++) {
      const cost = word.charCodeAt(i - 1) === c ? 0 : 1;
      cur[i] = Math.min(prev[i]! + 1, cur[i - 1]! + 1, prev[i - 1]! + cost);
    }
    if (cur[m]! < best) best = cur[m]!;
    if (best === 0) return 0;
    [prev, cur] = [cur, prev];
  }
  return best > max ? max + 1 : best;
}

/** Edits a heading word of this length may be away from the caller's letters and still count. */
export function alignEdits(length: number): number {
  if (length < 5) return 0;
  if (length < 10) return 1;
  return 2;
}

/** Strength of an alignment at edit distance d (1 exact, less per edit). */
export function alignStrength(word: string, letters: string): number {
  if (word.length < 4) return 0;
  const max = alignEdits(word.length);
  const d = substringDistance(word, letters, max);
  if (d > max) return 0;
  return d === 0 ? 1 : d === 1 ? 0.7 : 0.5;
}
