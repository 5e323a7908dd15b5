/**
 * Fits LABEL_RELEVANCE_MODEL, the relevance model for passages whose heading is a topic label
 * (bench/data/label-headings.json), and shows how it does on the held-out half of the businesses (even-numbered
 * ones = A, odd = B). The figures are the label model's alone; end to end (`npm run bench:labels`) the engine
 * answers when it or the FAQ model on the heading is sure enough.
 *
 *   npx tsx bench/lib/calibrate-labels.ts                        (unknownShare,headingAlign: the shipped features)
 *   BENCH_SUBSETS="queryCoverage,unknownShare;..." npx tsx bench/lib/calibrate-labels.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKnowledgeIndex } from '#server/agent/retrieval/knowledge-index.ts';
import {
  labelFeatures,
  type FeatureName,
  type RelevanceFeatures,
} from '#server/agent/retrieval/relevance.ts';
import { ingestFile } from './call.ts';
import { evaluate, fit } from './calibrate.ts';

interface LabelData {
  businesses: {
    name: string;
    document: { filename: string; text: string };
    questions: { q: string; section: string | null }[];
  }[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
// BENCH_LABEL_FILES: comma-separated files of bench/data to fit on (default: the fitting set).
const data: LabelData = {
  businesses: (process.env.BENCH_LABEL_FILES ?? 'label-headings.json')
    .split(',')
    .flatMap(
      (file) =>
        (JSON.parse(readFileSync(path.join(here, '..', 'data', file), 'utf8')) as LabelData).businesses,
    ),
};
const norm = (s: string | null | undefined) =>
  (s ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export async function collectLabelExamples() {
  const examples = [];
  for (const [i, b] of data.businesses.entries()) {
    const passages = await ingestFile(b.document.filename, b.document.text);
    const index = buildKnowledgeIndex(passages, { companyName: b.name });
    for (const { q, section } of b.questions) {
      const top = index.search(q).hits[0];
      // What LABEL_RELEVANCE_MODEL reads (the engine takes the surer of it and the FAQ model on the heading).
      const features: RelevanceFeatures = top
        ? labelFeatures(top.features)
        : {
            queryCoverage: 0,
            unknownShare: 1,
            headingCoverage: 0,
            headingAlign: 0,
            margin: 0,
          };
      examples.push({
        split: (i % 2 === 0 ? 'A' : 'B') as 'A' | 'B',
        variant: (section === null ? 'unanswerable' : 'answerable') as 'answerable' | 'unanswerable',
        features,
        label: (section !== null && top !== undefined && norm(top.passage.heading) === norm(section)
          ? 1
          : 0) as 0 | 1,
        question: q,
        top: top?.passage.heading ?? '(none)',
        gold: section ?? '(none)',
      });
    }
  }
  return examples;
}

const examples = await collectLabelExamples();
const a = examples.filter((e) => e.split === 'A');
const b = examples.filter((e) => e.split === 'B');
const short = (e: ReturnType<typeof evaluate>) =>
  `${e.answerable}/${e.escalation}/${e.wrong} auc ${e.auc} (rank@1 ${e.rankAt1})`;
for (const subset of (process.env.BENCH_SUBSETS ?? 'unknownShare,headingAlign').split(';')) {
  const features = subset.split(',') as FeatureName[];
  const onA = fit(a, 1, features);
  const onB = fit(b, 1, features);
  const all = fit(examples, 1, features);
  const w = (m: ReturnType<typeof fit>) =>
    [m.intercept, ...features.map((k) => m.weights[k])].map((x) => x.toFixed(2)).join(' ');
  console.log(
    `${subset.padEnd(48)} A->B ${short(evaluate(b, onA))} | B->A ${short(evaluate(a, onB))} | all ${short(evaluate(examples, all))} | w ${w(all)}`,
  );
}
