import path from 'node:path';
import type { Env } from '../../env.ts';
import { createElevenLabsVoices } from './elevenlabs.ts';
import { createLocalVoices } from './local.ts';
import type { VoiceProvider } from './voices.ts';

const cacheDir = (env: Env) => path.join(env.DATA_DIR, 'cache', 'voice-previews');

/** The offline eSpeak NG voices (what `npm start` and the tests use without keys). */
export function createLocalVoiceProvider(env: Env): VoiceProvider {
  return createLocalVoices({ cacheDir: cacheDir(env) });
}

/** ElevenLabs voices when ELEVENLABS_API_KEY is set, else the local ones. */
export function createVoiceProvider(env: Env): VoiceProvider {
  if (!env.ELEVENLABS_API_KEY) return createLocalVoiceProvider(env);
  return createElevenLabsVoices({
    apiKey: env.ELEVENLABS_API_KEY,
    baseUrl: env.ELEVENLABS_BASE_URL,
    cacheDir: cacheDir(env),
  });
}
