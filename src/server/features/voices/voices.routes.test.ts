import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, signUp, useTestApp, TestClient } from '../../test/harness.ts';
import { createLocalVoices } from '../../providers/voices/local.ts';
import { synthesizeWav } from '../../providers/voices/espeak.ts';
import { createElevenLabsVoices } from '../../providers/voices/elevenlabs.ts';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../providers/hosted-agents/elevenlabs.fake.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voices-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Counts real syntheses so the tests can tell a cache hit from a new synthesis. */
let syntheses = 0;
const countingSynth = async (voice: string, text: string, options: { speed?: number }) => {
  syntheses += 1;
  return synthesizeWav(voice, text, options);
};
describe.each(databaseTargets())('voices, local eSpeak NG (%s)', (target) => {
  // One data folder per database target: a preview cached by one run must not satisfy the other's.
  const targetDir = path.join(dataDir, target);
  const previewDir = path.join(targetDir, 'cache', 'voice-previews');
  const ctx = useTestApp(target, {
    env: { DATA_DIR: targetDir },
    providers: () => ({ voices: createLocalVoices({ cacheDir: previewDir, synthesize: countingSynth }) }),
  });

  it('lists at least 38 voices, each with a human name, a description and labels', async () => {
    const { client } = await signUp(ctx().app);
    const response = await client.get('/api/elevenlabs/voices');
    expect(response.statusCode).toBe(200);
    const { voices } = response.json();
    expect(voices.length).toBeGreaterThanOrEqual(38);
    const ids = new Set(voices.map((v: { voice_id: string }) => v.voice_id));
    expect(ids.size).toBe(voices.length);
    for (const voice of voices) {
      expect(voice.name).toMatch(/^[A-Z][a-z]+ — .+, .+ (female|male)$/);
      expect(voice.description).toBeTruthy();
      expect(Object.keys(voice.labels)).toEqual(
        expect.arrayContaining(['accent', 'gender', 'age', 'use_case', 'description']),
      );
    }
    expect(voices.find((v: { voice_id: string }) => v.voice_id === 'en-us+f3').name).toBe(
      'Ava — US English, warm young female',
    );
    expect([...ids]).toEqual(expect.arrayContaining(['en-gb-scotland', 'en-gb-x-rp', 'en-029', 'en-us+m7']));
  });

  it('previews a voice as real WAV audio, cached in memory and on disk', async () => {
    const { client } = await signUp(ctx().app);
    const before = syntheses;
    const first = await client.get('/api/elevenlabs/voice-preview/en-gb-scotland+f3');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/wav');
    const audio = first.rawPayload;
    expect(audio.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(audio.subarray(8, 12).toString('ascii')).toBe('WAVE');
    // ~2.5 s of 22 kHz 16-bit mono speech: far more than a header.
    expect(audio.length).toBeGreaterThan(50_000);
    expect(syntheses).toBe(before + 1);

    const second = await client.get('/api/elevenlabs/voice-preview/en-gb-scotland+f3');
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(audio)).toBe(true);
    expect(syntheses).toBe(before + 1);

    // A fresh provider (a restart) finds the file cache and does not synthesize again.
    expect(readdirSync(previewDir).some((f) => f.endsWith('.wav'))).toBe(true);
    const restarted = createLocalVoices({ cacheDir: previewDir, synthesize: countingSynth });
    const again = await restarted.previewVoice('en-gb-scotland+f3');
    expect(again?.audio.equals(audio)).toBe(true);
    expect(syntheses).toBe(before + 1);
  });

  it('gives different voices different audio', async () => {
    const { client } = await signUp(ctx().app);
    const a = await client.get('/api/elevenlabs/voice-preview/en-us+m3');
    const b = await client.get('/api/elevenlabs/voice-preview/en-us+f4');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);
  });

  it('answers 404 for an unknown voice', async () => {
    const { client } = await signUp(ctx().app);
    const response = await client.get('/api/elevenlabs/voice-preview/xx-not-a-voice');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Voice not found');
  });

  it('requires sign-in', async () => {
    const anonymous = new TestClient(ctx().app);
    expect((await anonymous.get('/api/elevenlabs/voices')).statusCode).toBe(401);
    expect((await anonymous.get('/api/elevenlabs/voice-preview/en-us+f3')).statusCode).toBe(401);
  });
});

describe.each(databaseTargets())('voices, ElevenLabs through the SDK against a fake (%s)', (target) => {
  let fake: FakeElevenLabs;
  beforeAll(async () => {
    fake = await startFakeElevenLabs();
  });
  afterAll(() => fake.close());
  const targetDir = path.join(dataDir, `elevenlabs-${target}`);
  const previewDir = path.join(targetDir, 'cache', 'voice-previews');
  const ctx = useTestApp(target, {
    env: { DATA_DIR: targetDir },
    providers: () => ({
      voices: createElevenLabsVoices({ apiKey: fake.apiKey, baseUrl: fake.url, cacheDir: previewDir }),
    }),
  });

  it('lists the account voices with names, descriptions and labels', async () => {
    const { client } = await signUp(ctx().app);
    const response = await client.get('/api/elevenlabs/voices');
    expect(response.statusCode).toBe(200);
    const { voices } = response.json();
    expect(voices).toHaveLength(40);
    expect(voices[1]).toEqual({
      voice_id: fake.voices[1]!.voice_id,
      name: fake.voices[1]!.name,
      description: 'Voice number 1',
      labels: { accent: 'american', gender: 'female', use_case: 'conversational' },
    });
    expect(fake.find('GET', '/v1/voices')[0]!.headers['xi-api-key']).toBe(fake.apiKey);
  });

  it('serves the voice preview clip once downloaded, then from the cache', async () => {
    const { client } = await signUp(ctx().app);
    const id = fake.voices[5]!.voice_id;
    const first = await client.get(`/api/elevenlabs/voice-preview/${id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.rawPayload.subarray(0, 3).toString()).toBe('ID3');
    const second = await client.get(`/api/elevenlabs/voice-preview/${id}`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(fake.previewDownloads.get(id)).toBe(1);
    expect((await client.get('/api/elevenlabs/voice-preview/unknown-voice')).statusCode).toBe(404);
  });

  it('answers 502 with a clear detail when ElevenLabs fails', async () => {
    const { client } = await signUp(ctx().app);
    fake.failures.set('GET /v1/voices', 500);
    try {
      const response = await client.get('/api/elevenlabs/voices');
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).toMatch(/voice service is unavailable/);
    } finally {
      fake.failures.clear();
    }
  });
});
