/**
 * The sentence encoder the product ships: Google's Universal Sentence Encoder lite (512 dimensions, trained on
 * question-answer and paraphrase-like pairs), packaged with its weights by @energetic-ai, so nothing is downloaded
 * at run time. About 10-30 ms of CPU per sentence and 250 MB of memory once loaded.
 *
 * The model runs in worker threads (encoder-worker.mjs), one per core up to two, started on first use: a batch of
 * passages blocks the thread that runs it for up to a second, which must never be the one serving calls. Work goes
 * to each thread a job at a time, in order of priority: a caller's question first, then the words of callers still speaking
 * (partial prompts), then the passages waiting to be embedded, which are sent in small chunks. A question waits at
 * most for the one job a thread is running: a chunk of passages (about a tenth of a second) or a partial prompt.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EmbedPriority, SentenceEncoder } from './meaning.ts';

/** Passages per job sent to the worker: bounds how long a caller's question can wait behind them. */
const PASSAGE_CHUNK = 4;
/** Longest text sent to the model, in characters. */
const MAX_CHARS = 2000;

interface Job {
  texts: string[];
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; vectors: Float32Array[] } | { id: number; error: string };

/** One model thread and the job it is running. */
interface Slot {
  worker: Worker;
  inFlight: (Job & { id: number }) | null;
}

/**
 * Threads by default: one per core, at most MAX_THREADS (each holds its own copy of the model, about 250 MB). The
 * TensorFlow.js WebAssembly backend runs single-threaded under Node.js, so a second core is used only through a
 * second thread (ADR 043: 1.5-1.9 times the passages per second of one on this 2-core machine).
 */
const MAX_THREADS = 2;
export const DEFAULT_ENCODER_THREADS = Math.max(1, Math.min(MAX_THREADS, availableParallelism()));

export class WorkerSentenceEncoder implements SentenceEncoder {
  readonly kind = 'use-lite';
  private readonly slots: (Slot | null)[];
  private readonly queues: Record<EmbedPriority, Job[]> = { call: [], early: [], background: [] };
  private nextId = 1;

  /** Model threads; a thread is started only when a job finds the ones already running all busy. */
  readonly threads: number;
  /** Passages per job (PASSAGE_CHUNK unless a benchmark says otherwise). */
  private readonly chunk: number;
  private readonly script: URL;

  constructor(options: { threads?: number; chunk?: number; script?: URL } = {}) {
    this.threads = Math.max(1, options.threads ?? DEFAULT_ENCODER_THREADS);
    this.chunk = Math.max(1, options.chunk ?? PASSAGE_CHUNK);
    this.script = options.script ?? new URL('./encoder-worker.mjs', import.meta.url);
    this.slots = Array.from({ length: this.threads }, () => null);
  }

  async embed(texts: readonly string[], priority: EmbedPriority = 'background'): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const size = priority === 'background' ? this.chunk : texts.length;
    const chunks: Promise<Float32Array[]>[] = [];
    for (let i = 0; i < texts.length; i += size) {
      const slice = texts.slice(i, i + size).map((t) => t.slice(0, MAX_CHARS));
      chunks.push(
        new Promise((resolve, reject) => {
          this.queues[priority].push({ texts: slice, resolve, reject });
        }),
      );
    }
    this.pump();
    return (await Promise.all(chunks)).flat();
  }

  /** Stops the threads (tests and shutdown); a later embed starts new ones. */
  async close(): Promise<void> {
    const workers = this.slots.flatMap((slot) => (slot ? [slot.worker] : []));
    this.slots.fill(null);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  /** Gives queued jobs, most urgent first, to idle threads (started on demand). */
  private pump(): void {
    for (;;) {
      const index = this.idleSlot();
      if (index === -1) return;
      const job = this.queues.call.shift() ?? this.queues.early.shift() ?? this.queues.background.shift();
      if (!job) break;
      const slot = (this.slots[index] ??= { worker: this.startWorker(index), inFlight: null });
      slot.worker.ref(); // busy: a script awaiting vectors must not exit under it
      slot.inFlight = { ...job, id: this.nextId++ };
      slot.worker.postMessage({ id: slot.inFlight.id, texts: job.texts });
    }
    // Idle threads never keep the process alive.
    for (const slot of this.slots) if (slot && !slot.inFlight) slot.worker.unref();
  }

  /** A running idle thread first (its model is loaded), else a slot where one may be started; -1 if none. */
  private idleSlot(): number {
    const running = this.slots.findIndex((slot) => slot !== null && slot.inFlight === null);
    return running !== -1 ? running : this.slots.indexOf(null);
  }

  private startWorker(index: number): Worker {
    const worker = new Worker(this.script);
    const slotOf = () => {
      const slot = this.slots[index];
      return slot && slot.worker === worker ? slot : null;
    };
    worker.on('message', (reply: Reply) => {
      const slot = slotOf();
      const job = slot?.inFlight;
      if (!slot || !job || job.id !== reply.id) return;
      slot.inFlight = null;
      if ('error' in reply) job.reject(new Error(`sentence encoder: ${reply.error}`));
      else job.resolve(reply.vectors);
      this.pump();
    });
    const fail = (error: Error) => {
      const slot = slotOf();
      if (!slot) return;
      this.slots[index] = null;
      // The failed thread's job, and every queued one: the caller learns at once rather than after a restart.
      const queued = Object.values(this.queues).flatMap((queue) => queue.splice(0));
      const pending = [...(slot.inFlight ? [slot.inFlight] : []), ...queued];
      for (const job of pending) job.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`sentence encoder thread exited (${code})`)));
    return worker;
  }
}

/** The process's encoder (one model per thread, DEFAULT_ENCODER_THREADS threads). */
export const universalSentenceEncoder = new WorkerSentenceEncoder();
