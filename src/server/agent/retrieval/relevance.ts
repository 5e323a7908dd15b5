/**
 * The calibrated relevance score and the answer/escalate decision.
 *
 * Ranking (BM25) orders passages but its raw score means nothing on its own: it grows with the number of query
 * words and depends on the collection. The decision therefore uses scale-free measures of the best passage
 * (RelevanceFeatures). The shipped model uses two (MODEL_FEATURES):
 *   - unknownShare: the share of the question in words the knowledge base has never seen, damped for short
 *     words (recogniser fragments) — a missing topic or noise;
 *   - headingAlign: the share of the passage's own heading (its question) the caller asked about, the
 *     business's name left out ("Do you have daily housekeeping?" only answers a question about housekeeping),
 *     its words matched through the caller's words or found letter by letter in them ("parke car" -> park).
 * The others are computed for the calibration script, which measures whether they add anything (so far they
 * have not on both halves). A logistic model maps the features to the probability that the passage answers the
 * question. The coefficients are a maximum-likelihood fit (Newton's method, small L2) on the benchmark's
 * businesses: answerable questions whose best passage is the gold one as positives; other best passages, and the
 * same questions with their answer removed, as negatives. Fits on either half of the businesses agree in sign
 * and roughly in size and improve the held-out AUC on both halves (docs/decisions/010-retrieval-and-escalation.md);
 * refit with `npx tsx bench/lib/calibrate.ts`. The agent answers when the probability reaches
 * RELEVANCE_THRESHOLD, the point where an answer is more likely right than wrong.
 */

/** The features of a (question, passage) pair the decision uses, all scale-free, in [0, 1]. */
export const FEATURE_NAMES = [
  'queryCoverage',
  'unknownShare',
  'headingCoverage',
  'headingAlign',
  'margin',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

/** The features the shipped model weighs (the others have weight 0). */
export const MODEL_FEATURES: readonly FeatureName[] = ['unknownShare', 'headingAlign'];

export interface RelevanceFeatures {
  /** Share of the question's known words (IDF-weighted) that the passage matches. */
  queryCoverage: number;
  /** Share of the question's weight in words the knowledge base has never seen (noise or a missing topic). */
  unknownShare: number;
  /** Share of the passage heading's words (IDF-weighted, the business's name left out) the caller matched. */
  headingCoverage: number;
  /**
   * headingCoverage with each heading word (or a synonym) also looked for letter by letter in the caller's words,
   * spaces removed and a few edits allowed: "parke car" holds park, "wi fi" wifi, "accost" cost.
   */
  headingAlign: number;
  /**
   * (best - runner-up) / best BM25 score, the runner-up being the best passage that is not a near-duplicate of the
   * best one (headings sharing most words); 1 when there is no other candidate.
   */
  margin: number;
}

export interface RelevanceModel {
  intercept: number;
  weights: Record<FeatureName, number>;
}

/** Fitted coefficients (see the module comment). */
export const RELEVANCE_MODEL: RelevanceModel = {
  intercept: -0.72,
  weights: {
    queryCoverage: 0,
    unknownShare: -2.22,
    headingCoverage: 0,
    headingAlign: 3.46,
    margin: 0,
  },
};

/**
 * The model for passages whose heading is a topic label ("Service Area", "Hours") or that have no heading.
 * Callers do not repeat a label ("do you come out to Berkeley" is about "Service Area" because its text lists
 * Berkeley), so for these passages `headingAlign` is the larger of the heading's share and the share of the
 * caller's known words the passage matches (`queryCoverage`), and the weights differ: a label is short and
 * easily covered, and the text's match counts. Fitted the same way on the topic-label benchmark
 * (`npm run bench:labels`, `npx tsx bench/lib/calibrate-labels.ts`; ADR 010, seventh pass).
 */
export const LABEL_RELEVANCE_MODEL: RelevanceModel = {
  intercept: -0.29,
  weights: {
    queryCoverage: 0,
    unknownShare: -3.06,
    headingCoverage: 0,
    headingAlign: 1.34,
    margin: 0,
  },
};

/** Answer at or above this probability; below it, escalate with reason no_answer. */
export const RELEVANCE_THRESHOLD = 0.5;

/** A topic-label passage's features as LABEL_RELEVANCE_MODEL reads them: its text covers the question too. */
export function labelFeatures(f: RelevanceFeatures): RelevanceFeatures {
  return { ...f, headingAlign: Math.max(f.headingAlign, f.queryCoverage) };
}

/**
 * Relevance of a topic-label passage: it answers when its heading does (as an FAQ question would, by
 * RELEVANCE_MODEL) or when its text does (LABEL_RELEVANCE_MODEL), whichever is surer.
 */
export function labelRelevanceOf(
  f: RelevanceFeatures,
  model: RelevanceModel = RELEVANCE_MODEL,
  labelModel: RelevanceModel = LABEL_RELEVANCE_MODEL,
): number {
  return Math.max(relevanceOf(f, model), relevanceOf(labelFeatures(f), labelModel));
}

export function relevanceOf(f: RelevanceFeatures, model: RelevanceModel = RELEVANCE_MODEL): number {
  let z = model.intercept;
  for (const name of FEATURE_NAMES) z += model.weights[name] * f[name];
  return 1 / (1 + Math.exp(-z));
}
