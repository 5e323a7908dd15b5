/**
 * Voice latency of a test call: `npm run bench:voice`.
 *
 * One server (the real app, embedded PGlite, local providers: eSpeak NG in WASM) and a signed-in owner calling
 * their own agent over the relay WebSocket with their session, as the /phone softphone does. For every reply
 * (the greeting, then QUESTIONS answers, on CALLS calls) it measures, at the caller, the time from the reply's
 * arrival (its `play` messages come with its words) to the first byte of its first sentence's audio, fetched
 * like the browser does (GET with the session cookie). The rest of each reply's sentences is then fetched as the
 * softphone does while the first plays, and the caller listens to the whole reply (its audio's length) and
 * PAUSE_MS more before asking again.
 *
 * Prints p50/p95/max next to the target (p95 <= 150 ms on an idle machine) and the process's very first reply
 * apart (it also compiles the 18 MB WASM module once). Exits non-zero when a reply had no audio.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { splitIntoPassages } from '#server/agent/passages.ts';
import { seedAgentConfig, seedSubscription } from '#server/test/seed.ts';
import { startLiveApp } from './lib/live-app.ts';
import { percentile } from './lib/metrics.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 4);
/** After hearing a reply (its audio's length), the caller thinks this long before the next question. */
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 300);
const VOICE = process.env.BENCH_VOICE ?? 'en-us+f3';
const TARGET_P95_MS = 150;

const FAQ = `# Opening hours
We are open Monday to Friday from 8 a.m. to 6 p.m. We are closed on Sundays.

# Parking
Free parking is available behind the building, entrance on Elm Street.

# Payment methods
We accept cash, all major credit cards and Apple Pay. We do not accept checks.

# Boiler repair
A boiler repair visit costs 95 dollars for the first hour, parts are extra.`;

const QUESTIONS = [
  'What are your opening hours?',
  'Where can I park?',
  'Which payment methods do you accept?',
  'How much is a boiler repair?',
  'Do you accept Apple Pay?',
];

interface Message {
  type: string;
  token?: string;
  last?: boolean;
  source?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

/**
 * The server side, in its own process: the server's synthesis runs on its main thread, so a caller in the same
 * process would only see the reply once the synthesis ended and measure nothing. Prints where to call, then serves
 * until the parent ends it.
 */
async function serve(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'answerdesk-bench-voice-'));
  const { db, port, close } = await startLiveApp(dataDir, { PASSWORD_HASH_COST: '12' });
  const base = `http://127.0.0.1:${port}`;

  // The owner signs up through the API (a session cookie, as in the browser), then gets a plan, an agent in VOICE
  // and the FAQ.
  const jar = new Map<string, string>();
  cookiesOf(await fetch(`${base}/api/health`), jar);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': jar.get('XSRF-TOKEN')!, cookie: cookie() },
    body: JSON.stringify({ email: 'owner@bench.test', password: 'correct-horse-42', name: 'Bench Owner' }),
  });
  if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  cookiesOf(registered, jar);
  const { user } = (await registered.json()) as { user: { id: string } };
  const number = '+15550100999';
  await seedSubscription(db, user.id, { now: new Date(), plan: 'pro' });
  await seedAgentConfig(db, {
    user_id: user.id,
    twilio_phone_number: number,
    voice_id: VOICE,
    status: 'active',
  });
  const doc = await db
    .insertInto('documents')
    .values({ user_id: user.id, name: 'faq.txt', blob_key: 'bench/faq', kind: 'txt', size_bytes: FAQ.length })
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

  process.stdout.write(`${JSON.stringify({ base, cookie: cookie(), number })}\n`);
  const stop = async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
}

/** The caller side: starts the server process, calls it and measures. */
async function main(): Promise<void> {
  const server = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let output = '';
  const { base, cookie, number } = await new Promise<{ base: string; cookie: string; number: string }>(
    (resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line) as { base: string; cookie: string; number: string });
      });
      server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
    },
  );
  const firstByte: number[] = [];
  /** The server's own time to speak each first sentence (its Server-Timing header). */
  const speakMs: number[] = [];
  let cold = null as number | null;
  const failures: string[] = [];
  let sentences = 0;

  /** GET one sentence's audio; resolves with when its first byte arrived and how long it speaks, once read. */
  async function fetchAudio(source: string): Promise<{ first: number; seconds: number; speak: number }> {
    const response = await fetch(`${base}${source}`, { headers: { cookie } });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('audio/')) {
      throw new Error(`${source}: ${response.status} ${response.headers.get('content-type')}`);
    }
    const reader = response.body!.getReader();
    let first: number | null = null;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (first === null && value.length > 0) first = performance.now();
      bytes += value.length;
    }
    sentences += 1;
    // 22050 Hz, 16-bit mono after the 44-byte header.
    const speak = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
    return { first: first ?? performance.now(), seconds: Math.max(0, bytes - 44) / 44_100, speak };
  }

  for (let c = 0; c < CALLS; c++) {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/twilio/conversation-relay`, {
      headers: { cookie },
    });
    await once(ws, 'open');
    const inbox: { message: Message; at: number }[] = [];
    let wake: (() => void) | null = null;
    ws.on('message', (data: Buffer) => {
      inbox.push({ message: JSON.parse(String(data)) as Message, at: performance.now() });
      wake?.();
    });
    /** The next reply: when it arrived, its audio sources and its words. */
    const reply = async () => {
      const sources: string[] = [];
      let arrived: number | null = null;
      let text = '';
      const deadline = Date.now() + 15_000;
      for (;;) {
        const next = inbox.shift();
        if (!next) {
          if (Date.now() > deadline) throw new Error(`no reply; so far: ${text}`);
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 50);
          });
          continue;
        }
        arrived ??= next.at;
        if (next.message.type === 'play') sources.push(next.message.source!);
        if (next.message.type === 'text') {
          text += next.message.token ?? '';
          if (next.message.last) return { arrived, sources, text: text.trim() };
        }
      }
    };
    const listen = async (label: string) => {
      const { arrived, sources, text } = await reply();
      if (sources.length === 0) {
        failures.push(`${label}: no audio for "${text}"`);
        return;
      }
      let seconds = 0;
      try {
        const first = await fetchAudio(sources[0]!);
        const ms = first.first - arrived;
        if (cold === null) cold = ms;
        else {
          firstByte.push(ms);
          speakMs.push(first.speak);
        }
        seconds += first.seconds;
        // The softphone fetches the next sentences while the first plays.
        for (const source of sources.slice(1)) seconds += (await fetchAudio(source)).seconds;
      } catch (error) {
        failures.push(`${label}: ${String(error)}`);
      }
      // The caller hears the reply out, then asks the next question.
      await sleep(seconds * 1000 + PAUSE_MS);
    };

    ws.send(
      JSON.stringify({
        type: 'setup',
        callSid: `CA${String(c).padStart(32, '0')}`,
        from: '+15551230000',
        to: number,
        customParameters: { source: 'softphone' },
      }),
    );
    await listen(`call ${c} greeting`);
    for (const question of QUESTIONS) {
      ws.send(JSON.stringify({ type: 'prompt', voicePrompt: question, lang: 'en-US', last: true }));
      await listen(`call ${c} "${question}"`);
    }
    ws.close();
    await once(ws, 'close');
  }

  server.kill();

  const p50 = percentile(firstByte, 50);
  const p95 = percentile(firstByte, 95);
  const max = Math.max(...firstByte);
  const verdict = p95 <= TARGET_P95_MS ? 'within' : 'OVER';
  console.log(`voice ${VOICE}: ${firstByte.length} replies on ${CALLS} calls, ${sentences} sentences spoken`);
  console.log(
    `reply text -> first audio byte: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms` +
      ` (target p95 <= ${TARGET_P95_MS} ms: ${verdict})`,
  );
  console.log(
    `of which the request still waited for its synthesis (started when the reply was sent): p50 ${percentile(speakMs, 50).toFixed(0)} ms, p95 ${percentile(speakMs, 95).toFixed(0)} ms`,
  );
  console.log(`first reply of the process (compiles the WASM module): ${cold?.toFixed(0)} ms, not counted`);
  const load = os.loadavg()[0]!;
  console.log(`machine load (1 min): ${load.toFixed(2)} on ${os.cpus().length} cores`);
  if (process.env.BENCH_OUT) {
    writeFileSync(
      process.env.BENCH_OUT,
      `${JSON.stringify({ voice: VOICE, replies: firstByte.length, p50, p95, max, cold, load, target: TARGET_P95_MS }, null, 2)}\n`,
    );
  }
  if (failures.length > 0) {
    console.error(`FAILED:\n${failures.join('\n')}`);
    process.exit(1);
  }
}

(process.env.BENCH_ROLE === 'server' ? serve() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
