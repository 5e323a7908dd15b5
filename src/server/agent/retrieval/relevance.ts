/**
 * The calibrated relevance score and the answer/escalate decision.
 *
 * Ranking (BM25) orders passages but its raw score means nothing on its own: it grows with the number of query
 * words and depends on the collection. The decision therefore uses scale-free measures of the best passage:
 *   - queryCoverage: the share of the caller's known words (IDF-weighted) the passage matches;
 *   - unknownShare: the share of the question in words the knowledge base has never seen, damped for short
 *     words (recogniser fragments) — a missing topic or noise;
 *   - headingCoverage: the share of the passage's own heading (its question) the caller's words match, the
 *     business's name left out ("Do you have daily housekeeping?" only answers a question about housekeeping);
 *   - margin: how far the best passage is ahead of the runner-up.
 * A logistic model maps them to the probability that the passage answers the question. The coefficients are a
 * maximum-likelihood fit (Newton's method, small L2) on the benchmark's businesses: answerable questions whose
 * best passage is the gold one as positives; other best passages, and the same questions with their answer
 * removed, as negatives. Fitting on one half of the businesses and scoring the other half gave close
 * coefficients and results (docs/decisions/010-retrieval-and-escalation.md); refit with
 * `npx tsx bench/lib/calibrate.ts`. The agent answers when the probability reaches RELEVANCE_THRESHOLD, the
 * point where an answer is more likely right than wrong.
 */

/** The features of a (question, passage) pair the decision uses, all scale-free, in [0, 1]. */
export const FEATURE_NAMES = ['queryCoverage', 'unknownShare', 'headingCoverage', 'margin'] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

export interface RelevanceFeatures {
  /** Share of the question's known words (IDF-weighted) that the passage matches. */
  queryCoverage: number;
  /** Share of the question's weight in words the knowledge base has never seen (noise or a missing topic). */
  unknownShare: number;
  /** Share of the passage heading's words (IDF-weighted, the business's name left out) the caller matched. */
  headingCoverage: number;
  /** (best - second best) / best BM25 score, 1 when there is a single candidate. */
  margin: number;
}

export interface RelevanceModel {
  intercept: number;
  weights: Record<FeatureName, number>;
}

/** Fitted coefficients (see the module comment). */
export const RELEVANCE_MODEL: RelevanceModel = {
  intercept: -1.11,
  weights: {
    queryCoverage: 0.69,
    unknownShare: -1.99,
    headingCoverage: 2.27,
    margin: 0.38,
  },
};

/** Answer at or above this probability; below it, escalate with reason no_answer. */
export const RELEVANCE_THRESHOLD = 0.5;

export function relevanceOf(f: RelevanceFeatures, model: RelevanceModel = RELEVANCE_MODEL): number {
  let z = model.intercept;
  for (const name of FEATURE_NAMES) z += model.weights[name] * f[name];
  return 1 / (1 + Math.exp(-z));
}
