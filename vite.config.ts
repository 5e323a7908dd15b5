import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every script, style and SVG over 1 KB, served by @fastify/static (`preCompressed`)
 * instead of compressing each response again on a busy machine (ADR 042).
 */
function precompress(): Plugin {
  return {
    name: 'answerdesk-precompress',
    apply: 'build',
    // After the files are written: their final text (generateBundle still holds placeholders Vite fills in later).
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html)$/.test(fileName)) continue;
        const file = path.join(options.dir!, fileName);
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// The client is built into dist/client and served by the Fastify server (SPA fallback).
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the server reads which chunks a page imports to hint them in the HTML (ADR 043).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // One chunk for the icons instead of a dozen files of a few hundred bytes each, which a page waits for
        // six at a time (HTTP/1.1) on a busy server (ADR 042). What the entry loads stays in it (`$initial`), and the
        // code the lazy pages share is grouped by the pages that use it, small groups merged into a neighbour: the
        // dashboard needs 5 files beyond the entry instead of 14, the sign-in page still only 2 (ADR 043 addendum).
        codeSplitting: {
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 2 },
            // The phone number library and its metadata (120 KB) on their own: the dashboard loads them only for a
            // number that is not North American (lib/phone-number.ts, ADR 043 addendum 3); the pages that list numbers
            // import them with their code.
            {
              name: 'phone',
              test: /node_modules[\\/]libphonenumber-js|src[\\/]shared[\\/]phone\.ts$/,
              priority: 2,
            },
            { name: 'main', tags: ['$initial'], priority: 1 },
            { name: 'shared', entriesAware: true, entriesAwareMergeThreshold: 100 * 1024, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The API started by `npm run dev` listens on PORT (3000 by default).
      '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true, changeOrigin: false },
    },
  },
});
