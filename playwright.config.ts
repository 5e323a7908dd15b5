import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4319);
const baseURL = `http://localhost:${PORT}`;

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the BUILT server
 * (`npm run test:e2e` builds first) started by scripts/e2e-server.mjs with a fresh DATA_DIR per run.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Overridable so parallel runs on one checkout do not wipe each other's artifacts.
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // Several specs walk a whole flow (sign-up, checkout, four usage states); on a shared 2-core machine 30 s was too tight.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    env: {
      E2E_PORT: String(PORT),
      ...(process.env.E2E_SERVER_ENTRY ? { E2E_SERVER_ENTRY: process.env.E2E_SERVER_ENTRY } : {}),
    },
    reuseExistingServer: false,
    // The machine is shared: the first PGlite open and migrations can take a while under load.
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
