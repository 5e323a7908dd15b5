/**
 * Voices from ElevenLabs through the official SDK: the account's voice list and each voice's preview clip
 * (ElevenLabs hosts an MP3 sample per voice at `preview_url`). The list is kept for a few minutes and the
 * clips are cached (memory + DATA_DIR), so opening the voice dialog does not hit ElevenLabs every time.
 */
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { ProviderError } from '../../lib/errors.ts';
import { createPreviewCache, type PreviewCache } from './preview-cache.ts';
import type { SpokenAudio, Voice, VoicePreview, VoiceProvider } from './voices.ts';

export interface ElevenLabsVoicesOptions {
  apiKey: string;
  /** env ELEVENLABS_BASE_URL: another origin for every call (tests point it at a fake server). */
  baseUrl?: string | undefined;
  cacheDir?: string | undefined;
  cache?: PreviewCache;
  /** How long the voice list is reused (ms). */
  listTtlMs?: number;
  /** Downloads a preview clip; the global fetch by default. */
  fetchAudio?: (url: string) => Promise<Response>;
}

/**
 * Text to speech for the softphone: the low-latency model the hosted agent speaks with (activation uses
 * eleven_flash_v2_5 too), and a small MP3 (22.05 kHz, 32 kbit/s: a phone line's quality, on every plan).
 */
export const SPEECH_MODEL = 'eleven_flash_v2_5';
export const SPEECH_FORMAT = 'mp3_22050_32';

interface CachedVoice extends Voice {
  previewUrl: string | null;
}

export function createElevenLabsVoices(options: ElevenLabsVoicesOptions): VoiceProvider {
  const client = new ElevenLabsClient({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    maxRetries: 1,
  });
  const cache = options.cache ?? createPreviewCache({ dir: options.cacheDir });
  const ttl = options.listTtlMs ?? 5 * 60_000;
  const fetchAudio = options.fetchAudio ?? ((url: string) => fetch(url));
  let list: { voices: CachedVoice[]; at: number } | undefined;
  // ElevenLabs bills every character it speaks: a sentence fetched again (the browser retrying, a replay) is
  // served from here. Memory only: a test call's sentences are not worth a file each.
  const spoken = createPreviewCache({ maxEntries: 128 });

  async function loadVoices(): Promise<CachedVoice[]> {
    if (list && Date.now() - list.at < ttl) return list.voices;
    try {
      const response = await client.voices.getAll({ showLegacy: false });
      const voices = response.voices.map((voice): CachedVoice => ({
        voiceId: voice.voiceId,
        name: voice.name ?? voice.voiceId,
        description: voice.description ?? null,
        labels: { ...(voice.labels ?? {}) },
        previewUrl: voice.previewUrl ?? null,
      }));
      list = { voices, at: Date.now() };
      return voices;
    } catch (error) {
      throw asProviderError(error, 'listing voices failed');
    }
  }

  const publicVoice = ({ previewUrl: _previewUrl, ...voice }: CachedVoice): Voice => voice;

  return {
    kind: 'elevenlabs',
    async listVoices() {
      return (await loadVoices()).map(publicVoice);
    },
    async findVoice(voiceId) {
      const voice = (await loadVoices()).find((v) => v.voiceId === voiceId);
      return voice ? publicVoice(voice) : undefined;
    },
    async previewVoice(voiceId): Promise<VoicePreview | undefined> {
      const voice = (await loadVoices()).find((v) => v.voiceId === voiceId);
      if (!voice) return undefined;
      const previewUrl = voice.previewUrl;
      if (!previewUrl) throw new ProviderError('elevenlabs', `voice ${voiceId} has no preview`, false);
      return cache.get(`elevenlabs:${voiceId}:${previewUrl}`, async () => {
        const response = await fetchAudio(previewUrl).catch((error: unknown) => {
          throw new ProviderError('elevenlabs', `preview download failed: ${String(error)}`, true);
        });
        if (!response.ok) {
          throw new ProviderError('elevenlabs', `preview download failed with ${response.status}`, true);
        }
        const type = (response.headers.get('content-type') ?? 'audio/mpeg').split(';')[0]!.trim();
        return {
          audio: Buffer.from(await response.arrayBuffer()),
          contentType: type.startsWith('audio/') ? type : 'audio/mpeg',
        };
      });
    },
    async speak(voiceId, text, context = {}): Promise<SpokenAudio | undefined> {
      if (!(await loadVoices()).some((v) => v.voiceId === voiceId)) return undefined;
      const key = JSON.stringify([voiceId, text, context.previousText ?? '', context.nextText ?? '']);
      return spoken.get(key, async () => {
        try {
          const stream = await client.textToSpeech.stream(voiceId, {
            text,
            modelId: SPEECH_MODEL,
            outputFormat: SPEECH_FORMAT,
            ...(context.previousText ? { previousText: context.previousText } : {}),
            ...(context.nextText ? { nextText: context.nextText } : {}),
          });
          return { audio: await readAll(stream), contentType: 'audio/mpeg' };
        } catch (error) {
          throw asProviderError(error, 'speech synthesis failed');
        }
      });
    },
    prepareToSpeak() {
      // Nothing to warm: the first request opens the connection.
    },
  };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function asProviderError(error: unknown, message: string): ProviderError {
  if (error instanceof ElevenLabsError) {
    const status = error.statusCode ?? 0;
    return new ProviderError('elevenlabs', `${message} (${status})`, status === 429 || status >= 500);
  }
  return new ProviderError('elevenlabs', `${message}: ${String(error)}`, true);
}
