/**
 * Voices in the product's words: the catalogue a business picks its agent's voice from, and a short
 * spoken preview of each. `elevenlabs.ts` lists ElevenLabs voices and serves their preview clips;
 * `local.ts` offers offline eSpeak NG voices whose previews are synthesized on this server.
 */
export interface Voice {
  voiceId: string;
  name: string;
  description: string | null;
  /** Tags shown as chips, e.g. { accent: 'american', gender: 'female', use_case: 'customer service' }. */
  labels: Record<string, string>;
}

export interface VoicePreview {
  audio: Buffer;
  /** e.g. audio/wav (local) or audio/mpeg (ElevenLabs). */
  contentType: string;
}

export interface VoiceProvider {
  readonly kind: 'elevenlabs' | 'local';
  listVoices(): Promise<Voice[]>;
  /** The voice, or undefined when the catalogue has no such id. */
  findVoice(voiceId: string): Promise<Voice | undefined>;
  /** A short spoken greeting in that voice, or undefined for an unknown voice. Cached by the adapter. */
  previewVoice(voiceId: string): Promise<VoicePreview | undefined>;
}
