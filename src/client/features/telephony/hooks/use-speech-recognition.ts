import { useCallback, useEffect, useRef, useState } from 'react';

interface RecognitionResultEvent {
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
  resultIndex: number;
}

interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionConstructor = new () => Recognition;

function recognitionClass(): RecognitionConstructor | null {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * Speech to text where the browser can (webkitSpeechRecognition): each final phrase goes to `onPhrase`, and the
 * phrase so far, while the caller is still saying it, to `onPartial` (as ConversationRelay's partial prompts).
 */
export function useSpeechRecognition(onPhrase: (text: string) => void, onPartial?: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const callback = useRef(onPhrase);
  const partialCallback = useRef(onPartial);
  useEffect(() => {
    callback.current = onPhrase;
    partialCallback.current = onPartial;
  }, [onPhrase, onPartial]);
  const supported = typeof window !== 'undefined' && recognitionClass() !== null;

  const stop = useCallback(() => {
    recognition.current?.stop();
    recognition.current = null;
    setListening(false);
  }, []);

  const start = useCallback(() => {
    const Klass = recognitionClass();
    if (!Klass) return;
    const r = new Klass();
    r.lang = 'en-US';
    r.continuous = true;
    r.interimResults = true;
    r.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        if (result.isFinal) callback.current(result[0].transcript);
        else partialCallback.current?.(result[0].transcript);
      }
    };
    r.onend = () => {
      if (recognition.current === r) {
        recognition.current = null;
        setListening(false);
      }
    };
    r.onerror = r.onend;
    recognition.current = r;
    r.start();
    setListening(true);
  }, []);

  useEffect(() => stop, [stop]);

  return { supported, listening, start, stop };
}
