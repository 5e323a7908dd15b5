import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { espeakRunCount, synthesizeWav, warmUpSynthesizer } from './espeak.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Memory held by the process outside the JS heap: every WASM instance's linear memory counts here. */
function externalMb(): number {
  gc();
  gc();
  return process.memoryUsage().external / 1e6;
}

/**
 * External memory once the synthesizer is idle: the spare a run schedules (150 ms later) exists, and dropped
 * instances have had a few turns of the event loop to be freed. Measured the same way before and after, the
 * difference counts leaked instances only, not where a busy machine's timers happened to be.
 */
async function idleExternalMb(): Promise<number> {
  await sleep(300);
  await warmUpSynthesizer();
  let lowest = Infinity;
  for (let i = 0; i < 5; i++) {
    lowest = Math.min(lowest, externalMb());
    await sleep(20);
  }
  return lowest;
}

describe('eSpeak NG synthesis (WASM)', () => {
  it('synthesizes a greeting as a WAV file', async () => {
    const wav = await synthesizeWav('en-us+f3', 'Thanks for calling, how can I help you today?');
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(22050); // sample rate
    expect(wav.readUInt16LE(34)).toBe(16); // bits per sample
    expect(wav.length).toBeGreaterThan(40_000);
  });

  it('does not keep WASM memory across many runs', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 3; i++) await synthesizeWav('en-gb', 'Warm up.');
    const baseline = await idleExternalMb();
    const runsBefore = espeakRunCount();
    const durations: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      await synthesizeWav(i % 2 ? 'en-us+m3' : 'en-gb-x-rp', `Hello number ${i}, how can I help?`);
      durations.push(performance.now() - started);
    }
    const after = await idleExternalMb();
    expect(espeakRunCount() - runsBefore).toBe(40);
    // Each instance owns a 32 MB memory: 40 leaked instances would be +1280 MB. Allow one or two not yet freed.
    expect(after - baseline).toBeLessThan(70);
    durations.sort((a, b) => a - b);
    const median = durations[20]!;
    console.log(
      `espeak: median ${median.toFixed(0)} ms, external ${baseline.toFixed(0)} -> ${after.toFixed(0)} MB`,
    );
  });

  it('runs one synthesis at a time and keeps the server exit code', async () => {
    const results = await Promise.all(
      ['en-us', 'en-gb', 'en-029'].map((voice) => synthesizeWav(voice, 'Good morning.')),
    );
    for (const wav of results) expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    await expect(synthesizeWav('zz-no-such-voice', 'Hello')).rejects.toThrow(/no audio/);
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('speaks text that starts with a dash instead of reading it as an option', async () => {
    const wav = await synthesizeWav('en-us', '-w /etc/passwd');
    expect(wav.length).toBeGreaterThan(10_000);
  });
});
