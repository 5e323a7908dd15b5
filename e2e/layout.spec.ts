import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  activateAgent,
  ADMIN,
  configureAgent,
  csrfHeaders,
  expect,
  generateCoupon,
  registerUser,
  signInViaUi,
  subscribeWithFreeCoupon,
  test,
  uniqueEmail,
} from './fixtures.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const PHONE = { width: 390, height: 844 };

/** Elements sticking out of the window on the right: a page the owner would have to scroll sideways. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  });
}

test('on a phone, the owner pages fit the screen: dashboard with an active agent, configure, calls, pricing', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  await registerUser(page, { name: 'Owner With A Rather Long Name' });
  await subscribeWithFreeCoupon(page, baseURL!, 'pro');
  await configureAgent(page, { companyName: 'Sunny Side Bakery and Coffee Roasters' });

  // The voice dialog shows each voice's whole name, wrapped, not cut off ("Ava — US English, warm y…").
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Activate AI Voice Agent' }).click();
  const names = page.getByRole('dialog', { name: 'Choose Your AI Voice' }).getByTestId('voice-name');
  await expect(names.first()).toBeVisible();
  const cut = await names.evaluateAll((spans) =>
    spans.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
  await expect(names.first()).toHaveText('Ava — US English, warm young female');
  await page.screenshot({ path: `${SHOTS}/phone-voice-dialog.png` });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await activateAgent(page);

  await page.goto('/dashboard');
  await expect(page.getByTestId('plan-name')).toHaveText('Pro');
  await expect(page.getByText('AI Agent Active')).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  await expect(page.getByTestId('minutes-remaining')).toBeInViewport();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/phone-dashboard.png`, fullPage: true });

  for (const path of ['/configure', '/calls', '/knowledge-base', '/knowledge-gaps', '/pricing']) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await overflowing(page), path).toEqual([]);
  }
});

test('a coupon-discounted price stays inside its plan card', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const code = await generateCoupon(baseURL!, { percent: 50, type: 'first_month' });
  await registerUser(page);
  await page.goto('/pricing');
  await page.getByLabel('Have a coupon code?').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon applied: 50% off your first month!').first()).toBeVisible();

  for (const plan of ['basic', 'pro', 'enterprise']) {
    const card = page.getByTestId(`plan-${plan}`);
    const box = (await card.boundingBox())!;
    const month = (await card.getByText('/month').boundingBox())!;
    expect(month.x + month.width, `${plan}: "/month" inside the card`).toBeLessThanOrEqual(box.x + box.width);
  }
  await expect(page.getByTestId('plan-pro')).toContainText('$149.50');
  await page.screenshot({ path: `${SHOTS}/pricing-coupon.png` });
});

test('on a phone, the coupon table scrolls inside its card instead of widening the page', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInViaUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/coupons');
  await page.getByRole('button', { name: '25% Off First Month Only' }).click();
  await expect(page.getByTestId('coupon-row').first()).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
});

test('on a phone, the admin page does not scroll sideways, with a long-named user listed and selected', async ({
  page,
  browser,
  baseURL,
}) => {
  // A customer with a long address, registered in their own browser context.
  const customer = await browser.newContext({ baseURL: baseURL! });
  const email = uniqueEmail('a-customer-with-a-rather-long-address');
  const registered = await customer.request.post('/api/auth/register', {
    data: { email, password: 'correct-horse-42', name: 'Long Address Customer' },
    headers: await csrfHeaders(customer.request),
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await customer.close();

  await page.setViewportSize(PHONE);
  await signInViaUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin');
  await page.getByPlaceholder('Search users...').fill(email);
  await expect(page.getByTestId('admin-user-row').first()).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  await page.getByTestId('admin-user-row').first().click();
  await expect(page.getByTestId('admin-user-details')).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/phone-admin.png`, fullPage: true });
});
