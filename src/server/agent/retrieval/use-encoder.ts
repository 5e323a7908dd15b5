/**
 * The sentence encoder the product ships: Google's Universal Sentence Encoder lite (512 dimensions, trained on
 * question-answer and paraphrase-like pairs), packaged with its weights by @energetic-ai, so nothing is downloaded
 * at run time. About 10-30 ms of CPU per sentence and 250 MB of memory once loaded.
 *
 * The model runs in a worker thread (encoder-worker.mjs), started on first use: a batch of passages blocks the
 * thread that runs it for up to a second, which must never be the one serving calls. Work goes to the worker a
 * job at a time, in order of priority: a caller's question first, then the words of callers still speaking
 * (partial prompts), then the passages waiting to be embedded, which are sent in small chunks. A question waits at
 * most for the one job the thread is running: a chunk of passages (about a tenth of a second) or a partial prompt.
 */
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

export class WorkerSentenceEncoder implements SentenceEncoder {
  readonly kind = 'use-lite';
  private worker: Worker | null = null;
  private readonly queues: Record<EmbedPriority, Job[]> = { call: [], early: [], background: [] };
  private inFlight: (Job & { id: number }) | null = null;
  private nextId = 1;

  constructor(private readonly script = new URL('./encoder-worker.mjs', import.meta.url)) {}

  async embed(texts: readonly string[], priority: EmbedPriority = 'background'): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const size = priority === 'background' ? PASSAGE_CHUNK : texts.length;
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

  /** Stops the worker (tests and shutdown); a later embed starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private pump(): void {
    if (this.inFlight) return;
    const job = this.queues.call.shift() ?? this.queues.early.shift() ?? this.queues.background.shift();
    if (!job) {
      this.worker?.unref(); // idle: never keeps the process alive
      return;
    }
    const worker = this.ensureWorker();
    worker.ref(); // busy: a script awaiting vectors must not exit under it
    this.inFlight = { ...job, id: this.nextId++ };
    worker.postMessage({ id: this.inFlight.id, texts: job.texts });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.on('message', (reply: Reply) => {
      const job = this.inFlight;
      if (!job || job.id !== reply.id) return;
      this.inFlight = null;
      if ('error' in reply) job.reject(new Error(`sentence encoder: ${reply.error}`));
      else job.resolve(reply.vectors);
      this.pump();
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const queued = Object.values(this.queues).flatMap((queue) => queue.splice(0));
      const pending = [...(this.inFlight ? [this.inFlight] : []), ...queued];
      this.inFlight = null;
      for (const job of pending) job.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`sentence encoder thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** The process's encoder (one model, one thread). */
export const universalSentenceEncoder = new WorkerSentenceEncoder();
