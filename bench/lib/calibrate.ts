/**
 * Fits the relevance model (src/server/agent/retrieval/relevance.ts) and shows how it does on a held-out half.
 *
 *   npx tsx bench/lib/calibrate.ts            (BENCH_VERBOSE=1 prints every example; BENCH_FEATURES=a,b fits a subset)
 *   BENCH_SUBSETS="a,b;a,b,c" npx tsx bench/lib/calibrate.ts   (one line per subset: held-out figures, both halves)
 *   BENCH_L2=5 ...                                              (L2 penalty of the fit, default 1)
 *
 * Examples: for each knowledge-seeking turn, the best passage for the question on the business's full documents
 * (positive when it is the gold passage, negative when it is another one) and on the documents without the gold
 * entry (always negative). Logistic regression by Newton's method with a small L2 penalty, fitted on split A and
 * evaluated on split B, then the other way round, then on everything (the coefficients to ship).
 */
import { writeFileSync } from 'node:fs';
import { extractDocument } from '#server/features/knowledge/extract.ts';
import { splitIntoPassages } from '#server/agent/passages.ts';
import { buildKnowledgeIndex, type KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import {
  FEATURE_NAMES,
  MODEL_FEATURES,
  RELEVANCE_MODEL,
  RELEVANCE_THRESHOLD,
  relevanceOf,
  type FeatureName,
  type RelevanceFeatures,
  type RelevanceModel,
} from '#server/agent/retrieval/relevance.ts';
import { faqText, loadEvalData, splitOf, type Business, type FaqEntry } from './dstc.ts';

interface Example {
  split: 'A' | 'B';
  variant: 'answerable' | 'unanswerable';
  features: RelevanceFeatures;
  label: 0 | 1;
  question: string;
  top: string;
  gold: string;
}

/** The features fitted (BENCH_FEATURES=a,b,c to try others; the rest get weight 0). */
const FEATURES: readonly FeatureName[] = process.env.BENCH_FEATURES
  ? (process.env.BENCH_FEATURES.split(',') as FeatureName[])
  : MODEL_FEATURES;

/** L2 penalty of the fit (BENCH_L2 overrides). */
const L2 = Number(process.env.BENCH_L2 ?? 1);

const NO_HIT: RelevanceFeatures = Object.fromEntries(
  FEATURE_NAMES.map((k) => [k, k === 'unknownShare' ? 1 : 0]),
) as unknown as RelevanceFeatures;

async function ingest(b: Business, without: string | null): Promise<KnowledgePassage[]> {
  const uploads: { name: string; entries: FaqEntry[] }[] = [
    { name: `${b.name} FAQ.txt`, entries: b.entries.filter((e) => e.docId !== without) },
  ];
  if (b.domainEntries.length > 0)
    uploads.push({ name: `${b.domain} general FAQ.txt`, entries: b.domainEntries });
  const out: KnowledgePassage[] = [];
  for (const u of uploads) {
    const { pages } = await extractDocument({
      filename: u.name,
      data: Buffer.from(faqText(u.entries), 'utf8'),
    });
    for (const d of splitIntoPassages(pages))
      out.push({
        id: `${u.name}#${d.ord}`,
        documentName: u.name,
        heading: d.heading,
        page: d.page,
        text: d.text,
      });
  }
  return out;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export async function collectExamples(): Promise<Example[]> {
  const data = loadEvalData();
  const examples: Example[] = [];
  for (const turn of data.turns) {
    const b = data.businesses.get(turn.businessKey)!;
    for (const variant of ['answerable', 'unanswerable'] as const) {
      const passages = await ingest(b, variant === 'answerable' ? null : turn.goldDocId);
      const result = buildKnowledgeIndex(passages, { companyName: b.name }).search(turn.question);
      const top = result.hits[0];
      const isGold =
        top !== undefined &&
        top.passage.documentName === `${b.name} FAQ.txt` &&
        norm(top.passage.heading ?? '') === norm(turn.goldTitle);
      examples.push({
        split: splitOf(b.key),
        variant,
        features: top?.features ?? NO_HIT,
        label: variant === 'answerable' && isGold ? 1 : 0,
        question: turn.question,
        top: top?.passage.heading ?? '(none)',
        gold: turn.goldTitle,
      });
    }
  }
  return examples;
}

function vector(f: RelevanceFeatures, features: readonly FeatureName[]): number[] {
  return [1, ...features.map((k) => f[k])];
}

/** Logistic regression, Newton-Raphson with L2 (not on the intercept). */
export function fit(
  examples: Example[],
  l2 = L2,
  features: readonly FeatureName[] = FEATURES,
): RelevanceModel {
  const w = fitLogistic(
    examples.map((e) => ({ x: vector(e.features, features), label: e.label })),
    l2,
    50,
  );
  const weights = Object.fromEntries(FEATURE_NAMES.map((k) => [k, 0])) as Record<FeatureName, number>;
  features.forEach((k, i) => (weights[k] = w[i + 1]!));
  return { intercept: w[0]!, weights };
}

/**
 * The logistic fits' one loop: Newton-Raphson (IRLS) with L2 on every weight but the intercept, until a step moves
 * no weight by 1e-8 or after `maxIterations`. Each `x` starts with the intercept's 1; returns the weights in its order.
 */
export function fitLogistic(
  rows: readonly { x: readonly number[]; label: number }[],
  l2: number,
  maxIterations: number,
): number[] {
  const dim = rows[0]!.x.length;
  let w = new Array<number>(dim).fill(0);
  for (let iter = 0; iter < maxIterations; iter++) {
    const grad = new Array<number>(dim).fill(0);
    const hess = Array.from({ length: dim }, () => new Array<number>(dim).fill(0));
    for (const { x, label } of rows) {
      const p = 1 / (1 + Math.exp(-x.reduce((s, xi, i) => s + xi * w[i]!, 0)));
      for (let i = 0; i < dim; i++) {
        grad[i]! += (p - label) * x[i]!;
        for (let j = 0; j < dim; j++) hess[i]![j]! += p * (1 - p) * x[i]! * x[j]!;
      }
    }
    for (let i = 1; i < dim; i++) {
      grad[i]! += l2 * w[i]!;
      hess[i]![i]! += l2;
    }
    const step = solve(hess, grad);
    w = w.map((wi, i) => wi - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return w;
}

/** Gauss-Jordan elimination with partial pivoting: the Newton step of the logistic fits. */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Area under the ROC curve of the relevance score: right best passages vs everything that should escalate. */
export function auc(examples: Example[], model: RelevanceModel): number {
  const pos = examples.filter((e) => e.label === 1).map((e) => relevanceOf(e.features, model));
  const neg = examples.filter((e) => e.label === 0).map((e) => relevanceOf(e.features, model));
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return Math.round((1000 * wins) / Math.max(1, pos.length * neg.length)) / 1000;
}

export function evaluate(examples: Example[], model: RelevanceModel, threshold = RELEVANCE_THRESHOLD) {
  const ans = examples.filter((e) => e.variant === 'answerable');
  const un = examples.filter((e) => e.variant === 'unanswerable');
  const answers = (e: Example) => relevanceOf(e.features, model) >= threshold;
  const r = (n: number, d: number) => Math.round((1000 * n) / Math.max(1, d)) / 10;
  return {
    rankAt1: r(ans.filter((e) => e.label === 1).length, ans.length),
    answerable: r(ans.filter((e) => e.label === 1 && answers(e)).length, ans.length),
    escalation: r(un.filter((e) => !answers(e)).length, un.length),
    wrong: r(ans.filter((e) => e.label === 0 && answers(e)).length, ans.length),
    auc: auc(examples, model),
  };
}

/** BENCH_SUBSETS="a,b;c,d": one line per feature subset, held-out figures on both halves. */
function compareSubsets(examples: Example[], spec: string) {
  const a = examples.filter((e) => e.split === 'A');
  const b = examples.filter((e) => e.split === 'B');
  const short = (e: ReturnType<typeof evaluate>) => `${e.answerable}/${e.escalation}/${e.wrong} auc ${e.auc}`;
  for (const subset of spec.split(';')) {
    const features = subset.split(',') as FeatureName[];
    const onA = fit(a, L2, features);
    const onB = fit(b, L2, features);
    const all = fit(examples, L2, features);
    const w = (m: RelevanceModel) => features.map((k) => m.weights[k].toFixed(2)).join(' ');
    console.log(
      `${subset.padEnd(50)} A->B ${short(evaluate(b, onA))} | B->A ${short(evaluate(a, onB))} | all ${short(evaluate(examples, all))} | wA ${w(onA)} | wB ${w(onB)}`,
    );
  }
}

async function main() {
  const examples = await collectExamples();
  if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, JSON.stringify(examples));
  if (process.env.BENCH_SUBSETS) return compareSubsets(examples, process.env.BENCH_SUBSETS);
  const fmt = (m: RelevanceModel) => ({
    intercept: Math.round(m.intercept * 100) / 100,
    ...Object.fromEntries(FEATURES.map((k) => [k, Math.round(m.weights[k] * 100) / 100])),
  });
  const a = examples.filter((e) => e.split === 'A');
  const b = examples.filter((e) => e.split === 'B');
  const onA = fit(a);
  const onB = fit(b);
  const all = fit(examples);
  if (process.env.BENCH_VERBOSE === '1') {
    // p from the fit on all businesses (with BENCH_FEATURES, the features being tried)
    for (const e of examples) {
      const f = e.features;
      console.log(
        `${e.variant.padEnd(12)} ${e.label} ${FEATURES.map((k) => `${k.slice(0, 8)}=${f[k].toFixed(2)}`).join(' ')} p=${relevanceOf(f, all).toFixed(2)} | ${e.question} | top: ${e.top} | gold: ${e.gold}`,
      );
    }
  }
  console.log('shipped model, all         ', JSON.stringify(evaluate(examples, RELEVANCE_MODEL)));
  console.log('fit on A', fmt(onA));
  console.log('  evaluated on A (train)   ', JSON.stringify(evaluate(a, onA)));
  console.log('  evaluated on B (held out)', JSON.stringify(evaluate(b, onA)));
  console.log('fit on B', fmt(onB));
  console.log('  evaluated on B (train)   ', JSON.stringify(evaluate(b, onB)));
  console.log('  evaluated on A (held out)', JSON.stringify(evaluate(a, onB)));
  console.log('threshold sweep (fit on A; chosen on A by balanced accuracy, shown on B):');
  let bestT = 0.5;
  let bestScore = -1;
  for (let t = 0.2; t <= 0.8001; t += 0.05) {
    const ea = evaluate(a, onA, t);
    const eb = evaluate(b, onA, t);
    const score = (ea.answerable + ea.escalation) / 2;
    if (ea.wrong <= 5 && score > bestScore) [bestScore, bestT] = [score, t];
    console.log(`  t=${t.toFixed(2)} A ${JSON.stringify(ea)} B ${JSON.stringify(eb)}`);
  }
  console.log(`  chosen on A: t=${bestT.toFixed(2)}`);
  console.log('fit on all (to ship)', fmt(all));
  console.log('  evaluated on all         ', JSON.stringify(evaluate(examples, all)));
}

if (process.argv[1]?.endsWith('calibrate.ts')) await main();
