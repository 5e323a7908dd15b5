/**
 * A large agent's knowledge in the call runtime: `npm run bench:knowledge` (BENCH_PASSAGES, default 12000;
 * BENCH_RUNS, default 3).
 *
 * The passages are real web pages through the product's ingestion: every document of the multi-turn sets (saved
 * public-sector and documentation sites), taken again under other names until there are BENCH_PASSAGES, as one
 * business whose site runs to hundreds of pages. Prints
 * 1. the time to build what a call searches (the word index and the meaning index) from the loaded rows, whole and
 *    in slices as KnowledgeCache builds it, with the longest the event loop waited meanwhile (what a turn of another
 *    business's call on the instance may wait), median of BENCH_RUNS; the same for the recogniser's speech hints;
 * 2. the heap one such agent holds once built (with the vectors): what KnowledgeCache's bound on passages is set from;
 * 3. the turn latency of the `sites` set's first questions against it (median of BENCH_RUNS runs of p50 and p95);
 * 4. the time to load the passages and their vectors from the embedded database (PGlite, in memory), as a call's
 *    setup does, with the longest the event loop waited meanwhile.
 * The machine is shared: the figures move with the load, so the load average is printed with them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  buildKnowledgeIndex,
  buildKnowledgeIndexInSlices,
  type KnowledgePassage,
} from '#server/agent/retrieval/knowledge-index.ts';
import { MeaningIndex } from '#server/agent/retrieval/meaning.ts';
import { createConversation } from '#server/agent/turn-engine.ts';
import { speechHintsInSlices, speechHintsOf } from '#server/agent/speech-hints.ts';
import { loadAgentPassages } from '#server/accounts/agent-passages.ts';
import type { AgentRef } from '#server/accounts/agent-scope.ts';
import { vectorToBytes } from '#server/agent/retrieval/meaning.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { TRANSFER_NUMBER, ingestFile } from './lib/call.ts';
import { passageVectors, questionVector } from './lib/meaning.ts';
import { median, percentile, round } from './lib/metrics.ts';
import { readMultiturn } from './lib/multiturn-data.ts';

const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 12_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETS = ['sites', 'sites2', 'sites3', 'sites4', 'sites5', 'sites6', 'multiturn', 'multiturn2'];
const here = path.dirname(fileURLToPath(import.meta.url));
const COMPANY = 'the help desk';

async function realPassages(): Promise<KnowledgePassage[]> {
  const seen = new Set<string>();
  const passages: KnowledgePassage[] = [];
  for (const set of SETS) {
    const file = path.join(here, 'data', set, 'conversations.json');
    for (const business of readMultiturn(file).businesses) {
      for (const document of business.documents) {
        const at = path.resolve(path.dirname(file), document);
        // sites3's pages are Debian packages' documentation: left out when they are not installed.
        if (seen.has(at) || !existsSync(at)) continue;
        seen.add(at);
        passages.push(...(await ingestFile(`${set}-${path.basename(document)}`, readFileSync(at))));
      }
    }
  }
  return passages;
}

/** `base` taken again under other document names until there are `n` passages. */
function upTo(base: readonly KnowledgePassage[], n: number): KnowledgePassage[] {
  return Array.from({ length: n }, (_, i) => {
    const p = base[i % base.length]!;
    const copy = Math.floor(i / base.length);
    return copy === 0
      ? p
      : { ...p, id: `${p.id}~${copy}`, documentName: `copy ${copy} of ${p.documentName}` };
  });
}

/** An embedded database holding `rows` as one agent's documents and passages, as uploads store them. */
async function storedAgent(
  rows: { passage: KnowledgePassage; vector: Float32Array }[],
): Promise<{ db: Db; agent: AgentRef }> {
  const db = await createDatabase({});
  await migrateToLatest(db);
  const user = await db
    .insertInto('users')
    .values({ email: 'owner@example.com' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: agentId } = await db
    .insertInto('agent_configs')
    .values({
      user_id: user.id,
      company_name: COMPANY,
      contact_email: 'owner@example.com',
      twilio_phone_number: '+15550100',
      config_data: {},
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const documents = new Map<string, { id: string; next: number }>();
  for (let at = 0; at < rows.length; at += 500) {
    const values = [];
    for (const { passage, vector } of rows.slice(at, at + 500)) {
      let document = documents.get(passage.documentName);
      if (!document) {
        const { id } = await db
          .insertInto('documents')
          .values({
            agent_id: agentId,
            user_id: user.id,
            name: passage.documentName,
            blob_key: passage.documentName,
            kind: 'html',
            size_bytes: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        documents.set(passage.documentName, (document = { id, next: 0 }));
      }
      values.push({
        agent_id: agentId,
        document_id: document.id,
        user_id: user.id,
        ord: document.next++,
        heading: passage.heading,
        page: passage.page,
        text: passage.text,
        vector: vectorToBytes(vector),
      });
    }
    await db.insertInto('passages').values(values).execute();
  }
  return { db, agent: { userId: user.id, agentId } };
}

/** Runs `work` with a 1 ms timer beside it: its time, and the longest the timer waited (what other calls wait). */
async function timedWithWaits<T>(
  work: () => Promise<T>,
): Promise<{ ms: number; waitedMs: number; result: T }> {
  let last = performance.now();
  let waitedMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    waitedMs = Math.max(waitedMs, now - last);
    last = now;
  }, 1);
  const t = performance.now();
  const result = await work();
  const ms = performance.now() - t;
  await new Promise((resolve) => setTimeout(resolve, 5)); // the timer's wait over the end of the work is counted
  clearInterval(timer);
  return { ms, waitedMs, result };
}

function heapMb(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function main() {
  const base = await realPassages();
  const passages = upTo(base, PASSAGES);
  const vectors = await passageVectors(passages);
  const rows = passages.map((passage, i) => ({ passage, vector: vectors[i]! }));
  console.log(
    `${passages.length} passages (${base.length} distinct, from ${SETS.join(', ')}), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const buildMs: number[] = [];
  const build = () => {
    const t = performance.now();
    const built = {
      index: buildKnowledgeIndex(passages, { companyName: COMPANY }),
      meaning: new MeaningIndex(rows),
    };
    buildMs.push(performance.now() - t);
    return built;
  };
  for (let i = 0; i < RUNS; i++) build();
  const slicedMs: number[] = [];
  const waitedMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, waitedMs: waited } = await timedWithWaits(async () => {
      await buildKnowledgeIndexInSlices(passages, { companyName: COMPANY });
      return MeaningIndex.inSlices(rows);
    });
    slicedMs.push(ms);
    waitedMs.push(waited);
  }

  const hintsMs: number[] = [];
  const hintsWaitedMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    speechHintsOf(passages, COMPANY);
    hintsMs.push(performance.now() - t);
    hintsWaitedMs.push((await timedWithWaits(() => speechHintsInSlices(passages, COMPANY))).waitedMs);
  }

  // The vectors stand for what the database rows hold: loaded per build, so they count in an agent's heap.
  const before = heapMb();
  const held = Array.from({ length: RUNS }, () => ({
    index: buildKnowledgeIndex(passages, { companyName: COMPANY }),
    meaning: new MeaningIndex(rows.map((r) => ({ passage: { ...r.passage }, vector: r.vector.slice() }))),
  }));
  const perAgentMb = (heapMb() - before) / held.length;

  const { index, meaning } = held[0]!;
  const questions = readMultiturn(path.join(here, 'data', 'sites', 'conversations.json')).conversations.map(
    (c) => c.turns[0]!.caller,
  );
  const vectorOf = new Map<string, { vector: Float32Array; ms: number }>();
  for (const q of questions) vectorOf.set(q, (await questionVector(q))!);
  const p50: number[] = [];
  const p95: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const turns = questions.map((q) => {
      const call = createConversation({
        companyName: COMPANY,
        transferNumber: TRANSFER_NUMBER,
        knowledge: index,
        meaning,
      });
      call.greet();
      const t = performance.now();
      const v = call.needsMeaning(q) ? vectorOf.get(q)! : null;
      call.onCallerText(q, v?.vector);
      return performance.now() - t + (v?.ms ?? 0);
    });
    p50.push(percentile(turns, 50));
    p95.push(percentile(turns, 95));
  }

  const stored = await storedAgent(rows);
  const loads = [];
  for (let i = 0; i < RUNS; i++)
    loads.push(await timedWithWaits(() => loadAgentPassages(stored.db, stored.agent)));
  if (loads[0]!.result.length !== passages.length)
    throw new Error(`loaded ${loads[0]!.result.length} passages`);
  await stored.db.destroy();

  console.log(
    `build (word + meaning index) ms   median ${round(median(buildMs), 0)}  runs ${buildMs.map((m) => round(m, 0)).join(' ')}`,
  );
  console.log(
    `built in slices ms                median ${round(median(slicedMs), 0)}  longest wait of the event loop ${round(median(waitedMs), 0)} ms`,
  );
  console.log(
    `speech hints ms                   median ${round(median(hintsMs), 0)}; in slices, longest wait of the event loop ${round(median(hintsWaitedMs), 0)} ms`,
  );
  console.log(
    `heap held per agent MB            ${round(perAgentMb, 1)}  (${round((perAgentMb * 1024) / passages.length, 2)} KB a passage${globalThis.gc ? '' : '; run with node --expose-gc for a settled figure'})`,
  );
  console.log(
    `turn ms (${questions.length} first questions of sites)  p50 ${round(median(p50), 1)}  p95 ${round(median(p95), 1)}   (target p95 <= 50)`,
  );
  console.log(
    `load from the embedded database ms median ${round(median(loads.map((l) => l.ms)), 0)}  longest wait of the event loop ${round(median(loads.map((l) => l.waitedMs)), 0)} ms`,
  );
}

await main();
