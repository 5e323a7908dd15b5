import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { replySentences } from '../../../shared/reply-sentences.ts';
import { seedActiveAgent } from '../calls/calls-test-helpers.ts';
import { SPOKEN_REPLY_AFTER_END_MS } from '../calls/calls.service.ts';
import { databaseTargets, signUp, useTestApp, type TestContext } from '../../test/harness.ts';
import { synthesizeWav } from '../../providers/voices/espeak.ts';
import { createElevenLabsVoices } from '../../providers/voices/elevenlabs.ts';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../providers/hosted-agents/elevenlabs.fake.ts';

interface Message {
  type: string;
  token?: string;
  last?: boolean;
  source?: string;
}

/** The part of a `ws` client socket the softphone uses. */
interface ClientSocket {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: unknown) => void): void;
}

/** A softphone on the local phone network: every message the relay sends, and whole replies with their plays. */
class Softphone {
  readonly messages: Message[] = [];
  private constructor(private readonly ws: ClientSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as Message));
  }

  static async open(app: FastifyInstance, cookie?: string): Promise<Softphone> {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const ws: ClientSocket = new WebSocket(`ws://127.0.0.1:${port}/api/twilio/conversation-relay`, {
      headers: cookie ? { cookie } : {},
    });
    await once(ws as never, 'open');
    return new Softphone(ws);
  }

  send(message: Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  call(to: string): void {
    const id = Math.random().toString(16).slice(2).padEnd(32, '0');
    this.send({ type: 'setup', callSid: `CA${id}`, from: '+15551230000', to, customParameters: {} });
  }

  say(text: string): void {
    this.send({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true });
  }

  /** Reply number `n` (0 = the greeting): its messages in order, up to its last text token. */
  async reply(n: number): Promise<{ text: string; messages: Message[] }> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ends = this.messages.flatMap((m, i) => (m.type === 'text' && m.last ? [i] : []));
      if (ends.length > n) {
        const from = n === 0 ? 0 : ends[n - 1]! + 1;
        const messages = this.messages.slice(from, ends[n]! + 1);
        const text = messages.map((m) => m.token ?? '').join('');
        return { text: text.trim(), messages };
      }
      if (Date.now() > deadline) throw new Error(`no reply ${n}: ${JSON.stringify(this.messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async hangUp(): Promise<void> {
    this.ws.close();
    await once(this.ws as never, 'close');
  }
}

const sources = (messages: Message[]) => messages.filter((m) => m.type === 'play').map((m) => m.source!);

async function ledgerOf(ctx: TestContext, userId: string) {
  return ctx.db.selectFrom('minute_ledger').selectAll().where('user_id', '=', userId).execute();
}

async function openCall(ctx: TestContext, userId: string) {
  for (let i = 0; i < 100; i++) {
    const call = await ctx.db
      .selectFrom('calls')
      .select(['id', 'ended_at', 'billed_minutes'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (call) return call;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no call');
}

describe.each(databaseTargets())('test call replies in the agent voice (%s)', (target) => {
  const ctx = useTestApp(target);
  // Callum: no speaker variant (variants add random jitter) and no speed of its own, so the audio is reproducible.
  const VOICE = 'en-gb-scotland';

  it("speaks the owner's test call sentence by sentence in the chosen voice, without billing anything", async () => {
    const owner = await seedActiveAgent(ctx());
    await ctx()
      .db.updateTable('agent_configs')
      .set({ voice_id: VOICE })
      .where('user_id', '=', owner.userId)
      .execute();
    const phone = await Softphone.open(ctx().app, `session_token=${owner.client.cookie('session_token')}`);
    phone.call(owner.number);

    const greeting = await phone.reply(0);
    expect(greeting.text).toMatch(/^Thanks for calling Acme Plumbing/);
    // The audio is named first, so the softphone fetches it before it even shows the words.
    expect(greeting.messages[0]!.type).toBe('play');
    const call = await openCall(ctx(), owner.userId);
    const sentences = replySentences(greeting.text);
    expect(sentences.length).toBeGreaterThan(0);
    expect(sources(greeting.messages)).toEqual(
      sentences.map((_, k) => `/api/test-calls/${call.id}/replies/0/audio/${k}`),
    );

    const first = await owner.client.get(sources(greeting.messages)[0]!);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/wav');
    expect(first.headers['x-voice-id']).toBe(VOICE);
    // The greeting's first sentence, in the chosen voice: exactly what eSpeak NG says with it, not another voice.
    expect(first.rawPayload.equals(await synthesizeWav(VOICE, sentences[0]!))).toBe(true);
    expect(first.rawPayload.equals(await synthesizeWav('en-gb-x-rp', sentences[0]!))).toBe(false);

    const ledgerBefore = await ledgerOf(ctx(), owner.userId);
    phone.say('What are your opening hours?');
    const answer = await phone.reply(1);
    expect(answer.text).toContain('Monday to Friday from 8 a.m. to 6 p.m.');
    // One play per sentence ("8 a.m." does not end one), before the words.
    const answerSources = sources(answer.messages);
    expect(answerSources).toEqual([
      `/api/test-calls/${call.id}/replies/2/audio/0`,
      `/api/test-calls/${call.id}/replies/2/audio/1`,
    ]);
    expect(answer.messages.slice(0, 2).map((m) => m.type)).toEqual(['play', 'play']);
    const second = await owner.client.get(answerSources[1]!);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(await synthesizeWav(VOICE, 'We are closed on Sundays.'))).toBe(true);
    expect((await owner.client.get(`/api/test-calls/${call.id}/replies/2/audio/2`)).statusCode).toBe(404);
    // An entry the live call is nowhere near is refused at once, not waited for like the reply being written.
    const started = performance.now();
    expect((await owner.client.get(`/api/test-calls/${call.id}/replies/40/audio/0`)).statusCode).toBe(404);
    expect(performance.now() - started).toBeLessThan(1500);
    // The caller's own words are never spoken back.
    expect((await owner.client.get(`/api/test-calls/${call.id}/replies/1/audio/0`)).statusCode).toBe(404);
    // Listening to the replies holds or debits no minute.
    expect(await ledgerOf(ctx(), owner.userId)).toEqual(ledgerBefore);

    await phone.hangUp();
    const ended = await (async () => {
      for (;;) {
        const row = await openCall(ctx(), owner.userId);
        if (row.ended_at) return row;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // Billed as any short call: one minute.
    expect(ended.billed_minutes).toBe(1);
    // The goodbye may still be playing when the call ends; minutes later the call's audio is gone.
    expect((await owner.client.get(answerSources[0]!)).statusCode).toBe(200);
    ctx().clock.advance(SPOKEN_REPLY_AFTER_END_MS + 1000);
    expect((await owner.client.get(answerSources[0]!)).statusCode).toBe(404);
  });

  it("gives no one else the audio of the owner's call", async () => {
    const owner = await seedActiveAgent(ctx());
    const phone = await Softphone.open(ctx().app, `session_token=${owner.client.cookie('session_token')}`);
    phone.call(owner.number);
    const [source] = sources((await phone.reply(0)).messages);
    expect(source).toBeDefined();

    const other = await signUp(ctx().app);
    expect((await other.client.get(source!)).statusCode).toBe(404);
    const anonymous = await ctx().app.inject({ method: 'GET', url: source! });
    expect(anonymous.statusCode).toBe(401);
    expect((await owner.client.get('/api/test-calls/not-a-call/replies/0/audio/0')).statusCode).toBe(404);

    // Someone else dialling the owner's number (signed out, or signed in as another account) hears no audio.
    const stranger = await Softphone.open(ctx().app);
    stranger.call(owner.number);
    const strangerGreeting = await stranger.reply(0);
    expect(strangerGreeting.text).toMatch(/^Thanks for calling/);
    expect(sources(strangerGreeting.messages)).toEqual([]);
    const otherPhone = await Softphone.open(
      ctx().app,
      `session_token=${other.client.cookie('session_token')}`,
    );
    otherPhone.call(owner.number);
    expect(sources((await otherPhone.reply(0)).messages)).toEqual([]);
    await Promise.all([phone.hangUp(), stranger.hangUp(), otherPhone.hangUp()]);
  });

  it('never speaks the replies of a call Twilio carried', async () => {
    const owner = await seedActiveAgent(ctx());
    const call = await ctx()
      .db.insertInto('calls')
      .values({
        user_id: owner.userId,
        provider: 'twilio',
        provider_call_id: 'CA00000000000000000000000000000001',
        phone_number: '+15551230000',
        started_at: ctx().clock.now(),
        transcript: JSON.stringify([{ speaker: 'agent', text: 'Thanks for calling.', at_s: 0 }]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await owner.client.get(`/api/test-calls/${call.id}/replies/0/audio/0`)).statusCode).toBe(404);
  });
});

describe.each(databaseTargets())('test call replies with ElevenLabs (%s)', (target) => {
  let fake: FakeElevenLabs;
  beforeAll(async () => {
    fake = await startFakeElevenLabs();
  });
  afterAll(() => fake.close());
  const ctx = useTestApp(target, {
    providers: () => ({ voices: createElevenLabsVoices({ apiKey: fake.apiKey, baseUrl: fake.url }) }),
  });

  it('speaks each sentence with ElevenLabs TTS in the chosen voice, once', async () => {
    const voiceId = fake.voices[3]!.voice_id;
    const owner = await seedActiveAgent(ctx());
    await ctx()
      .db.updateTable('agent_configs')
      .set({ voice_id: voiceId })
      .where('user_id', '=', owner.userId)
      .execute();
    const phone = await Softphone.open(ctx().app, `session_token=${owner.client.cookie('session_token')}`);
    phone.call(owner.number);
    await phone.reply(0);
    phone.say('What are your opening hours?');
    const answer = await phone.reply(1);
    const [firstSource, secondSource] = sources(answer.messages);

    const spoken = await owner.client.get(secondSource!);
    expect(spoken.statusCode).toBe(200);
    expect(spoken.headers['content-type']).toBe('audio/mpeg');
    expect(spoken.headers['x-voice-id']).toBe(voiceId);
    expect(spoken.rawPayload.subarray(0, 3).toString()).toBe('ID3');
    expect(spoken.rawPayload.toString('latin1')).toMatch(
      new RegExp(`${voiceId}:We are closed on Sundays\\.$`),
    );
    const requests = fake.find('POST', `/v1/text-to-speech/${voiceId}/stream`);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.search).toContain('output_format=mp3_22050_32');
    expect(requests[0]!.body).toMatchObject({
      text: 'We are closed on Sundays.',
      model_id: 'eleven_flash_v2_5',
      previous_text: expect.stringContaining('Monday to Friday'),
    });
    // Fetched again (a retry, a replay): served without asking (and billing) ElevenLabs again.
    expect((await owner.client.get(secondSource!)).rawPayload.equals(spoken.rawPayload)).toBe(true);
    expect(fake.find('POST', `/v1/text-to-speech/${voiceId}/stream`)).toHaveLength(1);

    fake.failures.set('POST /v1/text-to-speech', 400);
    const failed = await owner.client.get(firstSource!);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toBe('The voice service is unavailable right now. Please try again.');
    fake.failures.clear();
    await phone.hangUp();
  });
});
