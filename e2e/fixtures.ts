import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
}

let counter = 0;

/** A fresh address per call (tests share one database per run). */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${counter}-${random}@example.com`;
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
