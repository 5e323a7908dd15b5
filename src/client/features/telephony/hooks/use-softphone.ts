import { useCallback, useEffect, useRef, useState } from 'react';
import { replySentences } from '../../../../shared/reply-sentences.ts';
import { ReplyPlayer } from './reply-player.ts';

/** What the conversation panel shows: words of either side, and call events (transfer, hang-up...). */
export type PhoneLine =
  { kind: 'agent' | 'caller'; text: string; interrupted?: boolean } | { kind: 'event'; text: string };

export type PhoneState = 'idle' | 'connecting' | 'in-call' | 'ended';

interface Handoff {
  reason?: string;
  transfer_to?: string;
}

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return [...values].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The softphone's own number on the local phone network (kept per browser). */
function callerNumber(): string {
  const key = 'softphone.caller';
  let number = localStorage.getItem(key);
  if (!number) {
    number = `+1555${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
    localStorage.setItem(key, number);
  }
  return number;
}

function endEvent(handoff: Handoff): string {
  if (handoff.transfer_to) return `Transferring you to ${handoff.transfer_to}…`;
  if (handoff.reason === 'unavailable') return 'The line is unavailable. Call ended.';
  if (handoff.reason === 'requested' || handoff.reason === 'no_answer')
    return 'Message taken. The agent hung up.';
  return 'The agent hung up.';
}

/** Stops whatever the agent is saying: its audio, or the browser's speech. */
function hush(player: ReplyPlayer) {
  player.stop();
  if (typeof window.speechSynthesis !== 'undefined') window.speechSynthesis.cancel();
}

/**
 * A call over the same WebSocket and ConversationRelay messages Twilio uses (setup / prompt / dtmf /
 * interrupt in; play, text tokens and end out). The owner hears each reply in the agent's voice, played from the
 * server's audio; a reply without audio (a signed-out caller, a line that is unavailable) is read with the
 * browser's speechSynthesis. Speaking over the agent stops it and sends `interrupt` with what was heard so far.
 */
export function useSoftphone(options: { speak: boolean }) {
  const [state, setState] = useState<PhoneState>('idle');
  const [lines, setLines] = useState<PhoneLine[]>([]);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [agentSpeaking, setAgentSpeaking] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  const pending = useRef('');
  const speaking = useRef<{ text: string; spokenChars: number } | null>(null);
  /** The `play` sources of the reply being received. */
  const incoming = useRef<string[]>([]);
  const speakRef = useRef(options.speak);

  const add = (line: PhoneLine) => setLines((current) => [...current, line]);

  const say = (text: string) => {
    if (!speakRef.current || typeof window.speechSynthesis === 'undefined' || text === '') return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = 'en-US';
    const state = { text, spokenChars: 0 };
    speaking.current = state;
    utterance.onboundary = (event) => {
      state.spokenChars = event.charIndex;
    };
    utterance.onend = () => {
      if (speaking.current === state) speaking.current = null;
    };
    window.speechSynthesis.speak(utterance);
  };

  const [player] = useState(() => new ReplyPlayer(setAgentSpeaking, (text) => say(text)));

  useEffect(() => {
    speakRef.current = options.speak;
    if (!options.speak) hush(player);
  }, [options.speak, player]);

  const send = (message: Record<string, unknown>) => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(message));
  };

  const hangUp = useCallback(() => {
    hush(player);
    speaking.current = null;
    const ws = socket.current;
    socket.current = null;
    if (ws && ws.readyState <= WebSocket.OPEN) {
      ws.close(1000);
      add({ kind: 'event', text: 'You hung up.' });
    }
    setState((s) => (s === 'idle' ? s : 'ended'));
  }, [player]);

  const call = useCallback(
    (to: string) => {
      socket.current?.close();
      setLines([{ kind: 'event', text: `Calling ${to}…` }]);
      setState('connecting');
      hush(player);
      pending.current = '';
      incoming.current = [];
      const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${protocol}://${window.location.host}/api/twilio/conversation-relay`);
      socket.current = ws;
      ws.onopen = () => {
        const callSid = `CA${randomHex(16)}`;
        ws.send(
          JSON.stringify({
            type: 'setup',
            sessionId: `VX${randomHex(16)}`,
            callSid,
            accountSid: 'local',
            from: callerNumber(),
            to,
            direction: 'inbound',
            callStatus: 'in-progress',
            customParameters: { source: 'softphone' },
          }),
        );
        setState('in-call');
        setStartedAt(Date.now());
        add({ kind: 'event', text: 'Connected.' });
      };
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as {
          type: string;
          token?: string;
          last?: boolean;
          source?: string;
          handoffData?: string;
        };
        // Only this server's own audio (a test call's replies) is played.
        if (message.type === 'play' && message.source?.startsWith('/api/')) {
          const sources = incoming.current;
          sources.push(message.source);
          // The first sentence starts at once; the others join the same list as they arrive.
          if (sources.length === 1 && speakRef.current) player.start(sources);
        } else if (message.type === 'text') {
          pending.current += message.token ?? '';
          if (message.last) {
            const text = pending.current.trim();
            const played = incoming.current.length > 0;
            pending.current = '';
            incoming.current = [];
            if (text) {
              add({ kind: 'agent', text });
              if (played) {
                player.setSentences(replySentences(text));
              } else {
                say(text);
              }
            }
          }
        } else if (message.type === 'end') {
          let handoff: Handoff = {};
          try {
            handoff = JSON.parse(message.handoffData ?? '{}') as Handoff;
          } catch {
            handoff = {};
          }
          add({ kind: 'event', text: endEvent(handoff) });
          socket.current = null;
          ws.close(1000);
          setState('ended');
        }
      };
      ws.onclose = () => {
        if (socket.current === ws) {
          socket.current = null;
          add({ kind: 'event', text: 'Call ended.' });
          setState('ended');
        }
      };
      ws.onerror = () => {
        if (socket.current === ws) add({ kind: 'event', text: 'The call could not be connected.' });
      };
    },
    [player],
  );

  /** The caller speaks (typed or recognised). Talking over the agent interrupts it. */
  const speakToAgent = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed || socket.current?.readyState !== WebSocket.OPEN) return;
      const current = speaking.current;
      let heard = '';
      let durationMs = 0;
      if (player.playing) {
        ({ heard, durationMs } = player.stop()!);
      } else if (
        current &&
        typeof window.speechSynthesis !== 'undefined' &&
        window.speechSynthesis.speaking
      ) {
        heard = current.text.slice(0, current.spokenChars).trim();
        hush(player);
        speaking.current = null;
      }
      if (heard) {
        send({ type: 'interrupt', utteranceUntilInterrupt: heard, durationUntilInterruptMs: durationMs });
        setLines((all) => {
          const copy = [...all];
          for (let i = copy.length - 1; i >= 0; i--) {
            const line = copy[i]!;
            if (line.kind === 'agent') {
              copy[i] = { kind: 'agent', text: heard, interrupted: true };
              break;
            }
          }
          return copy;
        });
      }
      add({ kind: 'caller', text: trimmed });
      send({ type: 'prompt', voicePrompt: trimmed, lang: 'en-US', last: true });
    },
    [player],
  );

  /** The caller is still speaking: their words so far, for the agent to prepare (a partial prompt). */
  const speakingSoFar = useCallback((text: string) => {
    const trimmed = text.trim();
    if (!trimmed || socket.current?.readyState !== WebSocket.OPEN) return;
    send({ type: 'prompt', voicePrompt: trimmed, lang: 'en-US', last: false });
  }, []);

  const pressKey = useCallback((digit: string) => {
    if (socket.current?.readyState !== WebSocket.OPEN) return;
    add({ kind: 'event', text: `You pressed ${digit}` });
    send({ type: 'dtmf', digit });
  }, []);

  useEffect(
    () => () => {
      socket.current?.close();
      hush(player);
    },
    [player],
  );

  return { state, lines, startedAt, agentSpeaking, call, hangUp, speakToAgent, speakingSoFar, pressKey };
}
