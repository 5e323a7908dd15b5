import { describe, expect, it } from 'vitest';
import type { AgentSpeech, CallRuntime, LiveCall } from './call-runtime.ts';
import { handleRelaySession, type RelaySocket } from './conversation-relay.ts';

/** A socket the test writes to and reads from: `sent` holds what the relay sent, parsed. */
function fakeSocket() {
  const listeners: { message: ((data: string) => void)[]; close: (() => void)[] } = {
    message: [],
    close: [],
  };
  const socket: RelaySocket & { sent: Record<string, unknown>[]; receive(message: object): void } = {
    readyState: 1,
    sent: [],
    send(data: string) {
      this.sent.push(JSON.parse(data) as Record<string, unknown>);
    },
    close() {},
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
});
