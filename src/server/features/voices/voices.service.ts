import type { AppDeps } from '../../app-deps.ts';
import { AppError, ProviderError } from '../../lib/errors.ts';
import type { VoicePreview } from '../../providers/voices/voices.ts';
import type { VoicesResponse } from './voices.schemas.ts';

function unavailable(error: unknown): never {
  if (error instanceof ProviderError) {
    throw new AppError(
      'provider_unavailable',
      'The voice service is unavailable right now. Please try again.',
    );
  }
  throw error;
}

export async function listVoices(deps: AppDeps): Promise<VoicesResponse> {
  const voices = await deps.providers.voices.listVoices().catch(unavailable);
  return {
    voices: voices.map((voice) => ({
      voice_id: voice.voiceId,
      name: voice.name,
      description: voice.description,
      labels: voice.labels,
    })),
  };
}

export async function previewVoice(deps: AppDeps, voiceId: string): Promise<VoicePreview> {
  const preview = await deps.providers.voices.previewVoice(voiceId).catch(unavailable);
  if (!preview) throw new AppError('not_found', 'Voice not found');
  return preview;
}
