/**
 * Issue 23, section 3: an accessibility check (axe-core) on every page, signed out, as an owner with a live agent
 * and a call, and as the admin, at 1366x900 and 390x844: no serious or critical violation. Also the voice list as
 * one radio group (arrow keys, one Tab stop) and a visible focus on every control reached by Tab.
 */
import type { Page } from '@playwright/test';
import {
  activateAgent,
  ADMIN,
  configureAgent,
  expect,
  FAQ,
  registerUser,
  seriousViolations,
  SHOTS,
  signInViaUi,
  SIZES,
  subscribeWithFreeCoupon,
  test,
} from './fixtures.ts';

/** Checks `path` at both sizes once `ready` shows; screenshots named `name`. */
async function checkPage(page: Page, path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(path);
    await ready(page);
    expect.soft(await seriousViolations(page), `${path} at ${size.width}px`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/a11y-${name}-${size.name}.png`, fullPage: true });
  }
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

test.describe('accessibility', () => {
  test('public pages: landing, sign-in, registration, pricing, password reset, not found', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await checkPage(page, '/', 'landing', heading(/never miss|answers every call|AI phone agent/i));
    await checkPage(page, '/auth', 'auth', heading('Welcome Back'));
    await checkPage(page, '/pricing', 'pricing', async (p) => {
      await expect(p.getByText('BEST VALUE')).toBeVisible();
    });
    await checkPage(page, '/forgot-password', 'forgot-password', async (p) => {
      await expect(p.getByRole('heading').first()).toBeVisible();
    });
    await checkPage(page, '/no-such-page', 'not-found', async (p) => {
      await expect(p.getByRole('heading').first()).toBeVisible();
    });
  });

  test('owner pages with a live agent and a call: dashboard, voice dialog, configure, knowledge base, calls, phone, account', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await registerUser(page, { name: 'Axe Owner' });
    await subscribeWithFreeCoupon(page, baseURL!, 'pro');
    const number = await configureAgent(page, { companyName: 'Axe Plumbing', document: FAQ });
    await activateAgent(page);
    // One call, so the calls page has a card with its glance line, summary and transcript.
    await page.goto(`/phone?to=${encodeURIComponent(number)}`);
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    await expect(page.getByTestId('agent-line').first()).toContainText('Thanks for calling Axe Plumbing');
    await page.getByLabel('Say something').fill('Is there parking?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('agent-line').nth(1)).toContainText('Elm Street');
    await checkPage(page, page.url().replace(baseURL!, ''), 'phone', async (p) => {
      await expect(p.getByLabel('Number to call')).toBeVisible();
    });

    await checkPage(page, '/dashboard', 'dashboard', heading('Dashboard'));
    await checkPage(page, '/configure', 'configure', heading('Configure Your AI Phone Agent'));
    await checkPage(page, '/knowledge-base', 'knowledge-base', heading(/Current Documents/));
    await checkPage(page, '/knowledge-gaps', 'knowledge-gaps', async (p) => {
      await expect(p.getByRole('heading').first()).toBeVisible();
    });
    await checkPage(page, '/calls', 'calls', async (p) => {
      await expect(p.getByTestId('call-card').first()).toBeVisible();
    });
    await checkPage(page, '/account', 'account', async (p) => {
      await expect(p.getByRole('heading').first()).toBeVisible();
    });

    // The voice dialog, open over the dashboard.
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/dashboard');
      await page
        .getByRole('button', { name: /Change voice|Choose.*voice|Activate/i })
        .first()
        .click();
      await expect(page.getByRole('radiogroup', { name: 'Voices' })).toBeVisible();
      await page.waitForTimeout(400);
      expect.soft(await seriousViolations(page), `voice dialog at ${size.width}px`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/a11y-voice-dialog-${size.name}.png` });
    }
  });

  test('admin pages: users, a user selected, coupons, outbox', async ({ page }) => {
    test.setTimeout(240_000);
    await signInViaUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await checkPage(page, '/admin', 'admin', async (p) => {
      await expect(p.getByTestId('admin-user-row').first()).toBeVisible();
      await p.getByTestId('admin-user-row').first().click();
      await expect(p.getByTestId('admin-user-details')).toBeVisible();
    });
    await checkPage(page, '/admin/coupons', 'admin-coupons', async (p) => {
      await p.getByRole('button', { name: '25% Off First Month Only' }).click();
      await expect(p.getByTestId('coupon-row').first()).toBeVisible();
    });
    await checkPage(page, '/admin/outbox', 'admin-outbox', async (p) => {
      await expect(p.getByRole('heading').first()).toBeVisible();
    });
  });

  test('the voice list is one radio group: one Tab stop, arrow keys move the choice, focus is visible', async ({
    page,
    baseURL,
  }) => {
    await registerUser(page, { name: 'Keyboard Owner' });
    await subscribeWithFreeCoupon(page, baseURL!);
    await configureAgent(page, { companyName: 'Keys & Co' });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Activate AI Voice Agent/ }).click();
    const group = page.getByRole('radiogroup', { name: 'Voices' });
    await expect(group.getByRole('radio').first()).toBeVisible();
    const radios = group.getByRole('radio');
    expect(await radios.count()).toBeGreaterThanOrEqual(38);

    // From the search box, one Tab enters the list on its first voice; the next Tab leaves the list.
    await page.getByLabel('Search voices').focus();
    await page.keyboard.press('Tab');
    await expect(radios.nth(0)).toBeFocused();
    const ring = await radios
      .nth(0)
      .evaluate((el) => getComputedStyle(el.closest('[data-testid="voice-option"]')!).boxShadow);
    expect(ring, 'the focused voice shows a focus ring').not.toBe('none');
    await page.keyboard.press('ArrowDown');
    await expect(radios.nth(1)).toBeFocused();
    await expect(radios.nth(1)).toHaveAttribute('aria-checked', 'true');
    await expect(radios.nth(0)).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(radios.nth(2)).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(radios.nth(1)).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('End');
    await expect(radios.last()).toBeFocused();
    await expect(radios.last()).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('ArrowDown'); // wraps around
    await expect(radios.first()).toHaveAttribute('aria-checked', 'true');
    // Only the chosen voice is in the Tab order.
    await expect(group.locator('[role="radio"][tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Tab');
    const focusedIsRadio = await page.evaluate(
      () => document.activeElement?.getAttribute('role') === 'radio',
    );
    expect(focusedIsRadio).toBe(false);
    await expect(page.getByRole('button', { name: 'Activate Agent' })).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/voice-keyboard.png` });
  });

  test('every control reached by Tab on the calls page has a visible focus and a name', async ({
    page,
    baseURL,
  }) => {
    await registerUser(page, { name: 'Focus Owner' });
    await subscribeWithFreeCoupon(page, baseURL!);
    await page.goto('/calls');
    await expect(page.getByRole('heading', { name: 'Call History' })).toBeVisible();
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const visibleFocus =
          (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
        const name =
          el.getAttribute('aria-label') || el.textContent?.trim() || el.getAttribute('title') || '';
        return { tag: el.tagName, name, visibleFocus };
      });
      if (!info) break;
      expect(info.name, `${info.tag} has a name`).not.toBe('');
      expect(info.visibleFocus, `${info.tag} "${info.name}" shows its focus`).toBe(true);
      seen.push(info.name);
    }
    expect(seen).toContain('Sync Calls');
  });
});
