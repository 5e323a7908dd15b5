// Starts the BUILT server for the browser tests on a fixed port with a fresh data folder per run
// (embedded database, local providers), and removes the folder when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '4319';
// Another build output can be used (e.g. a private copy while others rebuild dist/ on the same checkout).
const entry = process.env.E2E_SERVER_ENTRY ?? 'dist/server/main.js';
const dataDir = mkdtempSync(path.join(tmpdir(), 'answerdesk-e2e-'));

const child = spawn(process.execPath, [entry], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-pass-123',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Each browser test sends its own X-Forwarded-For so per-address sign-in limits apply per test.
    TRUST_PROXY: 'true',
    // Sixty browser tests sign up and in hundreds of times: hash at a lower cost than production's 2^17
    // (0.8 s and 128 MiB each), which only a non-production NODE_ENV allows.
    NODE_ENV: 'development',
    PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? '12',
  },
});

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
