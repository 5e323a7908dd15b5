/**
 * The voice of a test call: the owner's softphone plays each reply of its call in the agent's chosen voice,
 * sentence by sentence, from here (ADR 031). The relay names each sentence's audio in a `play` message before the
 * reply's text; the first sentence is fetched and spoken at once, the next ones while it plays.
 *
 * Only the call's owner gets audio, only of their own softphone calls, and only of what the agent said in them
 * (the text is read from the call's transcript, never taken from the request): nothing here is a text-to-speech
 * service, and nothing here touches minutes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, ProviderError } from '../../lib/errors.ts';
import { requireUser, userOf } from '../../lib/security.ts';
import { replySentences } from '../../../shared/reply-sentences.ts';
import type { CallRuntime } from './call-runtime.ts';

/** Where the softphone fetches sentence `sentence` of the agent's transcript entry `index` of call `callId`. */
export function replyAudioPath(callId: string, index: number, sentence: number): string {
  return `/api/test-calls/${encodeURIComponent(callId)}/replies/${index}/audio/${sentence}`;
}

const position = z.coerce.number().int().min(0).max(100_000);
const paramsSchema = z.object({ call_id: z.string().max(64), entry: position, sentence: position });

export function testCallAudioRoutes(deps: AppDeps, runtime: CallRuntime): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/test-calls/:call_id/replies/:entry/audio/:sentence',
      { preHandler: requireUser(deps), schema: { params: paramsSchema } },
      async (request, reply) => {
        const { call_id: callId, entry, sentence } = request.params;
        const spoken = await runtime.findSpokenReply(userOf(request).id, callId, entry);
        const sentences = spoken ? replySentences(spoken.text) : [];
        const text = sentences[sentence];
        if (!spoken || text === undefined) throw new AppError('not_found', 'Reply not found');
        const started = performance.now();
        const audio = await deps.providers.voices
          .speak(spoken.voiceId, text, {
            previousText: sentences[sentence - 1],
            nextText: sentences[sentence + 1],
          })
          .catch((error: unknown) => {
            if (!(error instanceof ProviderError)) throw error;
            request.log.error({ err: error }, 'speaking a test call reply failed');
            throw new AppError(
              'provider_unavailable',
              'The voice service is unavailable right now. Please try again.',
            );
          });
        if (!audio) throw new AppError('not_found', 'Voice not found');
        return (
          reply
            .header('content-type', audio.contentType)
            .header('content-length', audio.audio.length)
            .header('cache-control', 'private, max-age=300')
            .header('x-voice-id', spoken.voiceId)
            // How long the voice took to speak it (the bench and the browser's network panel show it).
            .header('server-timing', `speak;dur=${(performance.now() - started).toFixed(1)}`)
            .send(audio.audio)
        );
      },
    );
  };
}
