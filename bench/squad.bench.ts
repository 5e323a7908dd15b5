/**
 * `npm run bench:squad`: answer quality on SQuAD 2.0 (half of the official dev set, ../shared/eval/squad2-dev-half,
 * see its SOURCE.txt), whose unanswerable questions were written to look answerable from the paragraph they name.
 *
 * Each article is a business (its title, underscores as spaces) whose documents are its paragraphs, consecutive
 * ones grouped into about eight TXT uploads that go through the product's ingestion; one index per business, with
 * passage vectors for search by meaning (cached in data/bench-cache/). Each question is asked in a fresh call.
 * When the agent asks "are you asking …?", the caller says yes when the offered passage holds a gold answer.
 *   answerable:   right when the agent answers and its spoken answer holds a gold answer (SQuAD normalisation);
 *   unanswerable: right when it declines.
 * Default: a seeded sample of 1,500 questions stratified by article and answerability (BENCH_SEED, default 2026);
 * BENCH_SQUAD=all asks all 6,078, BENCH_SQUAD=<n> a sample of n. BENCH_SQUAD_DIR overrides the data folder.
 * BENCH_SQUAD_POOL=1 makes all articles one business (646 paragraphs, about 4,000 passages), as a site of hundreds of
 * pages is: every question then competes with every other article's passages, and an unanswerable one meets far
 * more passages that share its words.
 * BENCH_VERBOSE=1 prints examples of each failure. Results go to bench/results/squad-<date>.json
 * (squad-all-<date>.json for all), with the first 20 of each failure; BENCH_DUMP=1 keeps every one, to count them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildKnowledgeIndex, type KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { readSquad, squadDir } from './lib/squad-data.ts';
import { askAndConfirm, greetedCall, ingestFile } from './lib/call.ts';
import { meaningIndexOf, questionVector } from './lib/meaning.ts';
import {
  holdsGoldAnswer,
  judgeReply,
  printReport,
  reportOf,
  seededHash,
  type JudgedQuestion,
} from './lib/report.ts';

const SAMPLE_SIZE = Number(/^\d+$/.test(process.env.BENCH_SQUAD ?? '') ? process.env.BENCH_SQUAD : 1500);
const DOCUMENTS_PER_BUSINESS = 8;
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const EVERYTHING = process.env.BENCH_SQUAD === 'all';
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const POOLED = process.env.BENCH_SQUAD_POOL === '1';
const POOLED_NAME = 'City Reference Library';

interface Question {
  id: string;
  article: string;
  question: string;
  answerable: boolean;
  answers: string[];
}

/** A fixed share of each (article, answerability) stratum, picked by a seeded hash of the question id. */
function sampleOf(questions: Question[], size: number, seed: number): Question[] {
  const strata = new Map<string, Question[]>();
  for (const q of questions) {
    const key = `${q.article}|${q.answerable}`;
    strata.set(key, [...(strata.get(key) ?? []), q]);
  }
  // Largest remainders, so the quotas add up to `size` exactly.
  const quotas = [...strata].map(([key, qs]) => {
    const exact = (qs.length * size) / questions.length;
    return { key, n: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  const short = size - quotas.reduce((n, q) => n + q.n, 0);
  [...quotas]
    .sort((a, b) => b.rest - a.rest || a.key.localeCompare(b.key))
    .slice(0, short)
    .forEach((q) => q.n++);
  const picked = new Set<string>();
  for (const { key, n } of quotas) {
    const ranked = [...strata.get(key)!].sort((a, b) => seededHash(a.id, seed) - seededHash(b.id, seed));
    for (const q of ranked.slice(0, n)) picked.add(q.id);
  }
  return questions.filter((q) => picked.has(q.id));
}

/** The article's paragraphs as about eight uploads of consecutive paragraphs, through the product's ingestion. */
async function ingestArticle(companyName: string, paragraphs: string[]): Promise<KnowledgePassage[]> {
  const perDocument = Math.ceil(paragraphs.length / DOCUMENTS_PER_BUSINESS);
  const passages: KnowledgePassage[] = [];
  for (let i = 0, n = 1; i < paragraphs.length; i += perDocument, n++) {
    const text = paragraphs.slice(i, i + perDocument).join('\n\n');
    passages.push(...(await ingestFile(`${companyName} part ${n}.txt`, `${text}\n`)));
  }
  return passages;
}

type Failure = 'answered unanswerable' | 'wrong passage' | 'answer left out' | 'missed answerable';

async function main() {
  const started = performance.now();
  const dir = squadDir();
  const file = readSquad(dir);
  const all: Question[] = file.data.flatMap((a) =>
    a.paragraphs.flatMap((p) =>
      p.qas.map((q) => ({
        id: q.id,
        article: a.title,
        question: q.question,
        answerable: !q.is_impossible,
        answers: q.answers.map((x) => x.text),
      })),
    ),
  );
  const questions = EVERYTHING ? all : sampleOf(all, SAMPLE_SIZE, SEED);
  const answerableCount = questions.filter((q) => q.answerable).length;
  console.log(
    `SQuAD 2.0 dev half (${dir}): ${file.data.length} articles, ${all.length} questions; ` +
      (EVERYTHING
        ? 'all of them'
        : `sample of ${questions.length}, seed ${SEED}, stratified by article and answerability`) +
      `: ${answerableCount} answerable, ${questions.length - answerableCount} unanswerable`,
  );

  await questionVector('are you open today'); // loads the encoder, so its start does not count in a turn
  const judged: JudgedQuestion[] = [];
  const failures: Record<Failure, unknown[]> = {
    'answered unanswerable': [],
    'wrong passage': [],
    // Answered from a passage holding a gold answer, but the sentences read out leave it out.
    'answer left out': [],
    'missed answerable': [],
  };
  let confirmations = 0;
  /** Answers given outright and after a yes to "are you asking …?", and how many of each were right. */
  const answers = { outright: { given: 0, right: 0 }, afterYes: { given: 0, right: 0 } };
  /** Questions the agent wanted the meaning of: their turn includes the encoder's time. */
  let embedded = 0;
  let ingestMs = 0;
  const businesses = POOLED
    ? [{ companyName: POOLED_NAME, articles: file.data }]
    : file.data.map((a) => ({ companyName: a.title.replace(/_/g, ' '), articles: [a] }));
  for (const { companyName, articles } of businesses) {
    const titles = new Set(articles.map((a) => a.title));
    const asked = questions.filter((q) => titles.has(q.article));
    if (asked.length === 0) continue;
    const t = performance.now();
    const passages: KnowledgePassage[] = [];
    for (const article of articles)
      passages.push(
        ...(await ingestArticle(
          POOLED ? article.title.replace(/_/g, ' ') : companyName,
          article.paragraphs.map((p) => p.context),
        )),
      );
    const knowledge = buildKnowledgeIndex(passages, { companyName });
    ingestMs += performance.now() - t;
    const meaning = await meaningIndexOf(passages);
    const open = () => greetedCall(companyName, knowledge, meaning);
    for (const q of asked) {
      const holdsAnswer = (p: KnowledgePassage | undefined) => holdsGoldAnswer(p, q.answerable, q.answers);
      const call = await askAndConfirm(open, q.question, holdsAnswer, questionVector);
      if (call.confirmed !== null) confirmations++;
      if (call.lines[0]!.vector !== null) embedded++;
      const { outcome, right } = judgeReply(call.final, call.conversation.state, q.answerable, q.answers);
      if (outcome === 'answered') {
        const kind = call.confirmed === 'yes' ? answers.afterYes : answers.outright;
        kind.given++;
        if (right) kind.right++;
      }
      judged.push({
        id: q.id,
        set: 'squad',
        answerable: q.answerable,
        outcome,
        right,
        spoken: call.final.text,
        gold: q.answers,
        turnMs: call.turnMs,
      });
      const failure: Failure | null = !q.answerable
        ? outcome === 'answered'
          ? 'answered unanswerable'
          : null
        : outcome === 'answered'
          ? right
            ? null
            : holdsAnswer(call.final.answer?.passages[0])
              ? 'answer left out'
              : 'wrong passage'
          : 'missed answerable';
      if (failure)
        failures[failure].push({
          id: q.id,
          business: companyName,
          question: q.question,
          gold: [...new Set(q.answers)],
          spoken: call.final.text,
          outcome,
          confirmed: call.confirmed,
        });
    }
  }

  const report = reportOf(judged);
  printReport('SQuAD 2.0', report);
  const other = judged.filter((j) => j.outcome === 'other').length;
  console.log(
    `confirmations asked    ${confirmations} of ${judged.length}; replies neither answer nor decline: ${other}`,
  );
  console.log(
    `answers                outright ${answers.outright.right} right of ${answers.outright.given}; after a yes ${answers.afterYes.right} right of ${answers.afterYes.given}`,
  );
  console.log(
    `questions embedded     ${embedded} of ${judged.length} (the agent asked for their meaning; the encoder's time is in their turn)`,
  );
  const runtimeS = (performance.now() - started) / 1000;
  console.log(
    `failures               ${Object.entries(failures)
      .map(([k, v]) => `${k} ${v.length}`)
      .join(', ')}`,
  );
  console.log(
    `runtime                ${runtimeS.toFixed(0)} s (ingestion and indexes ${(ingestMs / 1000).toFixed(1)} s)`,
  );
  if (VERBOSE)
    for (const [kind, list] of Object.entries(failures)) {
      console.log(`\n${kind}, first examples:`);
      for (const f of list.slice(0, 5)) console.log(JSON.stringify(f));
    }

  const date = new Date().toISOString();
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(out, { recursive: true });
  const saved = path.join(
    out,
    `squad-${POOLED ? 'pooled-' : ''}${EVERYTHING ? 'all-' : ''}${date.slice(0, 10)}.json`,
  );
  const result = {
    date,
    command: `${POOLED ? 'BENCH_SQUAD_POOL=1 ' : ''}${EVERYTHING ? 'BENCH_SQUAD=all ' : ''}npm run bench:squad`,
    data: 'SQuAD 2.0 dev half (chrischute/squad data/dev-v2.0.json)',
    sample: EVERYTHING ? null : { seed: SEED, size: questions.length, answerable: answerableCount },
    report,
    confirmations,
    embedded,
    runtimeS: Math.round(runtimeS),
    // The first few of each failure, to read; the counts are in the report.
    failures: Object.fromEntries(
      Object.entries(failures).map(([k, v]) => [
        k,
        { count: v.length, examples: process.env.BENCH_DUMP === '1' ? v : v.slice(0, 20) },
      ]),
    ),
  };
  writeFileSync(saved, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`saved ${path.relative(process.cwd(), saved)}`);
}

await main();
