import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, signUp, testEnv } from '../test/harness.ts';
import { buildPageHints } from './page-hints.ts';

const INDEX = `<!doctype html><html><head><title>A</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
</head><body><div id="root"></div></body></html>`;

/** A built client as Vite writes it: the entry imports the runtime; the dashboard imports both and two chunks. */
function builtClient(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'answerdesk-hints-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime-1.js'] },
      '_runtime-1.js': { file: 'assets/runtime-1.js' },
      'app/dashboard-page.tsx': {
        file: 'assets/dashboard-page-1.js',
        isDynamicEntry: true,
        imports: ['_runtime-1.js', 'index.html', '_shared-1.js'],
      },
      '_shared-1.js': { file: 'assets/shared-1.js', imports: ['index.html', '_cards-1.js'] },
      '_cards-1.js': { file: 'assets/cards-1.js', css: ['assets/cards-1.css'] },
    }),
  );
  return dir;
}

describe('page hints', () => {
  let dir: string;
  beforeAll(() => {
    dir = builtClient();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("name every chunk the page imports that the entry does not load, then the page's first API calls", () => {
    const html = buildPageHints(dir).get('/dashboard')!;
    const hints = [
      // Ours only: Vite's own tags in index.html are not self-closing.
      ...html.matchAll(/<link rel="(modulepreload|preload|stylesheet)"[^>]*href="([^"]+)"[^>]*\/>/g),
    ].map((m) => `${m[1]} ${m[2]}`);
    expect(hints).toEqual([
      'modulepreload /assets/dashboard-page-1.js',
      'modulepreload /assets/shared-1.js',
      'modulepreload /assets/cards-1.js',
      'stylesheet /assets/cards-1.css',
      'preload /api/subscription/status',
      'preload /api/agents',
      'preload /api/agent/config',
    ]);
    // The rest of the page is untouched (but for white space).
    const squeeze = (text: string) => text.replace(/\s+/g, ' ').replace(/> </g, '><');
    expect(squeeze(html.replace(/<link rel="(modulepreload|preload|stylesheet)"[^>]*\/>/g, ''))).toBe(
      squeeze(INDEX),
    );
  });

  it('are none without a manifest (a client built without one)', () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'answerdesk-hints-'));
    writeFileSync(path.join(bare, 'index.html'), INDEX);
    expect(buildPageHints(bare).size).toBe(0);
    rmSync(bare, { recursive: true, force: true });
  });
});

describe('the dashboard opened directly', () => {
  let dir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dir = builtClient();
    database = await createTestDatabase('pglite');
    app = await buildApp({ env: testEnv(), db: database.db, clientDir: dir });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hints its data only to a visitor with a live session', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).not.toContain('/api/subscription/status');
    const { client } = await signUp(app);
    const signedIn = await client.get('/dashboard');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toContain('text/html');
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(signedIn.body).toContain('<link rel="preload" href="/api/subscription/status"');
    expect(signedIn.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-page-1.js"',
    );
    // Another page of the app: the plain HTML.
    expect((await client.get('/calls')).body).toBe(INDEX);
    await client.post('/api/auth/logout');
    expect((await client.get('/dashboard')).body).toBe(INDEX);
  });
});
