/**
 * Load benchmark of the call runtime: `npm run bench:calls`.
 *
 * One server (the real app, embedded PGlite, local providers, the shipped sentence encoder) takes CALLS
 * simultaneous calls over real WebSockets speaking ConversationRelay, like Twilio or the softphone: every caller
 * hears the greeting, asks QUESTIONS questions answered from its business's documents, one question in other words
 * than the documents' (the agent embeds it and asks "are you asking about parking?"; the caller says yes), then
 * asks for a person and is transferred. Callers speak at WORD_MS a word and pause PAUSE_MS before each final
 * prompt, starting STAGGER_MS apart. Half the calls go to one busy business, the rest to their own businesses.
 *
 * The load runs twice: with final prompts only, then with a partial prompt per word as well (ConversationRelay's
 * `partialPrompts`), which lets the runtime embed a question while the caller is still saying it. It prints
 * per-turn latency (p50/p95/max, from the final prompt to the reply, measured at the caller), that of the turns
 * whose question had to be embedded, and exits non-zero unless every call got every answer and was recorded once.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import WebSocket from 'ws';
import { buildApp } from '#server/app.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { parseEnv } from '#server/env.ts';
import { systemClock } from '#server/lib/clock.ts';
import { createLocalProviders } from '#server/providers/index.ts';
import { grantPlanPeriod } from '#server/entitlements/minutes.ts';
import { splitIntoPassages } from '#server/agent/passages.ts';
import { embedPendingPassages } from '#server/features/knowledge/passage-vectors.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const BUSINESSES = Math.max(1, Math.ceil(CALLS / 2));
/** Speaking pace: a word every WORD_MS, then PAUSE_MS of silence before the recogniser's final prompt. */
const WORD_MS = Number(process.env.BENCH_WORD_MS ?? 250);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 300);
/** Callers do not all ring at the same instant. */
const STAGGER_MS = Number(process.env.BENCH_STAGGER_MS ?? 100);

const FAQ = `# Opening hours
We are open Monday to Friday from 8 a.m. to 6 p.m. We are closed on Sundays.

# Parking
Free parking is available behind the building, entrance on Elm Street.

# Payment methods
We accept cash, all major credit cards and Apple Pay.

# Boiler repair
A boiler repair visit costs 95 dollars for the first hour, parts are extra.`;

const QUESTIONS: [string, RegExp][] = [
  ['What are your opening hours?', /Monday to Friday/],
  ['Where can I park?', /Elm Street/],
  ['Which payment methods do you accept?', /credit cards/],
  ['How much is a boiler repair?', /95 dollars/],
];
/** In other words than the documents': the agent embeds it and offers the entry it means. */
const PARAPHRASE: [string, RegExp] = [
  'is there somewhere to put my car near the building',
  /asking about parking/,
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const env = parseEnv({
    NODE_ENV: 'test',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    DATA_DIR: '/tmp/answerdesk-bench-calls',
  });
  const db = await createDatabase({});
  await migrateToLatest(db);
  const log = pino({ level: 'silent' });
  const providers = createLocalProviders({ env, db, clock: systemClock, log });
  const app = await buildApp({ env, db, clock: systemClock, providers });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  // Businesses: an owner on Pro with an active agent, a number and the FAQ.
  const now = new Date();
  const numbers: string[] = [];
  for (let i = 0; i < BUSINESSES; i++) {
    const user = await db
      .insertInto('users')
      .values({ email: `owner${i}@bench.test`, name: `Owner ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sub = await db
      .insertInto('subscriptions')
      .values({
        user_id: user.id,
        plan: 'pro',
        status: 'active',
        base_amount_cents: 29900,
        amount_cents: 29900,
        provider: 'local',
        current_period_start: now,
        current_period_end: new Date(now.getTime() + 30 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grantPlanPeriod(db, {
      userId: user.id,
      subscriptionId: sub.id,
      minutes: 650,
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * 86_400_000),
      now,
    });
    const number = `+1555010${String(i).padStart(2, '0')}`;
    numbers.push(number);
    await db
      .insertInto('agent_configs')
      .values({
        user_id: user.id,
        company_name: `Business ${i}`,
        contact_email: `owner${i}@bench.test`,
        twilio_phone_number: number,
        transfer_phone_number: '+15557654321',
        voice_id: 'en-us+f3',
        status: 'active',
        config_data: JSON.stringify({}),
      })
      .execute();
    const doc = await db
      .insertInto('documents')
      .values({
        user_id: user.id,
        name: 'faq.txt',
        blob_key: `bench/${i}`,
        kind: 'txt',
        size_bytes: FAQ.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('passages')
      .values(
        splitIntoPassages([{ page: null, text: FAQ }]).map((p) => ({
          document_id: doc.id,
          user_id: user.id,
          ord: p.ord,
          heading: p.heading,
          page: p.page,
          text: p.text,
        })),
      )
      .execute();
  }

  // Passage vectors, as the background loop stores them after an upload.
  while ((await embedPendingPassages(db, providers.encoder, 64)) > 0);
  await providers.encoder.embed([PARAPHRASE[0]], 'call'); // the first question a model sees is slower

  const failures: string[] = [];

  async function call(index: number, round: Round): Promise<void> {
    await sleep(index * STAGGER_MS);
    // Half the calls ring the same busy business; the others each ring their own.
    const to = index % 2 === 0 ? numbers[0]! : numbers[Math.min(numbers.length - 1, Math.ceil(index / 2))]!;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/twilio/conversation-relay`);
    await once(ws, 'open');
    const inbox: { type: string; token?: string; last?: boolean; handoffData?: string }[] = [];
    let wake: (() => void) | null = null;
    ws.on('message', (data: Buffer) => {
      inbox.push(JSON.parse(String(data)));
      wake?.();
    });
    const reply = async (): Promise<{ text: string; end: string | null }> => {
      let text = '';
      const deadline = Date.now() + 15_000;
      for (;;) {
        const m = inbox.shift();
        if (!m) {
          if (Date.now() > deadline) throw new Error('timeout');
          await new Promise<void>((r) => {
            wake = r;
            setTimeout(r, 100);
          });
          continue;
        }
        if (m.type === 'end') return { text, end: m.handoffData ?? '' };
        text += m.token ?? '';
        if (m.last) {
          await new Promise((r) => setTimeout(r, 5));
          if (inbox[0]?.type === 'end') return { text, end: inbox.shift()!.handoffData ?? '' };
          return { text, end: null };
        }
      }
    };
    /** Sends `message` and waits for the reply; its latency counts in every turn's figures, and in `also`. */
    const timed = async (message: object, also?: number[]) => {
      const started = performance.now();
      ws.send(JSON.stringify(message));
      const r = await reply();
      const ms = performance.now() - started;
      round.latencies.push(ms);
      also?.push(ms);
      return r;
    };
    /** The caller says `text` at speaking pace; the time from the final prompt to the reply is measured. */
    const say = async (text: string, also?: number[]) => {
      const words = text.split(' ');
      for (let n = 1; n <= words.length; n++) {
        await sleep(WORD_MS);
        if (round.partialPrompts) {
          ws.send(JSON.stringify({ type: 'prompt', voicePrompt: words.slice(0, n).join(' '), last: false }));
        }
      }
      await sleep(PAUSE_MS);
      return timed({ type: 'prompt', voicePrompt: text, last: true }, also);
    };
    const greeting = await timed({
      type: 'setup',
      callSid: `CAbench${round.name}${index}`,
      from: `+1555900${String(index).padStart(4, '0')}`,
      to,
    });
    if (!/^Thanks for calling/.test(greeting.text))
      failures.push(`${round.name} call ${index}: greeting "${greeting.text}"`);
    for (const [question, expected] of QUESTIONS) {
      const answer = await say(question);
      if (!expected.test(answer.text))
        failures.push(`${round.name} call ${index}: "${question}" -> "${answer.text}"`);
    }
    const [paraphrase, offer] = PARAPHRASE;
    const asked = await say(paraphrase, round.embedded);
    if (!offer.test(asked.text))
      failures.push(`${round.name} call ${index}: "${paraphrase}" -> "${asked.text}"`);
    const yes = await say('yes');
    if (!/Elm Street/.test(yes.text)) failures.push(`${round.name} call ${index}: "yes" -> "${yes.text}"`);
    const transfer = await say('Let me talk to a person please');
    if (!transfer.end?.includes('+15557654321'))
      failures.push(`${round.name} call ${index}: no transfer (${transfer.end})`);
    ws.close();
  }

  interface Round {
    name: string;
    partialPrompts: boolean;
    latencies: number[];
    /** The turns whose question had to be embedded (the paraphrase). */
    embedded: number[];
    wallMs: number;
  }
  const rounds: Round[] = [];
  for (const partialPrompts of [false, true]) {
    const round: Round = {
      name: partialPrompts ? 'partial' : 'final',
      partialPrompts,
      latencies: [],
      embedded: [],
      wallMs: 0,
    };
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: CALLS }, (_, i) => call(i, round)));
    round.wallMs = performance.now() - started;
    results.forEach((r, i) => {
      if (r.status === 'rejected') failures.push(`${round.name} call ${i}: ${(r.reason as Error).message}`);
    });
    rounds.push(round);
  }

  // Every call recorded once, finished, with its answers' sources.
  const deadline = Date.now() + 10_000;
  let recorded = 0;
  while (Date.now() < deadline) {
    const rows = await db
      .selectFrom('calls')
      .select(['outcome', 'transcript'])
      .where('outcome', 'is not', null)
      .execute();
    recorded = rows.length;
    if (recorded >= 2 * CALLS) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (recorded !== 2 * CALLS) failures.push(`${recorded} of ${2 * CALLS} calls recorded`);

  const turns = 1 + QUESTIONS.length + 3;
  const figures = (xs: number[]) =>
    `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
  console.log(
    `calls: ${CALLS} simultaneous (${BUSINESSES} businesses), ${turns} turns each, a word every ${WORD_MS} ms, ${PAUSE_MS} ms pause before each final prompt, callers ${STAGGER_MS} ms apart`,
  );
  for (const round of rounds) {
    console.log(
      `${round.partialPrompts ? 'with partial prompts' : 'final prompts only  '}: ${(round.wallMs / 1000).toFixed(1)} s; every turn ${figures(round.latencies)}; turns embedding the question ${figures(round.embedded)}`,
    );
  }
  const answered = 2 * CALLS - new Set(failures.map((f) => f.split(':')[0])).size;
  console.log(`${answered}/${2 * CALLS} calls got all their answers and the transfer; ${recorded} recorded`);
  for (const f of failures.slice(0, 20)) console.log(`  FAIL ${f}`);

  await app.close();
  await db.destroy();
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
