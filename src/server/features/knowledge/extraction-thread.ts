/**
 * The document extraction thread (see document-extractor.ts): reads one uploaded file at a time, as the main
 * thread sends them, and answers with its passages or the reason it cannot be used. Built to
 * dist/server/extract-worker.mjs for production (scripts/build-server.mjs); from source it is loaded through
 * extract-worker.mjs, which registers the TypeScript loader first.
 */
import { parentPort } from 'node:worker_threads';
import { ExtractionError } from './extract.ts';
import { extractPassages } from './extract-passages.ts';
import type { ExtractionRequest, ExtractionReply } from './document-extractor.ts';

parentPort?.on('message', async (request: ExtractionRequest) => {
  let reply: ExtractionReply;
  try {
    const data = Buffer.from(request.data.buffer, request.data.byteOffset, request.data.byteLength);
    const document = await extractPassages({ filename: request.filename, data }, request.limits);
    reply = { id: request.id, ok: true, document };
  } catch (error) {
    reply =
      error instanceof ExtractionError
        ? { id: request.id, ok: false, reason: error.reason, message: error.message }
        : { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
