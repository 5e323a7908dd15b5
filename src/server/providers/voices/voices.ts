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

/** Audio of words the agent says: same shape as a preview. */
export type SpokenAudio = VoicePreview;

/** The words around a sentence spoken on its own, so its intonation fits the reply (ElevenLabs uses them). */
export interface SpeechContext {
  previousText?: string | undefined;
  nextText?: string | undefined;
}

export interface VoiceProvider {
  readonly kind: 'elevenlabs' | 'local';
  listVoices(): Promise<Voice[]>;
  /** The voice, or undefined when the catalogue has no such id. */
  findVoice(voiceId: string): Promise<Voice | undefined>;
  /** A short spoken greeting in that voice, or undefined for an unknown voice. Cached by the adapter. */
  previewVoice(voiceId: string): Promise<VoicePreview | undefined>;
  /**
   * One sentence of the agent's reply spoken in that voice (the softphone plays a test call's replies with it),
   * or undefined for an unknown voice. ElevenLabs bills the characters: the adapter keeps recent sentences.
   */
  speak(voiceId: string, text: string, context?: SpeechContext): Promise<SpokenAudio | undefined>;
  /** A call that will be spoken is starting: get ready so its first sentence is quick (no-op when not needed). */
  prepareToSpeak(): void;
}
