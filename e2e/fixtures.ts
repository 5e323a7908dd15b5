import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';

export { expect };

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
}

/**
 * A folder for the screenshots a spec saves for a person to look at: the environment variable `variable` (SHOTS_DIR
 * unless a spec has its own), else `fallback`; made when asked for.
 */
export function shotsDir(fallback = '/tmp/shots', variable = 'SHOTS_DIR'): string {
  const dir = process.env[variable] ?? fallback;
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The common screenshot folder: SHOTS_DIR or /tmp/shots. */
export const SHOTS = shotsDir();

/** The two screens every page is looked at on (issue 23): a laptop and a phone. */
export const DESKTOP = { width: 1366, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;
export const SIZES = [
  { name: 'desktop', ...DESKTOP },
  { name: 'phone', ...PHONE },
] as const;

/** Full-page screenshots of the current page at both SIZES (`<name>-desktop.png`, `<name>-phone.png`); the page is
 * left at the size `endAt`. */
export async function shoot(page: Page, name: string, endAt: 'desktop' | 'phone' = 'phone'): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png`, fullPage: true });
  }
  if (endAt === 'desktop') await page.setViewportSize(DESKTOP);
}

let counter = 0;

/** A fresh address per call (tests share one database per run). */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${counter}-${random}@example.com`;
}

/** A small business's FAQ, the document the call tests configure. */
export const FAQ = `# Opening hours
We are open Monday to Friday from 8 a.m. to 6 p.m. We are closed on Sundays.

# Parking
Free parking is available behind the building, entrance on Elm Street.

# Payment methods
We accept cash, all major credit cards and Apple Pay.`;

/** A North American number as the pages show it: "+15550100142" -> "+1 555-010-0142". */
export function shownNumber(e164: string): string {
  const d = e164.replace(/\D/g, '').slice(-10);
  return `+1 ${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

export const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' } as const;

/**
 * Each test looks like a different client address to the server (it trusts X-Forwarded-For, as behind a proxy),
 * so the per-address rate limits of sign-in and registration (20 a minute) do not couple unrelated tests.
 */
function fakeClientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
  extraHTTPHeaders: async ({}, provide) => {
    await provide({ 'X-Forwarded-For': fakeClientAddress() });
  },
});

/** The CSRF cookie the server sets on any /api response; a GET first when the context has none yet. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const find = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  let token = await find();
  if (!token) {
    await request.get('/api/health');
    token = await find();
  }
  if (!token) throw new Error('server did not set the XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': token };
}

/**
 * Registers a new user through the API using the page's own cookie jar, so the page is signed in afterwards.
 * Fast path for tests that are not about registration itself.
 */
export async function registerUser(
  page: Page,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const name = overrides.name ?? 'Pat Tester';
  const password = overrides.password ?? 'correct-horse-42';
  // page.request shares the browser context's cookies (and resolves paths against baseURL).
  const response = await page.request.post('/api/auth/register', {
    data: { email, password, name },
    headers: await csrfHeaders(page.request),
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, email, name, password };
}

/** Registers through the /auth page like a visitor would; ends on /dashboard. */
export async function registerViaUi(
  page: Page,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> = {},
): Promise<Omit<TestUser, 'id'>> {
  const email = overrides.email ?? uniqueEmail();
  const name = overrides.name ?? 'Pat Tester';
  const password = overrides.password ?? 'correct-horse-42';
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create one' }).click();
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, name, password };
}

/** Signs in through the /auth page. */
export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The greeting in the dashboard nav bar ('Welcome, <name or email>'). */
export function greeting(page: Page) {
  return page.getByTestId('greeting');
}

/**
 * A request context signed in as the seeded admin (its own cookie jar); the caller disposes it.
 * `clientAddress` sets X-Forwarded-For, otherwise the server sees the runner's own address.
 */
export async function adminRequest(baseURL: string, clientAddress?: string): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({
    baseURL,
    ...(clientAddress ? { extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } } : {}),
  });
  const login = await admin.post('/api/auth/login', { data: ADMIN, headers: await csrfHeaders(admin) });
  expect(login.status(), await login.text()).toBe(200);
  return admin;
}

/** A coupon code made by the admin, the same call /admin/coupons makes. */
export async function generateCoupon(
  baseURL: string,
  { percent, type, clientAddress }: { percent: number; type: string; clientAddress?: string },
): Promise<string> {
  const admin = await adminRequest(baseURL, clientAddress);
  try {
    const made = await admin.post(
      `/api/admin/coupons/generate?discount_percent=${percent}&discount_type=${type}`,
      { headers: await csrfHeaders(admin) },
    );
    expect(made.status(), await made.text()).toBe(200);
    return ((await made.json()) as { code: string }).code;
  } finally {
    await admin.dispose();
  }
}

/**
 * A subscription the legitimate way: the admin generates a 100% "forever" coupon, the signed-in user of `page`
 * checks out `plan` with it (free_subscription, no payment page). Same calls as /admin/coupons and /pricing make.
 */
export async function subscribeWithFreeCoupon(
  page: Page,
  baseURL: string,
  plan: 'basic' | 'pro' = 'basic',
): Promise<void> {
  const code = await generateCoupon(baseURL, { percent: 100, type: 'forever' });
  const checkout = await page.request.post('/api/stripe/create-checkout', {
    form: { plan, origin_url: baseURL, coupon_code: code },
    headers: await csrfHeaders(page.request),
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  expect(((await checkout.json()) as { free_subscription?: boolean }).free_subscription).toBe(true);
}

/**
 * Configures the agent through the same call the /configure page makes, with one text document; returns the
 * rented number. Specs run in parallel on one server: a random free number, retried when another spec took it.
 */
export async function configureAgent(
  page: Page,
  { companyName, document = 'We open at 8am and close at 6pm.' }: { companyName: string; document?: string },
): Promise<string> {
  const numbers = await page.request.get('/api/twilio/available-numbers');
  expect(numbers.status(), await numbers.text()).toBe(200);
  const list = ((await numbers.json()) as { numbers: { phone_number: string }[] }).numbers;
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = list[Math.floor(Math.random() * list.length)]!.phone_number;
    const response = await page.request.post('/api/agent/configure', {
      multipart: {
        company_name: companyName,
        contact_email: 'owner@example.com',
        twilio_phone_number: number,
        transfer_phone_number: '+14155552671',
        documents: { name: 'faq.txt', mimeType: 'text/plain', buffer: Buffer.from(document) },
      },
      headers: await csrfHeaders(page.request),
    });
    if (response.status() === 200) return number;
    expect(response.status(), await response.text()).toBe(409);
  }
  throw new Error('could not rent a number');
}

/** Activates the configured agent with the first voice, as the voice dialog does. */
export async function activateAgent(page: Page): Promise<void> {
  const voices = (await (await page.request.get('/api/elevenlabs/voices')).json()) as {
    voices: { voice_id: string }[];
  };
  const activate = await page.request.post('/api/agent/create-eleven-labs-agent', {
    multipart: { voice_id: voices.voices[0]!.voice_id },
    headers: await csrfHeaders(page.request),
  });
  expect(activate.status(), await activate.text()).toBe(200);
}

/**
 * Silences the agent's voice on the softphone before a call. A test types its questions faster than the reply is
 * spoken, and a question sent over a playing reply interrupts it: the transcript keeps only what was heard. The
 * voice itself is tested in test-call-voice.spec.ts.
 */
export async function muteAgent(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Agent replies are spoken' }).click();
  await expect(page.getByRole('button', { name: 'Agent replies are muted' })).toBeVisible();
}

/** Waits until nothing is fading or zooming in (endless animations, e.g. spinners, aside). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * The serious and critical WCAG 2.x A/AA violations on the page as it ends up (no toast or dialog still fading in
 * or out), one line each; empty when none (issue 23).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
