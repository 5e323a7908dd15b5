// Bundles the server into dist/server/main.js (dependencies stay external, resolved from node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
// The sentence encoder's worker thread is loaded by URL next to the bundle (agent/retrieval/use-encoder.ts).
await build({
  entryPoints: ['src/server/agent/retrieval/encoder-worker.mjs'],
  outfile: 'dist/server/encoder-worker.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
// The document extraction thread, loaded the same way (features/knowledge/document-extractor.ts). From source it
// starts through extract-worker.mjs, which registers tsx; built, it is this bundle, with the project's TypeScript
// (extraction, passage splitter) compiled in and the parsers (mammoth, unpdf, word-extractor) left external.
await build({
  entryPoints: ['src/server/features/knowledge/extraction-thread.ts'],
  outfile: 'dist/server/extract-worker.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(
  'server built: dist/server/main.js, dist/server/encoder-worker.mjs, dist/server/extract-worker.mjs',
);
