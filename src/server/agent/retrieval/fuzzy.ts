/**
 * Spelling tolerance for speech-recognition noise: a misheard word is matched to a word the knowledge base
 * actually contains when it is one or two edits away ("delver" -> "deliver") or sounds the same
 * ("bagage" -> "baggage", "wif" -> "wifi"). Only words absent from the knowledge base are corrected, and only
 * towards words present in it, so correction cannot invent a topic the documents do not have.
 */

/**
 * English spelling reduced to its sounds, consonants merged where they sound alike (c/k/q, s/z, f/v/ph, the "sh"
 * sounds); `th` is what "th" becomes. Shared by the sound key and the sound string.
 */
function spokenLetters(word: string, th: string): string {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  return w
    .replace(/^kn|^gn|^pn|^wr/, (m) => m[1]!)
    .replace(/^x/, 's')
    .replace(/ph/g, 'f')
    .replace(/gh/g, '')
    .replace(/ck/g, 'k')
    .replace(/sch/g, 'sk')
    .replace(/(sh|ch|tch)/g, 'x')
    .replace(/th/g, th)
    .replace(/dg(?=[eiy])/g, 'j')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/v/g, 'f')
    .replace(/g(?=[eiy])/g, 'j');
}

/** A rough English sound key: consonant skeleton with similar sounds merged (a simplified Metaphone). */
export function phoneticKey(word: string): string {
  const w = spokenLetters(word, '0').replace(/d$/, 't');
  if (w === '') return '';
  const first = /[aeiouy]/.test(w[0]!) ? 'a' : w[0]!;
  const rest = w.slice(1).replace(/[aeiouyhw]/g, '');
  return (first + rest).replace(/(.)\1+/g, '$1');
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), giving up past `max`.
 * Returns max + 1 when the distance exceeds max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
}

/** How many edits a word of this length may be away from a known word and still be taken for it. */
export function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  return 2;
}

/**
 * A word as it sounds, vowels kept as one class: the sound key's consonant merges, "th" heard as "d", every run of
 * vowels one "a". Unlike the sound key it keeps where the vowels are, so it can compare words the recogniser cut in
 * two: "the lover" -> dalafar, like "deliver"; "coul chun" -> kalksan, one sound from "kitchen" (kaksan).
 */
export function soundString(word: string): string {
  return spokenLetters(word, 'd')
    .replace(/(?<=.)[hw]/g, '')
    .replace(/[aeiouy]+/g, 'a')
    .replace(/(.)\1+/g, '$1');
}

/** Shortest sound string compared by `soundsAlike`: shorter ones sound like too many words. */
export const SOUND_MIN = 5;

/**
 * Whether two sound strings (`soundString`) may be one word heard two ways: at least SOUND_MIN sounds each, the
 * same first sound and the same last consonant, and at most one sound apart in between. The edges are what a
 * listener hears best, and what tells "check in" from "checkout" (ksakan / ksakat).
 */
export function soundsAlike(a: string, b: string): boolean {
  if (a.length < SOUND_MIN || b.length < SOUND_MIN || a[0] !== b[0]) return false;
  if (a.replace(/a$/, '').at(-1) !== b.replace(/a$/, '').at(-1)) return false;
  return editDistance(a, b, 1) <= 1;
}
