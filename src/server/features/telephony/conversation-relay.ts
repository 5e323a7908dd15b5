import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { storableText } from '../../lib/request-text.ts';
import type { AgentSpeech, CallRuntime, CallStart, LiveCall, SpokenEntry } from './call-runtime.ts';
import { replySentences } from '../../../shared/reply-sentences.ts';
import { replyAudioPath } from './test-call-audio.ts';

/** The subset of a `ws` WebSocket the relay uses (so tests and the bench can drive it however they like). */
export interface RelaySocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  on(event: 'message', listener: (data: Buffer | string) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface RelayOptions {
  runtime: CallRuntime;
  provider: CallStart['provider'];
  /** Caller silence before "Are you still there?", and again before the agent ends the call. */
  silenceMs?: number;
  /** How often a live call's heartbeat and minutes are looked after (LiveCall.tick). */
  tickMs?: number;
  timers?: Timers;
  log?: FastifyBaseLogger | undefined;
  /** The signed-in owner whose browser softphone opened the socket: only their own agent may be called. */
  ownerId?: string;
  /**
   * Who is signed in on the softphone that opened the socket (undefined for Twilio and signed-out browsers). When
   * it is the owner of the call, each reply is also sent as audio in the agent's voice (`play`, test-call-audio.ts).
   */
  listenerId?: string | undefined;
  /** Told of each reply sent as audio, so its first sentence can be spoken ahead (test-call-audio.ts). */
  onSpokenReply?: ((entry: SpokenEntry, text: string) => void) | undefined;
}

/** Text from the caller's side, made storable at the boundary: a NUL or a lone surrogate never fails a turn. */
const callerText = z.string().transform(storableText);

/** ConversationRelay's inbound messages (INTEGRATIONS.md section 2); unknown fields are ignored. */
const inboundSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('setup'),
    callSid: callerText.optional(),
    sessionId: callerText.optional(),
    from: callerText.optional(),
    to: callerText,
    customParameters: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ type: z.literal('prompt'), voicePrompt: callerText, last: z.boolean().optional() }),
  z.object({
    type: z.literal('interrupt'),
    utteranceUntilInterrupt: callerText.optional(),
    durationUntilInterruptMs: z.number().optional(),
  }),
  z.object({ type: z.literal('dtmf'), digit: callerText }),
  z.object({ type: z.literal('error'), description: z.string().optional() }),
]);
type Inbound = z.infer<typeof inboundSchema>;

const OPEN = 1;

/** Splits a reply into sentence tokens; the last one carries `last: true`. */
export function toTextMessages(text: string): { type: 'text'; token: string; last: boolean }[] {
  const parts = text.match(/[^.!?]+[.!?]*\s*/g) ?? [text];
  return parts.map((token, i) => ({ type: 'text', token, last: i === parts.length - 1 }));
}

/**
 * One ConversationRelay session: Twilio (or the local softphone, which speaks the same messages) sends `setup`,
 * then `prompt`/`dtmf`/`interrupt`; we answer with `text` tokens and, when the call is over, `end` with
 * handoffData (read by POST /api/twilio/connect-done). Messages of one call are handled strictly in order.
 * Resolves once the socket has closed and the call has been finished (recorded and billed), so a server shutting
 * down can wait for its live calls.
 */
export function handleRelaySession(socket: RelaySocket, options: RelayOptions): Promise<void> {
  const { runtime, log } = options;
  const timers = options.timers ?? realTimers;
  const silenceMs = options.silenceMs ?? 30_000;
  const tickMs = options.tickMs ?? 5_000;
  let call: LiveCall | null = null;
  let ended = false;
  let silence: unknown = null;
  let ticker: unknown = null;
  let queue: Promise<void> = Promise.resolve();

  const send = (message: unknown) => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  const clearSilence = () => {
    if (silence !== null) timers.clear(silence);
    silence = null;
  };
  const armSilence = () => {
    clearSilence();
    silence = timers.set(() => {
      silence = null;
      enqueue(async () => {
        if (call && !ended) speak(await call.onSilence());
      });
    }, silenceMs);
  };
  const clearTicker = () => {
    if (ticker !== null) timers.clear(ticker);
    ticker = null;
  };
  // While the call is live: its heartbeat, and its next minute held before it starts (or the call ends politely).
  const armTicker = () => {
    ticker = timers.set(() => {
      ticker = null;
      if (ended) return;
      enqueue(async () => {
        if (!call || ended) return;
        const stop = await call.tick();
        if (stop && !ended) speak(stop);
      });
      armTicker();
    }, tickMs);
  };
  const endSession = (handoff: Record<string, unknown>) => {
    ended = true;
    clearSilence();
    clearTicker();
    send({ type: 'end', handoffData: JSON.stringify(handoff) });
    void call?.close();
    if (options.provider === 'local') {
      // The softphone hangs up on `end`; make sure the line is released even if it does not.
      const t = setTimeout(() => socket.close(1000), 5000);
      t.unref();
    }
  };
  const speak = (speech: AgentSpeech) => {
    if (speech.text !== '') {
      const messages = toTextMessages(speech.text);
      const entry = speech.entry;
      // The owner's softphone plays the reply in the agent's voice: one `play` per sentence (as the text tokens),
      // sent first so the first sentence is fetched at once. The tokens are the captions.
      if (options.provider === 'local' && entry && options.listenerId === entry.ownerId) {
        options.onSpokenReply?.(entry, speech.text);
        const sentences = replySentences(speech.text).length;
        for (let k = 0; k < sentences; k++) {
          send({ type: 'play', source: replyAudioPath(entry.callId, entry.index, k) });
        }
      }
      for (const message of messages) send(message);
    }
    if (speech.end) endSession(speech.end);
    else armSilence();
  };
  const enqueue = (fn: () => Promise<void>) => {
    queue = queue.then(fn).catch((error: unknown) => {
      log?.error({ err: error }, 'conversation relay turn failed');
      if (!ended) {
        speak({
          text: "I'm sorry, something went wrong on our side. Please call again later.",
          end: { reason: 'error' },
        });
      }
    });
  };

  const handle = async (message: Inbound) => {
    if (ended && message.type !== 'setup') return;
    switch (message.type) {
      case 'setup': {
        if (call || ended) return;
        const result = await runtime.start({
          provider: options.provider,
          providerCallId: message.callSid ?? message.sessionId ?? null,
          from: message.from ?? 'unknown',
          to: message.to,
          ...(options.ownerId ? { ownerId: options.ownerId } : {}),
        });
        if (result.kind === 'refused') {
          log?.warn({ reason: result.reason }, 'conversation relay setup refused; closing the socket');
          ended = true;
          socket.close(1008);
          return;
        }
        if (result.kind === 'unavailable') {
          speak({
            text: result.text,
            end: { reason: 'unavailable', ...(result.transferTo ? { transfer_to: result.transferTo } : {}) },
          });
          return;
        }
        call = result.call;
        armTicker();
        speak(await call.greet());
        return;
      }
      case 'prompt': {
        if (message.last === false) {
          // The caller is still speaking: the silence countdown restarts, and the words so far are prepared.
          // Preparing is only a head start: if it fails, the final prompt is handled as if it had not been tried.
          armSilence();
          try {
            call?.onPartialText(message.voicePrompt);
          } catch (error) {
            log?.warn({ err: error }, 'preparing a partial prompt failed');
          }
          return;
        }
        clearSilence();
        if (call) speak(await call.onCallerText(message.voicePrompt));
        return;
      }
      case 'dtmf': {
        clearSilence();
        if (call) speak(await call.onDtmf(message.digit));
        return;
      }
      case 'interrupt': {
        if (call) await call.onInterrupt(message.utteranceUntilInterrupt ?? '');
        armSilence();
        return;
      }
      case 'error': {
        log?.warn({ description: message.description }, 'conversation relay error message');
        return;
      }
    }
  };

  socket.on('message', (data) => {
    let parsed: Inbound;
    try {
      const result = inboundSchema.safeParse(JSON.parse(String(data)));
      if (!result.success) return; // like Twilio: an invalid message is ignored and the session continues
      parsed = result.data;
    } catch {
      return;
    }
    enqueue(() => handle(parsed));
  });
  return new Promise<void>((finished) => {
    socket.on('close', () => {
      clearSilence();
      clearTicker();
      ended = true;
      queue = queue.then(() => call?.close());
      void queue.finally(finished);
    });
  });
}
