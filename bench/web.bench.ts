/**
 * Web benchmark: `npm run bench:web` (issue 26, item 3).
 *
 * Starts the BUILT server (scripts/e2e-server.mjs: fresh data folder, local providers; `npm run build` first when
 * dist/ is missing or BENCH_BUILD=1) and drives Debian's Chromium (/usr/bin/chromium) with Playwright:
 * 1. the landing page's JavaScript: every script response the page loads until the network is idle, each
 *    gzip-compressed here (zlib level 9, so the figure does not depend on what the server negotiates), summed.
 *    Target: <= 150 KB.
 * 2. the dashboard's first render for a signed-in owner with a subscription: from the start of the navigation
 *    (performance.timeOrigin) to the usage card being in the page (a MutationObserver installed before any script
 *    records performance.now() when `usage-percentage` appears), a new browser context each run (empty cache, as the
 *    first visit after signing in), median of BENCH_WEB_RUNS after one warm-up run.
 *    Target: <= 1 s.
 * Exits 1 when a target is missed. The machine is shared: the load average is printed with the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium, request as playwrightRequest, type APIRequestContext } from '@playwright/test';

const LANDING_BUDGET_KB = 150;
const DASHBOARD_BUDGET_MS = 1000;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
/**
 * Installed before the page's own scripts: records performance.now() when the usage card is first in the page. A
 * string, not a function: tsx would add its own helpers to a function's body, which the page does not have.
 */
const USAGE_CARD_WATCH = `
  new MutationObserver(() => {
    if (window.__usageCardAt === undefined && document.querySelector('[data-testid="usage-percentage"]')) {
      window.__usageCardAt = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
`;
const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer ${baseURL}/api/health`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const find = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!(await find())) await request.get('/api/health');
  const token = await find();
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': token };
}

async function must(response: { status(): number; text(): Promise<string> }, what: string): Promise<void> {
  if (response.status() !== 200) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

/** Registers an owner and subscribes them with a 100% coupon the admin makes (the flows the pages use). */
async function subscribedOwner(baseURL: string, owner: APIRequestContext): Promise<void> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await must(
      await admin.post('/api/auth/login', { data: ADMIN, headers: await csrfHeaders(admin) }),
      'admin',
    );
    const made = await admin.post('/api/admin/coupons/generate?discount_percent=100&discount_type=forever', {
      headers: await csrfHeaders(admin),
    });
    await must(made, 'coupon');
    const code = ((await made.json()) as { code: string }).code;
    const email = `bench-${Date.now()}@example.com`;
    await must(
      await owner.post('/api/auth/register', {
        data: { email, password: 'correct-horse-42', name: 'Bench Owner' },
        headers: await csrfHeaders(owner),
      }),
      'register',
    );
    await must(
      await owner.post('/api/stripe/create-checkout', {
        form: { plan: 'pro', origin_url: baseURL, coupon_code: code },
        headers: await csrfHeaders(owner),
      }),
      'checkout',
    );
  } finally {
    await admin.dispose();
  }
}

async function main(): Promise<void> {
  const build = process.env.BENCH_BUILD === '1' || !existsSync('dist/server/main.js');
  if (build) {
    console.log('building (npm run build)…');
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('build failed');
  } else console.log('using the existing dist/ (BENCH_BUILD=1 rebuilds)');

  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, E2E_PORT: String(port), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  let ok = true;
  try {
    await waitForHealth(baseURL, 120_000);
    console.log(`server on ${baseURL}, load average ${loadavg()[0]!.toFixed(2)}`);

    // 1. The landing page's JavaScript.
    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || scripts.has(response.url())) return;
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const sizes = await Promise.all(
      [...scripts.entries()].map(async ([url, size]) => [url, await size] as const),
    );
    await visitor.close();
    const totalKb = sizes.reduce((sum, [, size]) => sum + size, 0) / 1024;
    for (const [url, size] of sizes.sort((a, b) => b[1] - a[1])) {
      console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
    }
    const landingOk = totalKb <= LANDING_BUDGET_KB;
    ok &&= landingOk;
    console.log(
      `${landingOk ? 'PASS' : 'FAIL'}: landing page JavaScript ${totalKb.toFixed(1)} KB gzip in ${sizes.length} ` +
        `files, budget <= ${LANDING_BUDGET_KB} KB`,
    );

    // 2. The dashboard's first render, signed in.
    const owner = await browser.newContext({ baseURL });
    await subscribedOwner(baseURL, owner.request);
    const signedIn = await owner.storageState();
    await owner.close();
    const times: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      // A new context each run: nothing cached, as on the first visit after signing in.
      const context = await browser.newContext({ baseURL, storageState: signedIn });
      await context.addInitScript(USAGE_CARD_WATCH);
      const tab = await context.newPage();
      // BENCH_WEB_PROFILE=file.cpuprofile: the renderer's CPU profile of the last run (open it in Chrome's DevTools).
      const profiler =
        run === RUNS && process.env.BENCH_WEB_PROFILE ? await context.newCDPSession(tab) : undefined;
      if (profiler) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.send('Profiler.start');
      }
      await tab.goto('/dashboard');
      await tab
        .waitForFunction(() => (window as { __usageCardAt?: number }).__usageCardAt !== undefined, null, {
          timeout: 30_000,
        })
        .catch(async (error: unknown) => {
          await tab.screenshot({ path: '/tmp/bench-web-timeout.png' });
          throw new Error(`no usage card on ${tab.url()} (screenshot /tmp/bench-web-timeout.png)`, {
            cause: error,
          });
        });
      const at = await tab.evaluate(() => (window as unknown as { __usageCardAt: number }).__usageCardAt);
      if (profiler) {
        const { profile } = await profiler.send('Profiler.stop');
        writeFileSync(process.env.BENCH_WEB_PROFILE!, JSON.stringify(profile));
        console.log(`  renderer CPU profile of the last run: ${process.env.BENCH_WEB_PROFILE}`);
      }
      if (run === RUNS) {
        // The last run's waterfall: what the first render waited for.
        const entries = await tab.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .concat(performance.getEntriesByType('navigation'))
            .map((e) => ({
              name: e.name,
              start: e.startTime,
              end: (e as PerformanceResourceTiming).responseEnd,
            }))
            .filter((e) => e.start < (window as unknown as { __usageCardAt: number }).__usageCardAt),
        );
        for (const e of entries.sort((a, b) => a.start - b.start)) {
          console.log(
            `  ${e.start.toFixed(0).padStart(5)}-${e.end.toFixed(0).padStart(5)} ms  ${new URL(e.name).pathname}`,
          );
        }
        console.log(`  ${at.toFixed(0).padStart(11)} ms  usage card in the page`);
      }
      await context.close();
      if (run > 0) times.push(at); // the first run warms the server
    }
    const firstRender = median(times);
    const dashboardOk = firstRender <= DASHBOARD_BUDGET_MS;
    ok &&= dashboardOk;
    console.log(`  runs (ms): ${times.map((t) => t.toFixed(0)).join(', ')} (after one warm-up run)`);
    console.log(
      `${dashboardOk ? 'PASS' : 'FAIL'}: dashboard first render (navigation -> usage card) median ` +
        `${firstRender.toFixed(0)} ms, budget <= ${DASHBOARD_BUDGET_MS} ms; load average ${loadavg()[0]!.toFixed(2)}`,
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
  if (!ok) process.exitCode = 1;
}

await main();
