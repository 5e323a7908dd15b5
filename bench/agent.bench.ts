/**
 * Answer quality and speed of the turn engine on real phone questions (DSTC10 track 2, validation set).
 *
 *   npm run bench:agent    (BENCH_EVAL_DIR overrides the data folder, BENCH_EVAL_TURNS the file of turns in it,
 *                           default val_eval_flat.jsonl; BENCH_RUNS the latency runs)
 *
 * Each entity of the data is a business using the product: its FAQ entries become TXT uploads that go through the
 * same ingestion as a user's upload (extractDocument -> splitIntoPassages -> index), and each knowledge-seeking
 * question is asked in a fresh call through the same turn engine a call uses, with a transfer number configured.
 *   answerable:   correct when the agent answers from the gold passage;
 *   unanswerable: the same question after the gold entry is removed; correct when it escalates with no_answer.
 * A large-knowledge variant puts every entity's entries into one business (~12,000 passages) for latency.
 * Results are printed and saved to bench/results/agent-<date>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildKnowledgeIndex, type KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { createConversation } from '#server/agent/turn-engine.ts';
import { callAndConfirm, ingestFile, TRANSFER_NUMBER, type CallOutcome } from './lib/call.ts';
import { MEANING_ON, meaningIndexOf, passageVectors, questionVector } from './lib/meaning.ts';
import { universalSentenceEncoder } from '#server/agent/retrieval/use-encoder.ts';
import { passageSentence, questionSentence, type MeaningIndex } from '#server/agent/retrieval/meaning.ts';
import { faqText, loadEvalData, splitOf, type Business, type EvalTurn, type FaqEntry } from './lib/dstc.ts';
import { mean, median, percentile, round, tokenF1 } from './lib/metrics.ts';
import { classifyReply, printReport, reportOf, type JudgedQuestion } from './lib/report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/**
 * With partial prompts (ConversationRelay's `partialPrompts`), the runtime embeds the caller's words while they are
 * still speaking (call-session.ts), so a question's vector is ready, or partly computed, when the final prompt
 * comes. Its wait is then what embedding takes beyond the pause between the caller's last partial and the final
 * prompt. The pause is the recogniser's end-of-speech detection; it is not measured here, so the turn is reported
 * for several pauses (0 ms is the turn without partial prompts). Assumed: the final prompt's words are the last
 * partial's.
 */
const PARTIAL_PAUSES_MS = [10, 25, 50] as const;

interface Upload {
  name: string;
  entries: FaqEntry[];
}

/** Ingests a business's uploads exactly like the product: file bytes -> pages -> passages. */
async function ingest(uploads: Upload[]): Promise<KnowledgePassage[]> {
  const passages: KnowledgePassage[] = [];
  for (const upload of uploads) {
    if (upload.entries.length === 0) continue;
    passages.push(...(await ingestFile(upload.name, faqText(upload.entries))));
  }
  return passages;
}

function uploadsOf(b: Business, withoutDocId: string | null = null): Upload[] {
  const uploads: Upload[] = [
    { name: `${b.name} FAQ.txt`, entries: b.entries.filter((e) => e.docId !== withoutDocId) },
  ];
  if (b.domainEntries.length > 0)
    uploads.push({ name: `${b.domain} general FAQ.txt`, entries: b.domainEntries });
  return uploads;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function isGold(p: KnowledgePassage | undefined, turn: EvalTurn, business: Business): boolean {
  if (!p || p.documentName !== `${business.name} FAQ.txt`) return false;
  const heading = norm(p.heading ?? '');
  const text = norm(`${p.heading ?? ''} ${p.text}`);
  return heading === norm(turn.goldTitle) && text.includes(norm(turn.goldBody).slice(0, 40));
}

interface TurnRecord {
  id: number;
  split: 'A' | 'B';
  question: string;
  gold: string;
  answerable: {
    reply: string;
    answered: boolean;
    correct: boolean;
    source: string | null;
    relevance: number | null;
    f1: number;
    /** The caller's reply to the agent's "are you asking …?", when it asked. */
    confirmed: 'yes' | 'no' | null;
    /** Answered from the gold passage on the first turn, without asking. */
    correctFirstTurn: boolean;
  };
  unanswerable: {
    reply: string;
    escalated: boolean;
    reason: string | null;
    source: string | null;
    relevance: number | null;
    confirmed: 'yes' | 'no' | null;
  };
  features?: unknown;
}

function qualityOf(rs: TurnRecord[]) {
  return {
    turns: rs.length,
    // The issue's single-turn reading: a confirmation question is neither an answer nor an escalation.
    firstTurn: {
      answerableAccuracy: round(rs.filter((r) => r.answerable.correctFirstTurn).length / rs.length),
      escalationAccuracy: round(
        rs.filter((r) => r.unanswerable.confirmed === null && r.unanswerable.reason === 'no_answer').length /
          rs.length,
      ),
    },
    confirmationsAsked: {
      answerable: round(rs.filter((r) => r.answerable.confirmed !== null).length / rs.length),
      unanswerable: round(rs.filter((r) => r.unanswerable.confirmed !== null).length / rs.length),
      confirmedYes: round(rs.filter((r) => r.answerable.confirmed === 'yes').length / rs.length),
    },
    answerableAccuracy: round(rs.filter((r) => r.answerable.correct).length / rs.length),
    escalationAccuracy: round(rs.filter((r) => r.unanswerable.reason === 'no_answer').length / rs.length),
    wrongAnswerRate: round(
      rs.filter((r) => r.answerable.answered && !r.answerable.correct).length / rs.length,
    ),
    answerableEscalated: round(rs.filter((r) => !r.answerable.answered).length / rs.length),
    unanswerableAnswered: round(rs.filter((r) => !r.unanswerable.escalated).length / rs.length),
    f1: round(mean(rs.map((r) => r.answerable.f1))),
    f1WhenCorrect: round(mean(rs.filter((r) => r.answerable.correct).map((r) => r.answerable.f1))),
  };
}

function recordOf(turn: EvalTurn, b: Business, a: CallOutcome, u: CallOutcome): TurnRecord {
  const aSource = a.final.sources[0];
  const aPassage = a.final.answer?.passages[0];
  const answered = a.final.handoff === undefined && aSource !== undefined;
  const uPassage = u.final.answer?.passages[0];
  return {
    id: turn.id,
    split: splitOf(b.key),
    question: turn.question,
    gold: turn.goldTitle,
    answerable: {
      reply: a.final.text,
      answered,
      correct: answered && isGold(aPassage, turn, b),
      source: aPassage?.heading ?? null,
      relevance: aSource?.relevance ?? null,
      f1: tokenF1(a.final.text, turn.goldResponse),
      confirmed: a.confirmed,
      correctFirstTurn: a.confirmed === null && answered && isGold(aPassage, turn, b),
    },
    unanswerable: {
      reply: u.final.text,
      escalated: u.final.handoff !== undefined,
      reason: u.final.handoff?.reason ?? null,
      source: uPassage?.heading ?? null,
      relevance: u.final.sources[0]?.relevance ?? null,
      confirmed: u.confirmed,
    },
  };
}

/** The turn's two questions as issue 20's report judges them: right is answered from the gold passage. */
function judgedOf(turn: EvalTurn, b: Business, a: CallOutcome, u: CallOutcome): JudgedQuestion[] {
  const outcome = classifyReply(a.final);
  const common = { set: 'dstc', gold: [turn.goldResponse] };
  return [
    {
      ...common,
      id: String(turn.id),
      answerable: true,
      outcome,
      right: outcome === 'answered' && isGold(a.final.answer?.passages[0], turn, b),
      spoken: a.final.text,
      turnMs: a.turnMs,
    },
    {
      ...common,
      id: `${turn.id}-without-gold`,
      answerable: false,
      outcome: classifyReply(u.final),
      right: false,
      spoken: u.final.text,
      turnMs: u.turnMs,
    },
  ];
}

function latencySummary(samples: number[][]) {
  // samples[run][turn]: report the median across runs of each statistic, so one noisy run does not decide it.
  const per = (f: (xs: number[]) => number) => round(median(samples.map(f)), 3);
  return {
    p50: per((xs) => percentile(xs, 50)),
    p95: per((xs) => percentile(xs, 95)),
    max: per((xs) => Math.max(...xs)),
  };
}

async function main() {
  const data = loadEvalData();
  const turns = data.turns;
  console.log(`DSTC10 track 2 validation: ${turns.length} knowledge-seeking turns, data from ${data.dir}`);

  // Ingestion: every business asked about, plus a variant without the gold entry per turn.
  const answerableKb = new Map<string, KnowledgePassage[]>();
  const unanswerableKb = new Map<number, KnowledgePassage[]>();
  const ingestMs: number[] = [];
  for (const turn of turns) {
    const b = data.businesses.get(turn.businessKey);
    if (!b) throw new Error(`unknown business ${turn.businessKey}`);
    if (!answerableKb.has(b.key)) {
      const t = performance.now();
      answerableKb.set(b.key, await ingest(uploadsOf(b)));
      ingestMs.push(performance.now() - t);
    }
    unanswerableKb.set(turn.id, await ingest(uploadsOf(b, turn.goldDocId)));
  }
  // Search by meaning: every passage's vector (stored at ingestion in the product; cached on disk here).
  const answerableMeaning = new Map<string, MeaningIndex | null>();
  const unanswerableMeaning = new Map<number, MeaningIndex | null>();
  for (const [key, passages] of answerableKb) answerableMeaning.set(key, await meaningIndexOf(passages));
  for (const [id, passages] of unanswerableKb) unanswerableMeaning.set(id, await meaningIndexOf(passages));
  // What the vectors cost at ingestion, measured uncached on a sample of passages.
  let vectorMsPerPassage: number | null = null;
  if (MEANING_ON) {
    const sample = [...answerableKb.values()].flat().slice(0, 64).map(passageSentence);
    await universalSentenceEncoder.embed(sample.slice(0, 4)); // load the model first
    const t = performance.now();
    await universalSentenceEncoder.embed(sample);
    vectorMsPerPassage = (performance.now() - t) / sample.length;
  }

  const records: TurnRecord[] = [];
  const judged: JudgedQuestion[] = [];
  const turnSamples: number[][] = [];
  const partialSamples = PARTIAL_PAUSES_MS.map(() => [] as number[][]);
  let earlyEmbeddings = 0;
  let finalEmbeddings = 0;
  const greetSamples: number[][] = [];
  for (let run = 0; run < RUNS; run++) {
    const turnMs: number[] = [];
    const withPartials = PARTIAL_PAUSES_MS.map(() => [] as number[]);
    const greetMs: number[] = [];
    for (const turn of turns) {
      const b = data.businesses.get(turn.businessKey)!;
      const isRight = (p: KnowledgePassage | undefined) => isGold(p, turn, b);
      const question = await questionVector(turn.question);
      const a = callAndConfirm(b.name, answerableKb.get(b.key)!, turn.question, isRight, {
        index: answerableMeaning.get(b.key)!,
        question,
      });
      // The unanswerable variant has no right passage: a truthful caller says no to whatever is offered.
      const u = callAndConfirm(b.name, unanswerableKb.get(turn.id)!, turn.question, () => false, {
        index: unanswerableMeaning.get(turn.id)!,
        question,
      });
      turnMs.push(a.turnMs, u.turnMs);
      PARTIAL_PAUSES_MS.forEach((pause, i) =>
        withPartials[i]!.push(
          a.turnMs - Math.min(a.meaningMs, pause),
          u.turnMs - Math.min(u.meaningMs, pause),
        ),
      );
      greetMs.push(a.setupToGreetingMs, u.setupToGreetingMs);
      if (run > 0) continue;
      records.push(recordOf(turn, b, a, u));
      judged.push(...judgedOf(turn, b, a, u));
      if (MEANING_ON) {
        const answerable = answerableMeaning.get(b.key)!;
        earlyEmbeddings += embeddingsWhileSpeaking(
          b.name,
          answerableKb.get(b.key)!,
          answerable,
          turn.question,
        );
        earlyEmbeddings += embeddingsWhileSpeaking(
          b.name,
          unanswerableKb.get(turn.id)!,
          unanswerableMeaning.get(turn.id)!,
          turn.question,
        );
        finalEmbeddings += (a.meaningMs > 0 ? 1 : 0) + (u.meaningMs > 0 ? 1 : 0);
      }
    }
    turnSamples.push(turnMs);
    withPartials.forEach((samples, i) => partialSamples[i]!.push(samples));
    greetSamples.push(greetMs);
  }

  // Large knowledge: one business holding every entity's entries.
  const allUploads: Upload[] = [];
  const domainsSeen = new Set<string>();
  for (const b of data.businesses.values()) {
    allUploads.push({ name: `${b.name} FAQ.txt`, entries: b.entries });
    if (b.domainEntries.length > 0 && !domainsSeen.has(b.domain)) {
      domainsSeen.add(b.domain);
      allUploads.push({ name: `${b.domain} general FAQ.txt`, entries: b.domainEntries });
    }
  }
  const tLarge = performance.now();
  const largePassages = await ingest(allUploads);
  const largeIngestMs = performance.now() - tLarge;
  const largeMeaning = MEANING_ON ? await meaningIndexOf(largePassages) : null;
  if (MEANING_ON) await passageVectors(largePassages);
  const largeBuildMs: number[] = [];
  const largeTurnSamples: number[][] = [];
  let largeAnswered = 0;
  let largeCorrect = 0;
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    const knowledge = buildKnowledgeIndex(largePassages);
    largeBuildMs.push(performance.now() - t);
    const samples: number[] = [];
    for (const turn of turns) {
      // A fresh call per question, on the one large index (built once per call in the runtime; timed above).
      const conversation = createConversation({
        companyName: 'San Francisco Guide',
        transferNumber: TRANSFER_NUMBER,
        knowledge,
        meaning: largeMeaning,
      });
      conversation.greet();
      const question = largeMeaning ? await questionVector(turn.question) : null;
      const t1 = performance.now();
      const vector = question && conversation.needsMeaning(turn.question) ? question : null;
      const reply = conversation.onCallerText(turn.question, vector?.vector);
      samples.push(performance.now() - t1 + (vector?.ms ?? 0));
      if (run === 0 && reply.handoff === undefined) {
        largeAnswered++;
        if (isGold(reply.answer?.passages[0], turn, data.businesses.get(turn.businessKey)!)) largeCorrect++;
      }
    }
    largeTurnSamples.push(samples);
  }
  // Setup of a call on the large business: with the index built in the call's setup, and with an index the
  // runtime already holds for this agent (it is immutable, so calls of one agent can share it).
  const largeGreeting: number[] = [];
  const largeGreetingCached: number[] = [];
  const cachedIndex = buildKnowledgeIndex(largePassages);
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    const knowledge = buildKnowledgeIndex(largePassages);
    createConversation({
      companyName: 'San Francisco Guide',
      transferNumber: TRANSFER_NUMBER,
      knowledge,
    }).greet();
    const t1 = performance.now();
    createConversation({
      companyName: 'San Francisco Guide',
      transferNumber: TRANSFER_NUMBER,
      knowledge: cachedIndex,
    }).greet();
    largeGreeting.push(t1 - t);
    largeGreetingCached.push(performance.now() - t1);
  }

  const result = {
    date: new Date().toISOString(),
    command: 'npm run bench:agent',
    data: 'DSTC10 track 2 validation (val_eval_flat.jsonl), knowledge-seeking turns',
    runs: RUNS,
    targets: {
      answerableAccuracy: '>= 0.90',
      escalationAccuracy: '>= 0.90',
      wrongAnswerRate: '<= 0.05',
      turnP95Ms: '<= 25 (businesses), <= 50 (large)',
      setupToGreetingMs: '<= 10',
    },
    quality: qualityOf(records),
    // Issue 20's figures, the same for every quality set (bench/lib/report.ts); turn times of the first run.
    report: reportOf(judged),
    qualityBySplit: {
      A: qualityOf(records.filter((r) => r.split === 'A')),
      B: qualityOf(records.filter((r) => r.split === 'B')),
    },
    latencyMs: {
      turn: latencySummary(turnSamples),
      // The same turns with partial prompts, by the pause between the caller's last partial and the final prompt.
      turnWithPartialPrompts: Object.fromEntries(
        PARTIAL_PAUSES_MS.map((pause, i) => [`${pause}msPause`, latencySummary(partialSamples[i]!)]),
      ),
      // What partial prompts cost: sentences embedded per question while the caller speaks, against the final
      // question's own embedding without them.
      embeddingsPerQuestion: MEANING_ON
        ? {
            withPartialPrompts: round(earlyEmbeddings / (2 * turns.length), 2),
            finalPromptOnly: round(finalEmbeddings / (2 * turns.length), 2),
          }
        : null,
      setupToGreeting: latencySummary(greetSamples),
    },
    ingestion: {
      businesses: answerableKb.size,
      passages: [...answerableKb.values()].reduce((n, p) => n + p.length, 0),
      totalMs: round(
        ingestMs.reduce((a, b) => a + b, 0),
        1,
      ),
      perBusinessMedianMs: round(median(ingestMs), 3),
      // Search by meaning: each passage's vector, computed once at ingestion (null: run without it).
      vectorMsPerPassage: vectorMsPerPassage === null ? null : round(vectorMsPerPassage, 1),
    },
    large: {
      passages: largePassages.length,
      ingestMs: round(largeIngestMs, 1),
      indexBuildMs: round(median(largeBuildMs), 1),
      setupToGreetingMs: round(median(largeGreeting), 1),
      setupToGreetingWithCachedIndexMs: round(median(largeGreetingCached), 3),
      turn: latencySummary(largeTurnSamples),
      // Informational: with every entity in one index "do they take credit cards" is ambiguous.
      answeredRate: round(largeAnswered / turns.length),
      accuracy: round(largeCorrect / turns.length),
    },
  };

  printSummary(result);
  printReport('DSTC10 track 2, each question and its variant without the gold entry', result.report);
  const verbose = process.env.BENCH_VERBOSE === '1';
  const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `agent-${result.date.slice(0, 10)}.json`);
  // Per-turn details only for the failures, to keep the file small.
  const failures = records
    .filter((r) => !r.answerable.correct || r.unanswerable.reason !== 'no_answer')
    .map((r) => ({
      id: r.id,
      question: r.question,
      gold: r.gold,
      answerable: { ...r.answerable, reply: undefined },
      unanswerable: { ...r.unanswerable, reply: undefined },
    }));
  writeFileSync(file, `${JSON.stringify({ ...result, failures }, null, 2)}\n`);
  if (verbose) for (const f of failures) console.log(JSON.stringify(f));
  console.log(`saved ${path.relative(process.cwd(), file)}`);
}

/**
 * How many sentences the runtime embeds while the caller speaks this question, its words arriving one at a time as
 * partial prompts: each partial the words alone would not settle, when its sentence differs from the last one
 * embedded (call-session.ts; at speaking pace the encoder keeps up with every partial).
 */
function embeddingsWhileSpeaking(
  companyName: string,
  passages: KnowledgePassage[],
  meaning: MeaningIndex | null,
  question: string,
): number {
  const knowledge = buildKnowledgeIndex(passages, { companyName });
  const words = question.split(/\s+/).filter((w) => w !== '');
  let last: string | null = null;
  let count = 0;
  for (let n = 1; n <= words.length; n++) {
    const partial = words.slice(0, n).join(' ');
    const conversation = createConversation({
      companyName,
      transferNumber: TRANSFER_NUMBER,
      knowledge,
      meaning,
    });
    conversation.greet();
    if (!conversation.needsMeaning(partial)) continue;
    const sentence = questionSentence(partial);
    if (sentence === last) continue;
    last = sentence;
    count++;
  }
  return count;
}

type Quality = ReturnType<typeof qualityOf>;

function printSummary(r: {
  quality: Quality;
  qualityBySplit: Record<string, Quality>;
  latencyMs: {
    turn: Record<string, number>;
    turnWithPartialPrompts: Record<string, Record<string, number>>;
    embeddingsPerQuestion: { withPartialPrompts: number; finalPromptOnly: number } | null;
    setupToGreeting: Record<string, number>;
  };
  ingestion: Record<string, number | null>;
  large: Record<string, unknown>;
}) {
  const q = r.quality;
  const pct = (n: number | undefined) => `${((n ?? 0) * 100).toFixed(1)}%`;
  console.log('');
  console.log('call outcome (the simulated caller answers the agent\'s "are you asking …?" truthfully):');
  console.log(`answerable accuracy      ${pct(q.answerableAccuracy)}   (target >= 90%)`);
  console.log(
    `escalation accuracy      ${pct(q.escalationAccuracy)}   (target >= 90%, unanswerable variant)`,
  );
  console.log(`wrong-answer rate        ${pct(q.wrongAnswerRate)}   (target <= 5%)`);
  console.log(`token F1 (spoken answer) ${q.f1}   (${q.f1WhenCorrect} when correct)`);
  const c = q.confirmationsAsked;
  console.log(
    `first turn only          answerable ${pct(q.firstTurn.answerableAccuracy)}, escalation ${pct(q.firstTurn.escalationAccuracy)} (a confirmation question counts as neither)`,
  );
  console.log(
    `confirmations asked      ${pct(c.answerable)} of answerable (confirmed ${pct(c.confirmedYes)}), ${pct(c.unanswerable)} of unanswerable questions`,
  );
  for (const [k, s] of Object.entries(r.qualityBySplit)) {
    console.log(
      `  split ${k}: answerable ${pct(s.answerableAccuracy)}, escalation ${pct(s.escalationAccuracy)}, wrong ${pct(s.wrongAnswerRate)} (${s.turns} turns)`,
    );
  }
  const t = r.latencyMs.turn;
  console.log(`turn latency ms          p50 ${t.p50}  p95 ${t.p95}  max ${t.max}   (target p95 <= 25)`);
  const partial = Object.entries(r.latencyMs.turnWithPartialPrompts)
    .map(([pause, s]) => `p95 ${s.p95} after a ${pause.replace('msPause', ' ms')} pause`)
    .join(', ');
  const e = r.latencyMs.embeddingsPerQuestion;
  console.log(
    `  with partial prompts   ${partial}${e ? ` (sentences embedded per question: ${e.withPartialPrompts}, against ${e.finalPromptOnly} without)` : ''}`,
  );
  const g = r.latencyMs.setupToGreeting;
  console.log(`setup -> greeting ms     p50 ${g.p50}  p95 ${g.p95}  max ${g.max}   (target <= 10)`);
  console.log(
    `ingestion                ${r.ingestion.businesses} businesses, ${r.ingestion.passages} passages, ${r.ingestion.totalMs} ms total`,
  );
  console.log(
    r.ingestion.vectorMsPerPassage === null
      ? 'search by meaning        off (BENCH_MEANING=0)'
      : `search by meaning        ${r.ingestion.vectorMsPerPassage} ms per passage at ingestion (its vector)`,
  );
  const l = r.large as {
    passages: number;
    ingestMs: number;
    indexBuildMs: number;
    setupToGreetingMs: number;
    setupToGreetingWithCachedIndexMs: number;
    turn: Record<string, number>;
    answeredRate: number;
    accuracy: number;
  };
  console.log(
    `large: ${l.passages} passages, ingest ${l.ingestMs} ms, index ${l.indexBuildMs} ms, setup->greeting ${l.setupToGreetingMs} ms (${l.setupToGreetingWithCachedIndexMs} ms with the agent's index cached)`,
  );
  console.log(
    `large turn latency ms    p50 ${l.turn.p50}  p95 ${l.turn.p95}  max ${l.turn.max}   (target p95 <= 50)`,
  );
  console.log(
    `large (informational)    answered ${pct(l.answeredRate)}, from the gold passage ${pct(l.accuracy)}`,
  );
}

await main();
