/**
 * Uploaded documents are read in a worker thread, never on the thread that serves calls and requests: parsing
 * a large DOCX or PDF takes seconds of CPU and hundreds of MB, which must not stall other tenants. The thread
 * has its own heap limit and each document a time limit; a document that exceeds either is refused with a
 * 413 naming the limit, the thread is ended and the next document gets a fresh one. The size limits checked
 * before parsing (extract-limits.ts) keep valid documents well inside both.
 *
 * One thread reads one document at a time, in upload order (the machine has few cores; calls come first).
 * It starts on first use and does not keep the process alive when idle.
 * See docs/decisions/011-document-extraction.md ("Limits").
 */
import { Worker } from 'node:worker_threads';
import {
  EXTRACTION_LIMITS,
  ExtractionError,
  type ExtractionFailure,
  type ExtractionLimits,
} from './extract.ts';
import type { ExtractedPassages } from './extract-passages.ts';

export interface ExtractionRequest {
  id: number;
  filename: string;
  data: Uint8Array;
  limits: ExtractionLimits;
}

export type ExtractionReply =
  | { id: number; ok: true; document: ExtractedPassages }
  | { id: number; ok: false; reason: ExtractionFailure; message: string }
  | { id: number; ok: false; error: string };

export interface DocumentExtractorOptions {
  limits?: ExtractionLimits;
  /** Longest time one document may take, from when it is handed to the thread. */
  timeLimitMs?: number;
  /** The thread's JavaScript heap (V8 old generation), in MB. */
  maxHeapMb?: number;
  /** The thread's script; by default extract-worker.mjs next to this module (or next to the built server). */
  script?: URL;
}

export const EXTRACTION_TIME_LIMIT_MS = 60_000;
export const EXTRACTION_HEAP_MB = 1536;

interface Job {
  filename: string;
  data: Buffer;
  resolve: (document: ExtractedPassages) => void;
  reject: (error: Error) => void;
}

export class DocumentExtractor {
  private readonly limits: ExtractionLimits;
  private readonly timeLimitMs: number;
  private readonly maxHeapMb: number;
  private readonly script: URL;
  private worker: Worker | null = null;
  private readonly queue: Job[] = [];
  private inFlight: (Job & { id: number; timer: NodeJS.Timeout }) | null = null;
  private nextId = 1;

  constructor(options: DocumentExtractorOptions = {}) {
    this.limits = options.limits ?? EXTRACTION_LIMITS;
    this.timeLimitMs = options.timeLimitMs ?? EXTRACTION_TIME_LIMIT_MS;
    this.maxHeapMb = options.maxHeapMb ?? EXTRACTION_HEAP_MB;
    this.script = options.script ?? new URL('./extract-worker.mjs', import.meta.url);
  }

  /** The file's passages; rejects with ExtractionError (named file, reason) when it cannot be used. */
  extract(file: { filename: string; data: Buffer }): Promise<ExtractedPassages> {
    return new Promise((resolve, reject) => {
      this.queue.push({ filename: file.filename, data: file.data, resolve, reject });
      this.pump();
    });
  }

  /** Stops the thread (tests and shutdown); a later document starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private pump(): void {
    if (this.inFlight) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref(); // idle: never keeps the process alive
      return;
    }
    const worker = this.ensureWorker();
    worker.ref(); // busy: a request awaiting the document must not see the process exit under it
    const id = this.nextId++;
    const timer = setTimeout(() => {
      this.stopWorker(
        worker,
        limitError(
          job.filename,
          `reading the document took longer than ${formatSeconds(this.timeLimitMs)}, the limit for one document; split it into smaller files`,
        ),
      );
    }, this.timeLimitMs);
    this.inFlight = { ...job, id, timer };
    // A copy goes to the thread (the caller keeps its bytes to store them); the copy's memory moves there.
    const data = new Uint8Array(job.data);
    const request: ExtractionRequest = { id, filename: job.filename, data, limits: this.limits };
    worker.postMessage(request, [data.buffer]);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, {
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    worker.on('message', (reply: ExtractionReply) => {
      const job = this.inFlight;
      if (this.worker !== worker || !job || job.id !== reply.id) return;
      this.finish(job);
      if (reply.ok) job.resolve(reply.document);
      else if ('reason' in reply) job.reject(new ExtractionError(job.filename, reply.reason, reply.message));
      else job.reject(new Error(`document extraction failed: ${reply.error}`));
      this.pump();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const job = this.inFlight;
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.stopWorker(
        worker,
        outOfMemory && job
          ? limitError(
              job.filename,
              `reading the document needed more than the ${formatHeap(this.maxHeapMb)} of memory one document may use; split it into smaller files`,
            )
          : new Error(`document extraction thread failed: ${error.message}`),
      );
    });
    worker.on('exit', (code) => {
      this.stopWorker(worker, new Error(`document extraction thread exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  /** Ends `worker` (if it is still ours), fails the document it was reading, and goes on with the queue. */
  private stopWorker(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    void worker.terminate();
    const job = this.inFlight;
    if (job) {
      this.finish(job);
      job.reject(error);
    }
    this.pump();
  }

  private finish(job: { timer: NodeJS.Timeout }): void {
    clearTimeout(job.timer);
    this.inFlight = null;
  }
}

function limitError(filename: string, detail: string): ExtractionError {
  return new ExtractionError(filename, 'too_large', `${filename}: ${detail}`);
}

function formatSeconds(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

function formatHeap(mb: number): string {
  return mb >= 1024 ? `${Number((mb / 1024).toFixed(1))} GB` : `${mb} MB`;
}

/** The process's extractor (one thread). */
export const documentExtractor = new DocumentExtractor();
