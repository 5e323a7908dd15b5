import { describe, expect, it } from 'vitest';
import type { AgentSpeech, CallRuntime, LiveCall } from './call-runtime.ts';
import { handleRelaySession, type RelaySocket } from './conversation-relay.ts';

/** A socket the test writes to and reads from: `sent` holds what the relay sent, parsed. */
function fakeSocket() {
  const listeners: { message: ((data: string) => void)[]; close: (() => void)[] } = {
    message: [],
    close: [],
  };
  const socket: RelaySocket & {
    sent: Record<string, unknown>[];
    closedWith: number | null;
    receive(message: object): void;
  } = {
    readyState: 1,
    sent: [],
    closedWith: null,
    send(data: string) {
      this.sent.push(JSON.parse(data) as Record<string, unknown>);
    },
    close(code?: number) {
      this.closedWith = code ?? 1005;
    },
    on(event: 'message' | 'close', listener: (data: string) => void) {
      (listeners[event] as ((data: string) => void)[]).push(listener);
      return socket;
    },
    receive(message: object) {
      for (const listener of listeners.message) listener(JSON.stringify(message));
    },
  };
  return socket;
}

const speech = (text: string): AgentSpeech => ({ text, end: null });

describe('ConversationRelay session', () => {
  it("keeps the call going when preparing a caller's partial prompt fails", async () => {
    const call: LiveCall = {
      greet: async () => speech('Hello.'),
      onCallerText: async (text) => speech(`You said ${text}.`),
      onPartialText: () => {
        throw new Error('index unavailable');
      },
      onDtmf: async () => speech(''),
      onSilence: async () => speech(''),
      onInterrupt: async () => undefined,
      tick: async () => null,
      close: async () => undefined,
    };
    const runtime = { start: async () => ({ kind: 'live', call }) } as unknown as CallRuntime;
    const socket = fakeSocket();
    handleRelaySession(socket, { runtime, provider: 'local', timers: { set: () => null, clear: () => {} } });

    socket.receive({ type: 'setup', to: '+15550100' });
    socket.receive({ type: 'prompt', voicePrompt: 'is there', last: false });
    socket.receive({ type: 'prompt', voicePrompt: 'is there parking', last: true });
    await expect
      .poll(() => socket.sent.map((m) => m.token).join(''))
      .toBe('Hello.You said is there parking.');
    expect(socket.sent.some((m) => m.type === 'end')).toBe(false);
  });

  /** Timers the test fires by hand: `due()` runs the ones set with `ms` (and any they set again). */
  function manualTimers() {
    let pending: { fn: () => void; ms: number }[] = [];
    return {
      timers: {
        set: (fn: () => void, ms: number) => {
          const timer = { fn, ms };
          pending.push(timer);
          return timer;
        },
        clear: (handle: unknown) => {
          pending = pending.filter((t) => t !== handle);
        },
      },
      fire(ms: number) {
        const due = pending.filter((t) => t.ms === ms);
        pending = pending.filter((t) => t.ms !== ms);
        for (const t of due) t.fn();
      },
      count: (ms: number) => pending.filter((t) => t.ms === ms).length,
    };
  }

  it('looks after a live call every few seconds and ends it politely when the call must stop', async () => {
    let ticks = 0;
    let stop: AgentSpeech | null = null;
    let closed = 0;
    const call: LiveCall = {
      greet: async () => speech('Hello.'),
      onCallerText: async (text) => speech(`You said ${text}.`),
      onPartialText: () => undefined,
      onDtmf: async () => speech(''),
      onSilence: async () => speech(''),
      onInterrupt: async () => undefined,
      tick: async () => {
        ticks++;
        return stop;
      },
      close: async () => {
        closed++;
      },
    };
    const runtime = { start: async () => ({ kind: 'live', call }) } as unknown as CallRuntime;
    const socket = fakeSocket();
    const clock = manualTimers();
    handleRelaySession(socket, { runtime, provider: 'twilio', timers: clock.timers, tickMs: 5000 });
    socket.receive({ type: 'setup', to: '+15550100' });
    await expect.poll(() => socket.sent.length).toBe(1);
    clock.fire(5000);
    clock.fire(5000);
    await expect.poll(() => ticks).toBe(2);
    expect(socket.sent.some((m) => m.type === 'end')).toBe(false);

    stop = { text: "I'm sorry, I can't continue this call right now.", end: { reason: 'unavailable' } };
    clock.fire(5000);
    await expect
      .poll(() => socket.sent.at(-1))
      .toEqual({ type: 'end', handoffData: '{"reason":"unavailable"}' });
    expect(socket.sent.at(-2)).toMatchObject({ token: "I'm sorry, I can't continue this call right now." });
    expect(clock.count(5000)).toBe(0); // no more ticks once the call ended
    await expect.poll(() => closed).toBe(1);
  });

  it('closes the socket without a word when the runtime refuses the setup', async () => {
    const runtime = {
      start: async () => ({ kind: 'refused', reason: 'known_call_id' }),
    } as unknown as CallRuntime;
    const socket = fakeSocket();
    handleRelaySession(socket, { runtime, provider: 'twilio', timers: manualTimers().timers });
    socket.receive({ type: 'setup', callSid: 'CAknown', to: '+15550100' });
    await expect.poll(() => socket.closedWith).toBe(1008);
    socket.receive({ type: 'prompt', voicePrompt: 'hello', last: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(socket.sent).toEqual([]);
  });
});
