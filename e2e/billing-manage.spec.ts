import type { Page } from '@playwright/test';
import {
  ADMIN,
  configureAgent,
  expect,
  registerUser,
  seriousViolations,
  shotsDir,
  shownNumber,
  signInViaUi,
  SIZES,
  subscribeWithFreeCoupon,
  test,
} from './fixtures.ts';

const SHOTS = shotsDir('/tmp/shots-billing');

// Whole flows on a shared 2-core machine: pages and lazy chunks can take a while to come.
test.describe.configure({ timeout: 180_000 });

const day = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Subscribes through the pricing page and the local checkout; ends on the dashboard. */
async function subscribe(page: Page, plan: 'basic' | 'pro', total: string) {
  await page.goto('/pricing');
  await page.getByTestId(`plan-${plan}`).getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/local-checkout\/lcs_/);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText('Subscription activated successfully!')).toBeVisible({ timeout: 30_000 });
}

test('billing: upgrade with the proration shown before payment, downgrade scheduled and undone, seen by the admin', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await registerUser(page);
  await subscribe(page, 'pro', '$299.00');

  // The usage card says where the minutes come from.
  const card = page.getByTestId('subscription-card');
  await expect(card.getByTestId('plan-minutes')).toHaveText('0 of 650 used');
  await expect(card.getByTestId('rolled-over-minutes')).toHaveText('0 left');
  await expect(card).toContainText('Plan minutes are used first and reset at each renewal.');
  await card.screenshot({ path: `${SHOTS}/usage-card-sources.png` });

  await card.getByRole('link', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId('current-plan')).toContainText('Pro');

  // Upgrade: the dialog shows the prorated charge and minutes before anything is paid.
  await page.getByRole('button', { name: 'Upgrade to Enterprise' }).click();
  const dialog = page.getByTestId('change-plan-dialog');
  await expect(dialog.getByTestId('change-figures')).toBeVisible();
  // Just subscribed: the whole period is left, as long as the month is (30 of 30 in November, 31 of 31 in December).
  await expect(dialog).toContainText(/Enterprise for the (2[89]|3[01]) of \1 days left/);
  const due = (await dialog.getByTestId('proration-amount').textContent())!;
  // Just subscribed: nearly the whole $700 difference, to the cent, and nearly all 1,850 extra minutes.
  expect(due).toMatch(/^\$(699\.\d\d|700)$/);
  await expect(dialog.getByTestId('proration-minutes')).toHaveText(/^\+1,(849|850)$/);
  await page.screenshot({ path: `${SHOTS}/upgrade-dialog.png` });
  await dialog.getByRole('button', { name: `Pay ${due} and upgrade` }).click();

  // The built-in checkout shows the same figure and how it was prorated.
  await expect(page).toHaveURL(/\/local-checkout\/lcs_/);
  const shownTotal = due.includes('.') ? due : `${due}.00`;
  await expect(page.getByTestId('checkout-total')).toHaveText(shownTotal);
  await expect(page.getByTestId('checkout-note')).toContainText(
    /^Prorated for the (2[89]|3[01]) of \1 days left until/,
  );
  await page.screenshot({ path: `${SHOTS}/upgrade-local-checkout.png`, fullPage: true });
  await page.getByRole('button', { name: `Pay ${shownTotal}` }).click();
  await expect(page.getByText('Upgraded to Enterprise')).toBeVisible();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId('current-plan')).toContainText('Enterprise');
  await expect(page.getByTestId('current-plan')).toContainText('$999/month');
  const table = page.getByTestId('payments-table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('Upgrade to Enterprise (prorated)');
  await expect(table.getByRole('row').nth(1)).toContainText(due);
  await expect(table.getByRole('row').nth(2)).toContainText('Pro plan');
  await page.screenshot({ path: `${SHOTS}/billing-after-upgrade.png`, fullPage: true });

  // Downgrade: scheduled for the renewal, shown with its date, undone.
  const renewal = new Date();
  renewal.setMonth(renewal.getMonth() + 1);
  await page.getByRole('button', { name: 'Switch to Basic' }).click();
  await expect(dialog).toContainText('Nothing is charged today.');
  await page.screenshot({ path: `${SHOTS}/downgrade-dialog.png` });
  await dialog.getByRole('button', { name: /^Switch to Basic on / }).click();
  const scheduled = page.getByTestId('scheduled-change');
  await expect(scheduled).toContainText(`Changes to Basic on ${day(renewal)}`);
  await page.screenshot({ path: `${SHOTS}/billing-downgrade-scheduled.png`, fullPage: true });

  await page.goto('/dashboard');
  await expect(page.getByTestId('subscription-card').getByTestId('scheduled-change')).toHaveText(
    `Changes to Basic on ${day(renewal)}`,
  );

  // The admin sees the same payments and the scheduled change.
  const adminContext = await page.context().browser()!.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInViaUi(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.goto('/admin');
  await admin.getByPlaceholder('Search users...').fill(owner.email);
  await admin.getByTestId('admin-user-row').first().click();
  const billing = admin.getByTestId('admin-billing');
  await expect(billing.getByTestId('admin-scheduled-change')).toHaveText(
    `Changes to Basic on ${day(renewal)}`,
  );
  await expect(billing).toContainText('Upgrade to Enterprise (prorated)');
  await expect(billing).toContainText('Pro plan');
  await billing.screenshot({ path: `${SHOTS}/admin-billing.png` });
  await adminContext.close();

  await page.goto('/billing');
  await scheduled.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Plan change undone')).toBeVisible();
  await expect(scheduled).toHaveCount(0);
  await expect(page.getByTestId('current-plan')).toContainText('Renews');
});

test('billing: cancel at the period end and resume; a receipt opens as a printable page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerUser(page, { name: 'Robin Owner' });
  await subscribe(page, 'basic', '$99.00');
  await page.goto('/billing');
  const end = new Date();
  end.setMonth(end.getMonth() + 1);

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog).toContainText(
    `Your agent keeps answering calls until ${day(end)}, then it goes inactive.`,
  );
  await expect(dialog).toContainText('Your phone number is kept for 30 days after that');
  expect(await seriousViolations(page), 'cancel dialog').toEqual([]);
  await page.screenshot({ path: `${SHOTS}/cancel-dialog.png` });
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  const notice = page.getByTestId('current-plan').getByTestId('cancel-notice');
  await expect(notice).toContainText(`Cancels on ${day(end)}`);
  await expect(notice).toContainText('Your phone number is kept until');
  await page.screenshot({ path: `${SHOTS}/billing-cancelling.png`, fullPage: true });

  await page.goto('/dashboard');
  await expect(page.getByTestId('subscription-card').getByTestId('cancel-notice')).toContainText(
    `Cancels on ${day(end)}`,
  );
  await page.getByTestId('subscription-card').getByRole('link', { name: 'Manage billing' }).click();
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByText('Subscription resumed')).toBeVisible();
  await expect(page.getByTestId('cancel-notice')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  expect(await seriousViolations(page), '/billing').toEqual([]);

  // The receipt opens in a new tab as our printable page (local payments).
  const [receipt] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('payments-table').getByRole('link', { name: 'Receipt' }).click(),
  ]);
  await expect(receipt).toHaveURL(/\/billing\/receipts\/[0-9a-f-]{36}$/);
  const sheet = receipt.getByTestId('receipt');
  await expect(sheet.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(sheet.getByTestId('receipt-description')).toHaveText('Basic plan');
  await expect(sheet.getByTestId('receipt-total')).toHaveText('$99.00');
  await expect(sheet.getByTestId('receipt-status')).toHaveText('Paid');
  await expect(sheet).toContainText('Robin Owner');
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(await seriousViolations(receipt), 'receipt').toEqual([]);
  await receipt.setViewportSize({ width: 1000, height: 900 });
  await receipt.screenshot({ path: `${SHOTS}/receipt.png`, fullPage: true });
});

test('billing: after the subscription ended the pages say until when the number is kept, then that it was released', async ({
  page,
  baseURL,
}) => {
  await registerUser(page);
  await subscribeWithFreeCoupon(page, baseURL!);
  const number = await configureAgent(page, { companyName: 'Grace Bakery' });
  // The server's clock cannot move in a browser test (the sweep and its dates are tested in number-grace.test.ts):
  // the answers are those of an account whose subscription ended on Jan 5, 2027, before and after the release.
  const ended = '2027-01-05T12:00:00.000Z';
  const hold = {
    subscription_ended_at: ended,
    release_at: '2027-02-04T12:00:00.000Z',
    released_at: null as string | null,
  };
  await page.route('**/api/subscription/status', (route) =>
    route.fulfill({
      json: { has_subscription: false, subscription: null, number_hold: { ...hold, phone_number: number } },
    }),
  );
  const real = (await (await page.request.get('/api/agent/config')).json()) as {
    config: Record<string, unknown>;
  };
  await page.route('**/api/agent/config', (route) =>
    route.fulfill({
      json: { configured: true, config: { ...real.config, status: 'inactive', number_hold: hold } },
    }),
  );

  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    hold.released_at = null;
    await page.goto('/billing');
    const kept = page.getByTestId('number-kept');
    await expect(kept).toContainText(
      `Your subscription ended on Jan 5, 2027, so calls to ${shownNumber(number)}`,
    );
    await expect(kept).toContainText('The number is kept for you until Feb 4, 2027, then released.');
    await expect(kept.getByRole('link', { name: 'Choose a Plan' })).toHaveAttribute('href', '/pricing');
    await page.screenshot({ path: `${SHOTS}/billing-number-kept-${size.name}.png`, fullPage: true });
    await page.goto('/dashboard');
    await expect(page.getByTestId('agent-config-card').getByTestId('number-kept')).toContainText(
      'kept for you until Feb 4, 2027',
    );
    await page
      .getByTestId('agent-config-card')
      .screenshot({ path: `${SHOTS}/agent-card-number-kept-${size.name}.png` });

    hold.released_at = '2027-02-04T12:10:00.000Z';
    await page.goto('/billing');
    await expect(page.getByTestId('number-released')).toContainText(
      `Your number ${shownNumber(number)} was released on Feb 4, 2027, 30 days after your subscription ended on Jan 5, 2027.`,
    );
    await page.screenshot({ path: `${SHOTS}/billing-number-released-${size.name}.png`, fullPage: true });
    await page.goto('/dashboard');
    await expect(page.getByTestId('agent-config-card').getByTestId('number-released')).toContainText(
      'Choose a plan, then a new number',
    );
    await page
      .getByTestId('agent-config-card')
      .screenshot({ path: `${SHOTS}/agent-card-number-released-${size.name}.png` });
  }
  expect(await seriousViolations(page), 'dashboard, number released').toEqual([]);
});
