/**
 * Voice previews are the same bytes for everyone: keep them in memory (a small LRU) and in a file cache under
 * DATA_DIR so a restart or another instance on the same volume does not synthesize or download them again.
 * Concurrent requests for the same key share one producer call.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { VoicePreview } from './voices.ts';

export interface PreviewCache {
  /** The cached preview of `key`, else the result of `produce` (cached unless undefined). */
  get(key: string, produce: () => Promise<VoicePreview | undefined>): Promise<VoicePreview | undefined>;
}

export interface PreviewCacheOptions {
  /** Folder of the file cache; no file cache when undefined. */
  dir?: string | undefined;
  /** Previews kept in memory (a greeting is ~150 KB of WAV). */
  maxEntries?: number;
}

const EXTENSIONS: Record<string, string> = { 'audio/wav': 'wav', 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg' };

export function createPreviewCache(options: PreviewCacheOptions = {}): PreviewCache {
  const maxEntries = options.maxEntries ?? 64;
  const memory = new Map<string, VoicePreview>();
  const pending = new Map<string, Promise<VoicePreview | undefined>>();

  const remember = (key: string, preview: VoicePreview) => {
    memory.delete(key);
    memory.set(key, preview);
    while (memory.size > maxEntries) memory.delete(memory.keys().next().value as string);
  };

  const fileBase = (key: string) =>
    options.dir
      ? path.join(options.dir, createHash('sha256').update(key).digest('hex').slice(0, 32))
      : undefined;

  async function readFromDisk(key: string): Promise<VoicePreview | undefined> {
    const base = fileBase(key);
    if (!base) return undefined;
    for (const [contentType, extension] of Object.entries(EXTENSIONS)) {
      try {
        return { audio: await readFile(`${base}.${extension}`), contentType };
      } catch {
        // not cached in this format
      }
    }
    return undefined;
  }

  async function writeToDisk(key: string, preview: VoicePreview): Promise<void> {
    const base = fileBase(key);
    const extension = EXTENSIONS[preview.contentType];
    if (!base || !extension) return;
    await mkdir(path.dirname(base), { recursive: true });
    const file = `${base}.${extension}`;
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, preview.audio);
    await rename(temp, file);
  }

  return {
    async get(key, produce) {
      const hit = memory.get(key);
      if (hit) {
        remember(key, hit);
        return hit;
      }
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const work = (async () => {
        const fromDisk = await readFromDisk(key);
        if (fromDisk) {
          remember(key, fromDisk);
          return fromDisk;
        }
        const produced = await produce();
        if (produced) {
          remember(key, produced);
          // A failed disk write only costs a later re-synthesis.
          await writeToDisk(key, produced).catch(() => undefined);
        }
        return produced;
      })();
      pending.set(key, work);
      try {
        return await work;
      } finally {
        pending.delete(key);
      }
    },
  };
}
