/**
 * Load benchmark of the call runtime: `npm run bench:calls`.
 *
 * One server (the real app, embedded PGlite, local providers, the shipped sentence encoder) takes CALLS
 * simultaneous calls over real WebSockets speaking ConversationRelay, like Twilio or the softphone: every caller
 * hears the greeting, asks a question in other words than the documents' (the agent embeds it and asks "are you
 * asking about parking?"; the caller says yes), then QUESTIONS questions answered from its business's documents, then
 * asks for a person and is transferred. Callers speak at WORD_MS a word and pause PAUSE_MS before each final
 * prompt, starting STAGGER_MS apart. Half the calls go to one busy business, the rest to their own businesses.
 *
 * The load runs twice: with final prompts only, then with a partial prompt per word as well (ConversationRelay's
 * `partialPrompts`), which lets the runtime embed a question while the caller is still saying it. It prints
 * per-turn latency (p50/p95/max, from the final prompt to the reply, measured at the caller), that of the turns
 * whose question had to be embedded, and exits non-zero unless every call got every answer and was recorded once.
 */
import { splitIntoPassages } from '#server/agent/passages.ts';
import { embedPendingPassages } from '#server/features/knowledge/passage-vectors.ts';
import { replaceDocument } from '#server/features/knowledge/knowledge.repository.ts';
import { addBusiness, dialIn, startLiveApp, TRANSFER_TO } from './lib/live-app.ts';

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
  const { db, providers, port, close } = await startLiveApp('/tmp/answerdesk-bench-calls');

  // Businesses: an owner on Pro with an active agent, a number and the FAQ.
  const numbers: string[] = [];
  for (let i = 0; i < BUSINESSES; i++) {
    const number = `+1555010${String(i).padStart(2, '0')}`;
    numbers.push(number);
    const agent = await addBusiness(db, { key: String(i), companyName: `Business ${i}`, number });
    await replaceDocument(db, agent, {
      name: 'faq.txt',
      blobKey: `bench/${i}`,
      kind: 'txt',
      sizeBytes: FAQ.length,
      pageCount: null,
      passages: splitIntoPassages([{ page: null, text: FAQ }]),
    });
  }

  // Passage vectors, as the background loop stores them after an upload.
  while ((await embedPendingPassages(db, providers.encoder, 64)) > 0);
  await providers.encoder.embed([PARAPHRASE[0]], 'call'); // the first question a model sees is slower

  const failures: string[] = [];

  async function call(index: number, round: Round): Promise<void> {
    await sleep(index * STAGGER_MS);
    // Half the calls ring the same busy business; the others each ring their own.
    const to = index % 2 === 0 ? numbers[0]! : numbers[Math.min(numbers.length - 1, Math.ceil(index / 2))]!;
    const caller = await dialIn(port);
    /** Sends `message` and waits for the reply; its latency counts in every turn's figures, and in `also`. */
    const timed = async (message: object, also?: number[]) => {
      const started = performance.now();
      const r = await caller.ask(message);
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
          caller.send({ type: 'prompt', voicePrompt: words.slice(0, n).join(' '), last: false });
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
    // The paraphrase first: an offer by meaning needs more likelihood later in a call (ADR 010, the offer model).
    const [paraphrase, offer] = PARAPHRASE;
    const asked = await say(paraphrase, round.embedded);
    if (!offer.test(asked.text))
      failures.push(`${round.name} call ${index}: "${paraphrase}" -> "${asked.text}"`);
    const yes = await say('yes');
    if (!/Elm Street/.test(yes.text)) failures.push(`${round.name} call ${index}: "yes" -> "${yes.text}"`);
    for (const [question, expected] of QUESTIONS) {
      const answer = await say(question);
      if (!expected.test(answer.text))
        failures.push(`${round.name} call ${index}: "${question}" -> "${answer.text}"`);
    }
    const transfer = await say('Let me talk to a person please');
    if (!transfer.end?.includes(TRANSFER_TO))
      failures.push(`${round.name} call ${index}: no transfer (${transfer.end})`);
    caller.hangUp();
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

  await close();
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
