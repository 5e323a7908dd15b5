import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { publicBaseUrl } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import { storableText } from '../../lib/request-text.ts';
import { findCurrentUser, PROVIDER_WEBHOOK } from '../../lib/security.ts';
import type { CallRuntime } from './call-runtime.ts';
import { handleRelaySession, type RelaySocket, type Timers } from './conversation-relay.ts';
import type { ReplyAudio } from './test-call-audio.ts';
import { relayUrl, twilioConfigured, verifyTwilioHandshake, verifyTwilioWebhook } from './twilio-webhook.ts';

const formSchema = z.record(z.string(), z.unknown());
/** Twilio's form webhooks: signed by Twilio (checked below), so no CSRF token. */
const twilioForm = { config: PROVIDER_WEBHOOK, schema: { body: formSchema } };

/** Twilio ends a call after 24 hours at most: a longer CallDuration is not one of its calls. */
const MAX_CALL_S = 24 * 60 * 60;
/** How long a stopping server waits for its live calls to be finished. */
const CLOSE_WAIT_MS = 5_000;

function isCallDuration(text: string): boolean {
  return /^\d{1,6}$/.test(text) && Number(text) <= MAX_CALL_S;
}

function param(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

function sendTwiml(reply: FastifyReply, response: twilio.twiml.VoiceResponse) {
  return reply.type('text/xml').send(response.toString());
}

/** ElevenLabs voice ids are 20 letters and digits; anything else (a local voice) keeps Twilio's default voice. */
function isElevenLabsVoice(voiceId: string | null): voiceId is string {
  return voiceId !== null && /^[A-Za-z0-9]{20}$/.test(voiceId);
}

export interface VoiceRoutesOptions {
  silenceMs?: number;
  timers?: Timers;
  /** Speaks the first sentence of each reply sent to the owner's softphone ahead of its request. */
  replyAudio?: ReplyAudio;
}

/**
 * The phone side of the call runtime: Twilio's voice webhook answers with ConversationRelay, the relay WebSocket
 * (also used by the /phone softphone on the local phone network), the transfer after the relay ends, and the
 * final duration from Twilio's status callback. With Twilio configured every request must carry a valid
 * X-Twilio-Signature (403 otherwise).
 */
export function voiceRoutes(
  deps: AppDeps,
  runtime: CallRuntime,
  options: VoiceRoutesOptions = {},
): FastifyPluginAsyncZod {
  const { env } = deps;
  const viaTwilio = twilioConfigured(env);
  /** Relay handshakes admitted by the owner's session instead of a Twilio signature. */
  const softphoneOwners = new WeakMap<object, string>();
  /** Who is signed in on a softphone's handshake: the call's owner hears its replies in the agent's voice. */
  const softphoneListeners = new WeakMap<object, string>();

  return async (app) => {
    // Calls still on the line when the server stops are hung up and finished (recorded, billed) before the
    // database closes; one that takes longer is left to the stale-call sweep of the next start.
    const liveSessions = new Map<RelaySocket, Promise<void>>();
    app.addHook('onClose', async () => {
      for (const socket of liveSessions.keys()) socket.close(1001);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(liveSessions.values()),
        new Promise((resolve) => (timeout = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
      clearTimeout(timeout);
    });
    app.addHook('preValidation', async (request) => {
      if (!viaTwilio || request.routeOptions.url === '/api/twilio/conversation-relay') return;
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (!verifyTwilioWebhook(env, request, body))
        throw new AppError('forbidden', 'Invalid Twilio signature');
    });

    app.post('/twilio/voice', twilioForm, async (request, reply) => {
      const body = request.body;
      const to = param(body, 'To') ?? '';
      const from = param(body, 'From') ?? 'unknown';
      const admission = await runtime.admit({
        provider: 'twilio',
        providerCallId: param(body, 'CallSid') ?? null,
        from,
        to,
      });
      const response = new twilio.twiml.VoiceResponse();
      if (admission.kind === 'unavailable') {
        if (admission.takeMessage) {
          // Out of minutes, no transfer number: the caller may leave a message (ADR 042).
          response
            .gather({
              input: ['speech'],
              action: '/api/twilio/voice-message',
              method: 'POST',
              language: 'en-US',
              speechTimeout: 'auto',
              timeout: 8,
            })
            .say(admission.text);
          response.say("We didn't get a message. Please call again later. Goodbye.");
          response.hangup();
          return sendTwiml(reply, response);
        }
        response.say(admission.text);
        if (admission.transferTo) response.dial({ callerId: to }, admission.transferTo);
        else response.hangup();
        return sendTwiml(reply, response);
      }
      response.connect({ action: '/api/twilio/connect-done' }).conversationRelay({
        url: relayUrl(env),
        language: 'en-US',
        interruptible: 'any',
        dtmfDetection: true,
        // The caller's words as they speak: the runtime embeds them ahead of the final prompt (call-session.ts).
        partialPrompts: true,
        ...(admission.speechHints.length > 0 ? { hints: admission.speechHints.join(',') } : {}),
        ...(isElevenLabsVoice(admission.voiceId)
          ? { ttsProvider: 'ElevenLabs', voice: admission.voiceId }
          : {}),
      });
      return sendTwiml(reply, response);
    });

    // The speech <Gather> of a call refused for lack of minutes: the caller's message (ADR 042).
    app.post('/twilio/voice-message', twilioForm, async (request, reply) => {
      const body = request.body;
      const callSid = param(body, 'CallSid') ?? '';
      const text = storableText(param(body, 'SpeechResult') ?? '');
      const response = new twilio.twiml.VoiceResponse();
      response.say(callSid ? await runtime.recordMessage(callSid, text) : 'Goodbye.');
      response.hangup();
      return sendTwiml(reply, response);
    });

    app.post('/twilio/connect-done', twilioForm, async (request, reply) => {
      const body = request.body;
      let handoff: { reason?: unknown; transfer_to?: unknown } = {};
      try {
        handoff = JSON.parse(param(body, 'HandoffData') ?? '{}') as typeof handoff;
      } catch {
        handoff = {};
      }
      const response = new twilio.twiml.VoiceResponse();
      if (typeof handoff.transfer_to === 'string' && handoff.transfer_to.trim() !== '') {
        response.dial({ callerId: param(body, 'To') ?? '' }, handoff.transfer_to.trim());
      } else {
        response.hangup();
      }
      return sendTwiml(reply, response);
    });

    app.post('/twilio/status', twilioForm, async (request, reply) => {
      const body = request.body;
      const callSid = param(body, 'CallSid');
      const duration = param(body, 'CallDuration');
      if (duration !== undefined && !isCallDuration(duration)) {
        throw new AppError('validation', 'CallDuration must be a whole number of seconds, at most one day');
      }
      if (callSid && duration !== undefined && param(body, 'CallStatus') === 'completed') {
        await runtime.recordProviderDuration(callSid, Number(duration));
      }
      return reply.code(204).send();
    });

    app.get(
      '/twilio/conversation-relay',
      {
        websocket: true,
        preValidation: async (request) => {
          if (!viaTwilio) {
            // The local phone network: anyone may call. A signed-in owner testing their own agent hears its voice;
            // not knowing who listens only costs the voice (the browser reads the replies), never the call.
            const listener = await findCurrentUser(deps, request).catch((error: unknown) => {
              request.log.warn({ err: error }, 'softphone listener unknown; replies are not sent as audio');
              return null;
            });
            if (listener) {
              softphoneListeners.set(request, listener.id);
              deps.providers.voices.prepareToSpeak();
            }
            return;
          }
          if (verifyTwilioHandshake(env, request)) return;
          // The owner's browser softphone ("Test call") has no Twilio signature: it may call its own agent
          // with a signed-in session from this site's own pages (the Origin check stops cross-site sockets).
          const user = await findCurrentUser(deps, request);
          if (user && request.headers.origin === new URL(publicBaseUrl(env)).origin) {
            softphoneOwners.set(request, user.id);
            softphoneListeners.set(request, user.id);
            deps.providers.voices.prepareToSpeak();
            return;
          }
          throw new AppError('forbidden', 'Invalid Twilio signature');
        },
      },
      (socket, request) => {
        const ownerId = softphoneOwners.get(request);
        const relay = socket as unknown as RelaySocket;
        const session = handleRelaySession(relay, {
          runtime,
          provider: viaTwilio && !ownerId ? 'twilio' : 'local',
          ...(ownerId ? { ownerId } : {}),
          listenerId: softphoneListeners.get(request),
          onSpokenReply: options.replyAudio
            ? (entry, text) => options.replyAudio?.prepare(entry, text)
            : undefined,
          silenceMs: options.silenceMs,
          timers: options.timers,
          log: request.log,
        });
        liveSessions.set(relay, session);
        void session.finally(() => liveSessions.delete(relay));
      },
    );
  };
}
