/**
 * Plays a test call's replies in the agent's own voice (ADR 031): the audio of each sentence comes from the server
 * (one `play` message each, sent before the reply's words). The first sentence plays at once; the next one is
 * fetched, and so synthesised on the server, while the current one plays.
 */
interface Playback {
  sources: string[];
  /** The reply's sentences, known once its words arrived (right after the plays). */
  sentences: string[];
  index: number;
  audio: HTMLAudioElement | null;
  next: HTMLAudioElement | null;
  startedAt: number;
}

function silence(audio: HTMLAudioElement | null) {
  if (!audio) return;
  audio.onended = null;
  audio.onerror = null;
  audio.onplaying = null;
  audio.pause();
  // Drops the download too, so a sentence nobody will hear is not fetched.
  audio.removeAttribute('src');
  audio.load();
}

export class ReplyPlayer {
  private playback: Playback | null = null;

  /**
   * `onSpeaking` follows the audio (true once it really plays); `fallback` reads text the server could not
   * give as audio (the browser's speechSynthesis).
   */
  constructor(
    private readonly onSpeaking: (speaking: boolean) => void,
    private readonly fallback: (text: string) => void,
  ) {}

  get playing(): boolean {
    return this.playback !== null;
  }

  /** Starts a reply from its first sentence's audio; `sources` may still grow as its other plays arrive. */
  start(sources: string[]): void {
    this.stop();
    const playback: Playback = {
      sources,
      sentences: [],
      index: 0,
      audio: null,
      next: null,
      startedAt: Date.now(),
    };
    this.playback = playback;
    this.playSentence(playback, 0);
  }

  /** The words of the reply being played (for what the caller heard, and the fallback). */
  setSentences(sentences: string[]): void {
    if (this.playback) this.playback.sentences = sentences;
  }

  /**
   * Stops at once. Returns what the caller heard (the sentences played and the words of the current one so far)
   * and for how long, or null when nothing was playing.
   */
  stop(): { heard: string; durationMs: number } | null {
    const playback = this.playback;
    this.playback = null;
    if (!playback) return null;
    const heard = heardOf(playback);
    silence(playback.audio);
    silence(playback.next);
    this.onSpeaking(false);
    return { heard, durationMs: Date.now() - playback.startedAt };
  }

  private playSentence(playback: Playback, index: number): void {
    const preloaded = playback.next;
    playback.next = null;
    const audio =
      preloaded?.dataset.sentence === String(index) ? preloaded : new Audio(playback.sources[index]);
    if (preloaded && preloaded !== audio) silence(preloaded);
    playback.audio = audio;
    playback.index = index;
    audio.onplaying = () => {
      if (this.playback !== playback) return;
      this.onSpeaking(true);
      const following = playback.sources[index + 1];
      if (following && !playback.next) {
        const next = new Audio(following);
        next.preload = 'auto';
        next.dataset.sentence = String(index + 1);
        playback.next = next;
      }
    };
    audio.onended = () => {
      if (this.playback !== playback) return;
      if (index + 1 < playback.sources.length) this.playSentence(playback, index + 1);
      else this.stop();
    };
    audio.onerror = () => {
      if (this.playback !== playback) return;
      // No audio after all: the rest of the reply is read by the browser instead of going silent.
      const rest = playback.sentences.slice(index).join(' ');
      this.stop();
      if (rest) this.fallback(rest);
    };
    audio.play().catch(() => {
      if (this.playback === playback) this.stop();
    });
  }
}

/** What the caller heard of a reply: the sentences played, and the words of the current one so far. */
function heardOf(playback: Playback): string {
  const current = playback.sentences[playback.index] ?? '';
  const audio = playback.audio;
  const fraction =
    audio && Number.isFinite(audio.duration) && audio.duration > 0
      ? Math.min(1, audio.currentTime / audio.duration)
      : 0;
  const words = current.split(/\s+/);
  const partial = words.slice(0, Math.floor(words.length * fraction)).join(' ');
  return [...playback.sentences.slice(0, playback.index), partial].join(' ').trim();
}
