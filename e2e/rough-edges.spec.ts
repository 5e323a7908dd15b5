/**
 * Issue 23, section 3 ("Rough edges"): /configure without a plan, how test calls are metered, the usage
 * percentage below 1 % and the deactivated agent box, toasts below the header, no 401 in the console of anonymous
 * pages, gift-minute errors by the field, a session that ends under a signed-in page and a bad #session_id. Each test also takes screenshots at 1366x900 and 390x844.
 */
import type { Page, Route } from '@playwright/test';
import {
  ADMIN,
  configureAgent,
  csrfHeaders,
  expect,
  registerUser,
  shoot,
  SHOTS,
  signInViaUi,
  SIZES,
  subscribeWithFreeCoupon,
  test,
  uniqueEmail,
} from './fixtures.ts';

const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** GET /subscription/status answering a Basic plan with `used` of `limit` minutes. */
function usageRoute(used: number, limit: number) {
  return (route: Route) =>
    route.fulfill({
      json: {
        has_subscription: true,
        subscription: {
          id: 'sub_test',
          plan: 'basic',
          plan_name: 'Basic',
          amount: 99,
          base_amount: 99,
          status: 'active',
          discount_percent: 0,
          discount_type: null,
          discount_source: null,
          current_period_start: '2026-11-01T00:00:00.000Z',
          current_period_end: '2026-12-01T00:00:00.000Z',
          trial_ends_at: null,
          minutes_used: used,
          minutes_limit: limit,
          usage: {
            minutes_limit: limit,
            minutes_used: used,
            minutes_remaining: Math.max(0, limit - used),
            percentage_used: Math.round((used / limit) * 1000) / 10,
          },
        },
      },
    });
}

test.describe('rough edges', () => {
  test('/configure without a plan says what is needed and leads to /pricing instead of the form', async ({
    page,
    baseURL,
  }) => {
    await registerUser(page);
    await page.goto('/configure');
    await expect(page.getByRole('heading', { name: 'Configure Your AI Phone Agent' })).toBeVisible();
    const needed = page.getByTestId('configure-plan-needed');
    await expect(needed).toContainText('Choose a plan to configure your agent');
    await expect(needed.getByRole('list', { name: 'What you need' })).toContainText('An active plan');
    await expect(needed).toContainText('(missing)');
    // No form that the server would refuse on submit.
    await expect(page.getByRole('form', { name: 'Agent configuration' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Configure Agent' })).toHaveCount(0);
    await shoot(page, 'configure-plan-needed');

    await needed.getByRole('link', { name: 'Choose a Plan' }).click();
    await expect(page).toHaveURL(/\/pricing$/);

    // With a plan the form is back.
    await subscribeWithFreeCoupon(page, baseURL!);
    await page.goto('/configure');
    await expect(page.getByRole('form', { name: 'Agent configuration' })).toBeVisible();
    await expect(page.getByTestId('configure-plan-needed')).toHaveCount(0);
  });

  test('the phone page says how test calls are metered before the call', async ({ page }) => {
    await registerUser(page);
    await page.goto('/phone?to=%2B15550100123');
    const note = page.getByTestId('test-call-metering');
    await expect(note).toBeVisible();
    await expect(note).toContainText('rounded up to whole minutes');
    await expect(note).toContainText('at least 1');
    // Before the call: the note sits above the Call button.
    const call = page.getByRole('button', { name: 'Call', exact: true });
    await expect(call).toBeVisible();
    expect((await note.boundingBox())!.y).toBeLessThan((await call.boundingBox())!.y);
    await shoot(page, 'phone-metering');
  });

  test('usage below 1 % shows one decimal; the deactivated agent box names both ways back', async ({
    page,
  }) => {
    await registerUser(page);
    const card = page.getByTestId('subscription-card');
    for (const [used, shown] of [
      [2, '0.8%'], // 2 of 250 minutes
      [0, '0%'],
      [5, '2%'],
    ] as const) {
      await page.unroute('**/api/subscription/status');
      await page.route('**/api/subscription/status', usageRoute(used, 250));
      await page.goto('/dashboard');
      // The first dashboard load can be slow on a busy machine.
      await expect(card.getByTestId('minutes-used')).toHaveText(String(used), { timeout: 20_000 });
      await expect(card.getByTestId('usage-percentage')).toHaveText(shown);
      if (used === 2) await card.screenshot({ path: `${SHOTS}/usage-below-one-percent.png` });
    }

    await page.unroute('**/api/subscription/status');
    await page.route('**/api/subscription/status', usageRoute(250, 250));
    await page.route('**/api/agent/config', (route) =>
      route.fulfill({
        json: {
          configured: true,
          config: {
            company_name: 'Busy Bee Cleaning',
            contact_email: 'owner@example.com',
            twilio_phone_number: '+15550100123',
            transfer_phone_number: null,
            documents: [],
            eleven_agent_id: null,
            voice_id: 'en-us+f3',
            status: 'inactive',
            config_data: { eleven_agent_id: 'local_agent_1a2b3c4d', voice_name: 'Ava' },
          },
        },
      }),
    );
    await page.goto('/dashboard');
    const inactive = page.getByTestId('agent-inactive');
    await expect(inactive).toContainText('Upgrade your plan or buy extra minutes to reactivate it');
    await expect(inactive.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');
    await expect(inactive.getByRole('link', { name: 'Buy Minutes' })).toHaveAttribute(
      'href',
      '/pricing#minutes',
    );
    await shoot(page, 'dashboard-deactivated');
    await inactive.getByRole('link', { name: 'Buy Minutes' }).click();
    await expect(page).toHaveURL(/\/pricing#minutes$/);
  });

  for (const size of SIZES) {
    test(`toasts sit top right below the header and never cover its buttons (${size.width}px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await registerUser(page);
      await page.route('**/api/calls/sync-from-elevenlabs', (route) =>
        route.fulfill({ status: 500, body: '' }),
      );
      await page.goto('/calls');
      await page.getByRole('button', { name: 'Sync Calls' }).click();
      const toast = toastWith(page, 'Failed to sync conversations');
      await expect(toast).toBeVisible();
      // Wait for the enter animation to settle before measuring.
      await expect
        .poll(async () => (await toast.boundingBox())?.y)
        .toBeGreaterThanOrEqual((await page.locator('header').first().boundingBox())!.height);

      const header = (await page.locator('header').first().boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      // Top right: the toast ends near the right edge, in the upper part of the screen.
      expect(box.x + box.width).toBeGreaterThan(size.width - 40);
      expect(box.y).toBeLessThan(size.height / 3);
      // The header's buttons are still the topmost element where they are drawn.
      const logout = page.getByRole('button', { name: 'Logout' });
      const covered = await logout.evaluate((button) => {
        const r = button.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !(top && button.contains(top));
      });
      expect(covered).toBe(false);
      await page.screenshot({ path: `${SHOTS}/toast-below-header-${size.width}.png` });
    });
  }

  test('anonymous pages log no error in the console for the session check', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    const session = page.waitForResponse((r) => r.url().includes('/api/auth/me?optional=1'));
    await page.goto('/');
    expect((await session).status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await page.goto('/pricing');
    await expect(page.getByTestId('plan-basic')).toBeVisible();
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
  });

  test('gift-minute errors appear next to the field as well as in the toast', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A customer to gift to, in their own browser context.
    const customerContext = await browser.newContext({ baseURL: baseURL! });
    const customerPage = await customerContext.newPage();
    const email = uniqueEmail('gift');
    const registered = await customerPage.request.post('/api/auth/register', {
      data: { email, password: 'correct-horse-42', name: 'Gift Customer' },
      headers: await csrfHeaders(customerPage.request),
    });
    expect(registered.status(), await registered.text()).toBe(200);
    await customerContext.close();

    await signInViaUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin');
    await page.getByPlaceholder('Search users...').fill(email);
    await page.getByTestId('admin-user-row').first().click();
    const details = page.getByTestId('admin-user-details');
    await details.getByRole('button', { name: 'Gift Minutes' }).click();
    const gift = page.getByRole('dialog', { name: 'Gift Minutes' });
    const minutes = gift.getByLabel('Minutes');
    const fieldError = gift.getByTestId('gift-minutes-error');

    await minutes.fill('0');
    await gift.getByRole('button', { name: 'Gift Minutes' }).click();
    await expect(fieldError).toHaveText('Please enter a valid number of minutes');
    await expect(toastWith(page, 'Please enter a valid number of minutes')).toBeVisible();
    await expect(minutes).toHaveAttribute('aria-invalid', 'true');
    await expect(minutes).toHaveAccessibleDescription(/Please enter a valid number of minutes/);
    // Typing again clears the field's error.
    await minutes.fill('20000');
    await expect(fieldError).toHaveCount(0);
    await gift.getByRole('button', { name: 'Gift Minutes' }).click();
    await expect(fieldError).toHaveText('Cannot gift more than 10,000 minutes at once');
    await shoot(page, 'admin-gift-error');

    // A server failure shows by the field too, and the dialog stays open.
    await page.route('**/api/admin/gift-minutes', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'No way today' }),
      }),
    );
    await minutes.fill('25');
    await gift.getByRole('button', { name: 'Gift Minutes' }).click();
    await expect(toastWith(page, 'No way today')).toBeVisible();
    await expect(fieldError).toHaveText('No way today');
    await expect(gift).toBeVisible();
  });

  test('file pickers list the chosen files with their sizes and a remove button before upload', async ({
    page,
    baseURL,
  }) => {
    await registerUser(page);
    await subscribeWithFreeCoupon(page, baseURL!);
    const file = (name: string, bytes: number) => ({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from('We open at 8am. '.repeat(Math.ceil(bytes / 16)).slice(0, bytes)),
    });

    // /configure
    await page.goto('/configure');
    await page
      .getByLabel('Company Documents')
      .setInputFiles([file('hours.txt', 2048), file('prices.txt', 300)]);
    let chosen = page.getByRole('list', { name: 'Chosen files' });
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await expect(chosen.getByRole('listitem').first()).toContainText('hours.txt');
    await expect(chosen.getByRole('listitem').first()).toContainText('2.0 KB');
    await expect(chosen.getByRole('listitem').nth(1)).toContainText('300 B');
    await expect(page.getByText('2 files selected')).toBeVisible();
    await shoot(page, 'configure-chosen-files');
    await chosen.getByRole('button', { name: 'Remove hours.txt' }).click();
    await expect(chosen.getByRole('listitem')).toHaveCount(1);
    await expect(chosen).toContainText('prices.txt');
    await expect(page.getByText('1 file selected')).toBeVisible();
    // The native input follows the list.
    expect(
      await page.getByLabel('Company Documents').evaluate((i: HTMLInputElement) => i.files?.length),
    ).toBe(1);
    await chosen.getByRole('button', { name: 'Remove prices.txt' }).click();
    await expect(chosen).toHaveCount(0);

    // /knowledge-base: a removed file is not uploaded.
    await configureAgent(page, { companyName: 'Picker Plumbing' });
    await page.goto('/knowledge-base');
    await expect(page.getByRole('heading', { name: 'Current Documents (1)' })).toBeVisible();
    await page
      .getByLabel('Files to upload')
      .setInputFiles([file('parking.txt', 1500), file('draft.txt', 40)]);
    chosen = page.getByRole('list', { name: 'Chosen files' });
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await expect(chosen).toContainText('1.5 KB');
    await shoot(page, 'knowledge-chosen-files');
    await chosen.getByRole('button', { name: 'Remove draft.txt' }).click();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Current Documents (2)' })).toBeVisible();
    const documents = page.getByRole('list', { name: 'Documents' });
    await expect(documents).toContainText('parking.txt');
    await expect(documents).not.toContainText('draft.txt');
    // The picker is empty again after the upload.
    await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
  });

  test('a session that ends under a signed-in page (Sync Calls) sends the owner to /auth and back to the page', async ({
    page,
    context,
  }) => {
    const user = await registerUser(page, { name: 'Expiring Owner' });
    await page.goto('/calls');
    await expect(page.getByRole('heading', { name: 'Call History' })).toBeVisible();
    // The session ends on the server side (expired, or signed out elsewhere): the cookie no longer signs in.
    await context.clearCookies({ name: 'session_token' });
    await page.getByRole('button', { name: 'Sync Calls' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('session-ended')).toHaveText(
      'Your session has ended, please sign in again',
    );
    // Said once, by the page, not again by a toast over the heading.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await shoot(page, 'session-ended');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Back where the owner was, not on the dashboard.
    await expect(page).toHaveURL(/\/calls$/);
    await expect(page.getByRole('heading', { name: 'Call History' })).toBeVisible();
  });

  test('a session found gone when a signed-in page loads: /auth says so and returns to that page', async ({
    page,
    context,
  }) => {
    const user = await registerUser(page, { name: 'Returning Owner' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await context.clearCookies({ name: 'session_token' });
    await page.goto('/knowledge-gaps?from=email');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('session-ended')).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/knowledge-gaps\?from=email$/);
    // A visitor who never signed in is only asked to sign in: no "session has ended".
    const visitor = await context.browser()!.newPage();
    await visitor.goto(new URL('/calls', page.url()).toString());
    await expect(visitor).toHaveURL(/\/auth$/);
    await expect(visitor.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(visitor.getByTestId('session-ended')).toHaveCount(0);
    await visitor.close();
  });

  test('a bad #session_id on a signed-in browser keeps the current session', async ({ page }) => {
    await registerUser(page, { name: 'Kept Owner' });
    await page.goto('/calls');
    await expect(page.getByRole('heading', { name: 'Call History' })).toBeVisible();
    await page.goto('/dashboard#session_id=not-a-real-code');
    await expect(toastWith(page, 'Authentication failed. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('greeting').first()).toContainText('Kept Owner');
    // Still signed in after a reload: the server session was never dropped.
    await page.reload();
    await expect(page.getByTestId('greeting').first()).toContainText('Kept Owner');
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
  });

  test('at 390 px each coupon is a card that keeps its Status and Copy on screen', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/coupons');
    await page.getByRole('button', { name: '50% Off Forever' }).click();
    const code = (await page.getByTestId('coupon-message').textContent())!.match(
      /Coupon ([A-Z0-9-]+) created/,
    )![1]!;
    const card = page.getByTestId('coupon-row').filter({ hasText: code });
    const status = card.getByRole('cell').filter({ hasText: 'Available' });
    const copy = card.getByRole('button', { name: `Copy ${code}` });
    await expect(status).toBeVisible();
    await expect(copy).toBeVisible();
    // Inside the screen's width (nothing to scroll sideways to), the Copy button a thumb-sized target.
    for (const box of [await status.boundingBox(), await copy.boundingBox()]) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expect((await copy.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await copy.click();
    await expect(card.getByText('Copied!')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/coupons-cards-phone.png` });
    // At desktop width it is a table again, with its column headers.
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/coupons-table-desktop.png` });
  });
});
