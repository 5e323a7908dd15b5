/**
 * The Porter stemmer (M.F. Porter, 1980), the classic English suffix stripper: "parking", "parked" -> "park".
 * Written out here (about 150 lines) rather than pulled in as a dependency; results are memoised because
 * a knowledge base repeats the same few thousand words.
 */

const cache = new Map<string, string>();
const CACHE_LIMIT = 200_000;

export function stem(word: string): string {
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  const result = word.length <= 2 ? word : porter(word);
  if (cache.size < CACHE_LIMIT) cache.set(word, result);
  return result;
}

function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
}

/** m() in Porter's paper: the number of VC sequences in w[0..end). */
function measure(w: string, end: number): number {
  let n = 0;
  let i = 0;
  while (i < end && isConsonant(w, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(w, i)) i++;
    if (i >= end) break;
    n++;
    while (i < end && isConsonant(w, i)) i++;
  }
  return n;
}

function hasVowel(w: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (!isConsonant(w, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
}

/** *o: stem ends cvc, where the second c is not w, x or y. */
function endsCvc(w: string, end: number): boolean {
  if (end < 3) return false;
  const c = w[end - 1];
  return (
    isConsonant(w, end - 3) &&
    !isConsonant(w, end - 2) &&
    isConsonant(w, end - 1) &&
    c !== 'w' &&
    c !== 'x' &&
    c !== 'y'
  );
}

function replaceIf(w: string, suffix: string, replacement: string, minMeasure: number): string | null {
  if (!w.endsWith(suffix)) return null;
  const base = w.length - suffix.length;
  if (measure(w, base) > minMeasure) return w.slice(0, base) + replacement;
  return w;
}

const STEP2: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3: [string, string][] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

function porter(input: string): string {
  let w = input;
  if (!/^[a-z]+$/.test(w)) return w;

  // Step 1a
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (w.endsWith('ss')) {
    /* keep */
  } else if (w.endsWith('s')) w = w.slice(0, -1);

  // Step 1b
  let step1bExtra = false;
  if (w.endsWith('eed')) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
  } else if (w.endsWith('ed') && hasVowel(w, w.length - 2)) {
    w = w.slice(0, -2);
    step1bExtra = true;
  } else if (w.endsWith('ing') && hasVowel(w, w.length - 3)) {
    w = w.slice(0, -3);
    step1bExtra = true;
  }
  if (step1bExtra) {
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (endsDoubleConsonant(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
    else if (measure(w, w.length) === 1 && endsCvc(w, w.length)) w += 'e';
  }

  // Step 1c
  if (w.endsWith('y') && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + 'i';

  // Step 2
  for (const [suffix, rep] of STEP2) {
    if (w.endsWith(suffix)) {
      w = replaceIf(w, suffix, rep, 0) ?? w;
      break;
    }
  }
  // Step 3
  for (const [suffix, rep] of STEP3) {
    if (w.endsWith(suffix)) {
      w = replaceIf(w, suffix, rep, 0) ?? w;
      break;
    }
  }
  // Step 4
  for (const suffix of STEP4) {
    if (w.endsWith(suffix)) {
      const base = w.length - suffix.length;
      if (measure(w, base) > 1) {
        if (suffix !== 'ion' || /[st]$/.test(w.slice(0, base))) w = w.slice(0, base);
      }
      break;
    }
  }
  // Step 5a
  if (w.endsWith('e')) {
    const m = measure(w, w.length - 1);
    if (m > 1 || (m === 1 && !endsCvc(w, w.length - 1))) w = w.slice(0, -1);
  }
  // Step 5b
  if (measure(w, w.length) > 1 && endsDoubleConsonant(w) && w.endsWith('l')) w = w.slice(0, -1);
  return w;
}
