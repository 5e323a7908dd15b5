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
import type { SpokenAudio } from '../../providers/voices/voices.ts';
import type { CallRuntime, SpokenEntry } from './call-runtime.ts';

/** Where the softphone fetches sentence `sentence` of the agent's transcript entry `index` of call `callId`. */
export function replyAudioPath(callId: string, index: number, sentence: number): string {
  return `/api/test-calls/${encodeURIComponent(callId)}/replies/${index}/audio/${sentence}`;
}

/**
 * The replies this instance just sent to an owner's softphone, with their first sentence spoken ahead (local
 * voices only: eSpeak costs this server's CPU and nothing else). The browser's request for a reply's audio
 * usually reaches the instance holding the call: it is then answered from here, for the call's owner only,
 * without reading the call (whose new entry may still be on its way to the database) and with the first
 * sentence ready or under way. Memory only: a few recent replies, for as long as an ended call's audio is
 * served; a request reaching another instance reads the call's transcript instead.
 */
export interface ReplyAudio {
  /** The relay is about to name the audio of `entry`'s reply `text`. */
  prepare(entry: SpokenEntry, text: string): void;
}

interface Prepared {
  ownerId: string;
  voiceId: string;
  text: string;
  at: number;
  first: Promise<SpokenAudio | undefined> | null;
}

const PREPARED_REPLIES = 64;
/** As long as an ended call's replies are served (calls.service SPOKEN_REPLY_AFTER_END_MS). */
const PREPARED_FOR_MS = 5 * 60_000;

export function createReplyAudio(deps: AppDeps): ReplyAudio & {
  /** The reply of `callId`'s entry `index` when this instance sent it to `ownerId`'s softphone lately. */
  find(callId: string, index: number, ownerId: string): Prepared | undefined;
} {
  const prepared = new Map<string, Prepared>();
  const key = (callId: string, index: number) => `${callId}:${index}`;
  return {
    prepare(entry, text) {
      if (!entry.voiceId) return;
      const voices = deps.providers.voices;
      const first = replySentences(text)[0];
      const audio =
        voices.kind === 'local' && first !== undefined ? voices.speak(entry.voiceId, first) : null;
      audio?.catch(() => undefined); // a failure is met again, and reported, by the request
      prepared.set(key(entry.callId, entry.index), {
        ownerId: entry.ownerId,
        voiceId: entry.voiceId,
        text,
        at: deps.clock.now().getTime(),
        first: audio,
      });
      while (prepared.size > PREPARED_REPLIES) prepared.delete(prepared.keys().next().value as string);
    },
    find(callId, index, ownerId) {
      const found = prepared.get(key(callId, index));
      if (!found || found.ownerId !== ownerId) return undefined;
      if (deps.clock.now().getTime() - found.at > PREPARED_FOR_MS) return undefined;
      return found;
    },
  };
}

const position = z.coerce.number().int().min(0).max(100_000);
const paramsSchema = z.object({ call_id: z.string().max(64), entry: position, sentence: position });

export function testCallAudioRoutes(
  deps: AppDeps,
  runtime: CallRuntime,
  replyAudio: ReturnType<typeof createReplyAudio>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/test-calls/:call_id/replies/:entry/audio/:sentence',
      { preHandler: requireUser(deps), schema: { params: paramsSchema } },
      async (request, reply) => {
        const { call_id: callId, entry, sentence } = request.params;
        const ownerId = userOf(request).id;
        const sent = replyAudio.find(callId, entry, ownerId);
        const spoken = sent ?? (await runtime.findSpokenReply(ownerId, callId, entry));
        const sentences = spoken ? replySentences(spoken.text) : [];
        const text = sentences[sentence];
        if (!spoken || text === undefined) throw new AppError('not_found', 'Reply not found');
        const started = performance.now();
        const ready = sentence === 0 ? sent?.first : null;
        const audio = await (
          ready ??
          deps.providers.voices.speak(spoken.voiceId, text, {
            previousText: sentences[sentence - 1],
            nextText: sentences[sentence + 1],
          })
        ).catch((error: unknown) => {
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
