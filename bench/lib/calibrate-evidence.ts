/**
 * Fits the evidence decision (src/server/agent/decide.ts) on SQuAD 2.0's dev half, split in two by article: fitted on
 * one half, measured on the other, then the other way round, then fitted on all (the coefficients to ship).
 *
 *   npx tsx bench/lib/calibrate-evidence.ts          (BENCH_VERBOSE=1 prints examples)
 *
 * Each question is asked of its article's documents (words only: search by meaning is not part of the decision).
 * An example is the evidence the engine reads for its best candidate: positive when the question is answerable and
 * the sentences it would speak hold a gold answer, negative otherwise (unanswerable, or the wrong sentences).
 */
import { splitIntoPassages } from '#server/agent/passages.ts';
import { buildKnowledgeIndex, type KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { answerTypeOf } from '#server/agent/question.ts';
import { evidenceFeatures, EVIDENCE_FEATURES, type EvidenceModel } from '#server/agent/decide.ts';
import { bestEvidence } from '#server/agent/decide.ts';
import { fitLogistic } from './calibrate.ts';
import { readSquad } from './squad-data.ts';

interface SquadQuestion {
  id: string;
  question: string;
  answerable: boolean;
  answers: string[];
}
export interface SquadArticle {
  title: string;
  paragraphs: string[];
  questions: SquadQuestion[];
}

export function loadSquad(): SquadArticle[] {
  const raw = readSquad();
  return raw.data.map((a) => ({
    title: a.title.replace(/_/g, ' '),
    paragraphs: a.paragraphs.map((p) => p.context),
    questions: a.paragraphs.flatMap((p) =>
      p.qas.map((q) => ({
        id: q.id,
        question: q.question,
        answerable: !q.is_impossible,
        answers: q.answers.map((x) => x.text),
      })),
    ),
  }));
}

/** The article's paragraphs as about eight documents, through the normal chunker. */
export function squadPassages(article: SquadArticle): KnowledgePassage[] {
  const per = Math.ceil(article.paragraphs.length / 8);
  const out: KnowledgePassage[] = [];
  for (let d = 0; d * per < article.paragraphs.length; d++) {
    const text = article.paragraphs.slice(d * per, (d + 1) * per).join('\n\n');
    for (const p of splitIntoPassages([{ page: null, text }]))
      out.push({
        id: `${d}-${p.ord}`,
        documentName: `${article.title} ${d + 1}.txt`,
        heading: p.heading,
        page: null,
        text: p.text,
      });
  }
  return out;
}

/** SQuAD's normalisation: lower case, no punctuation, no articles, single spaces. */
export function squadNormalize(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function holdsAnswer(spoken: string, answers: readonly string[]): boolean {
  const s = ` ${squadNormalize(spoken)} `;
  return answers.some((a) => {
    const n = squadNormalize(a);
    return n !== '' && s.includes(` ${n} `);
  });
}

interface Example {
  half: 'A' | 'B';
  x: number[];
  label: 0 | 1;
  answerable: boolean;
  question: string;
  spoken: string;
}

function sigmoid(z: number) {
  return 1 / (1 + Math.exp(-z));
}

function fit(examples: Example[], l2 = 1): number[] {
  return fitLogistic(
    examples.map((e) => ({ x: [1, ...e.x], label: e.label })),
    l2,
    60,
  );
}

function evaluate(examples: Example[], w: number[], threshold: number) {
  const p = (e: Example) => sigmoid([1, ...e.x].reduce((s, xi, i) => s + xi * w[i]!, 0));
  const answered = examples.filter((e) => p(e) >= threshold);
  const right = answered.filter((e) => e.label === 1).length;
  const ans = examples.filter((e) => e.answerable).length;
  const un = examples.filter((e) => !e.answerable);
  const pct = (n: number, d: number) => ((100 * n) / Math.max(1, d)).toFixed(1);
  return `precision ${pct(right, answered.length)} coverage ${pct(right, ans)} declined ${pct(un.filter((e) => p(e) < threshold).length, un.length)}`;
}

function main() {
  const articles = loadSquad();
  const examples: Example[] = [];
  articles.forEach((article, k) => {
    const index = buildKnowledgeIndex(squadPassages(article), { companyName: article.title });
    for (const q of article.questions) {
      const result = index.search(q.question);
      const evidence = bestEvidence(q.question, result, answerTypeOf(q.question));
      if (!evidence) continue;
      const spoken = evidence.sentences.join(' ');
      examples.push({
        half: k % 2 === 0 ? 'A' : 'B',
        x: evidenceFeatures(evidence),
        label: q.answerable && holdsAnswer(spoken, q.answers) ? 1 : 0,
        answerable: q.answerable,
        question: q.question,
        spoken,
      });
    }
  });
  const a = examples.filter((e) => e.half === 'A');
  const b = examples.filter((e) => e.half === 'B');
  console.log(
    `examples ${examples.length} (A ${a.length}, B ${b.length}); features ${EVIDENCE_FEATURES.join(', ')}`,
  );
  console.log(`positives ${examples.filter((e) => e.label === 1).length}`);
  const wA = fit(a);
  const wB = fit(b);
  const all = fit(examples);
  for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
    console.log(
      `t=${t}  A->B ${evaluate(b, wA, t)} | B->A ${evaluate(a, wB, t)} | all ${evaluate(examples, all, t)}`,
    );
  }
  const model: EvidenceModel = { intercept: all[0]!, weights: all.slice(1) };
  console.log('model', JSON.stringify(model));
  if (process.env.BENCH_VERBOSE)
    for (const e of examples.slice(0, 40))
      console.log(
        e.label,
        e.x.map((v) => v.toFixed(2)).join(' '),
        '|',
        e.question,
        '|',
        e.spoken.slice(0, 120),
      );
}

main();
