/** Small statistics helpers for the benchmarks. */

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function mean(values: number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * The official SQuAD evaluation's normalisation (evaluate-v2.0.py normalize_answer): lower case, ASCII
 * punctuation removed (not replaced by a space: "don't" -> "dont"), the articles a/an/the dropped, whitespace
 * collapsed.
 */
export function normalizeAnswer(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, '')
      // Python's \b, which counts accented letters as word characters ("María" keeps its "a").
      .replace(/(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu, ' ')
      .split(/\s+/)
      .filter((w) => w !== '')
      .join(' ')
  );
}

/** True when `text` holds one of the answers as whole words, both sides normalised as SQuAD does. */
export function containsAnswer(text: string, answers: readonly string[]): boolean {
  const haystack = ` ${normalizeAnswer(text)} `;
  return answers.some((a) => {
    const needle = normalizeAnswer(a);
    return needle !== '' && haystack.includes(` ${needle} `);
  });
}

/** SQuAD token F1 between a spoken answer and a reference response (the official normalisation). */
export function tokenF1(prediction: string, reference: string): number {
  const tokens = (s: string) =>
    normalizeAnswer(s)
      .split(' ')
      .filter((w) => w !== '');
  const p = tokens(prediction);
  const r = tokens(reference);
  if (p.length === 0 || r.length === 0) return p.length === r.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const w of r) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of p) {
    const c = counts.get(w) ?? 0;
    if (c > 0) {
      common++;
      counts.set(w, c - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / p.length;
  const recall = common / r.length;
  return (2 * precision * recall) / (precision + recall);
}

export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
