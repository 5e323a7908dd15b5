// The extraction thread when the server runs from source (tsx, Vitest): a worker thread starts a new Node.js
// context without the TypeScript loader, so this registers it before loading extraction-thread.ts. The built
// server loads dist/server/extract-worker.mjs instead: the same thread bundled to JavaScript by
// scripts/build-server.mjs, found next to main.js by the same relative URL.
import { register } from 'tsx/esm/api';

register();
await import('./extraction-thread.ts');
