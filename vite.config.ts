import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The client is built into dist/client and served by the Fastify server (SPA fallback).
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      // The API started by `npm run dev` listens on PORT (3000 by default).
      '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true, changeOrigin: false },
    },
  },
});
