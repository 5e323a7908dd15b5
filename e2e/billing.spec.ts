import type { Page } from '@playwright/test';
import { expect, generateCoupon, registerUser, SHOTS, test } from './fixtures.ts';

/**
 * Holds checkout-status answers while `hold` is in force, so the 'Verifying your payment...' banner is seen
 * however slowly the dashboard loads on a busy machine (a fixed delay raced the page's own loading).
 * One route per page, installed once; `hold()` returns the release.
 */
const statusGates = new WeakMap<Page, { gate: Promise<void> }>();
async function holdCheckoutStatus(page: Page): Promise<() => void> {
  let state = statusGates.get(page);
  if (!state) {
    const created = { gate: Promise.resolve() };
    state = created;
    statusGates.set(page, created);
    await page.route('**/api/stripe/checkout-status/**', async (route) => {
      await created.gate;
      await route.continue();
    });
  }
  let release!: () => void;
  state.gate = new Promise<void>((resolve) => (release = resolve));
  return release;
}

/** Pays on the local checkout page and lands back on the dashboard, verified with the given message. */
async function payOnLocalCheckout(
  page: Page,
  total: string,
  shot?: string,
  success = 'Subscription activated successfully!',
) {
  await expect(page).toHaveURL(/\/local-checkout\/lcs_/);
  await expect(page.getByText('Test payment', { exact: false })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText(total);
  const releaseStatus = await holdCheckoutStatus(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/dashboard\?session_id=lcs_/);
  await expect(page.getByText('Verifying your payment...')).toBeVisible();
  if (shot) {
    await page.screenshot({ path: `${SHOTS}/${shot}` });
  }
  releaseStatus();
  await expect(page.getByText(success)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Verifying your payment...')).toBeHidden();
}

test('a new user buys Pro through the local checkout, then a 300-minute pack', async ({ page }) => {
  await registerUser(page);
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-trial').getByText('TRY NOW')).toBeVisible();
  await expect(page.getByTestId('plan-pro').getByText('POPULAR')).toBeVisible();
  await expect(page.getByTestId('pack-300').getByText('BEST VALUE')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  await page.getByTestId('plan-pro').getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText('Pro plan: 650 minutes a month')).toBeVisible();
  await payOnLocalCheckout(page, '$299.00', 'dashboard-verifying.png');
  await page.screenshot({ path: `${SHOTS}/dashboard-activated.png` });

  const card = page.getByTestId('subscription-card');
  await expect(card.getByTestId('plan-name')).toHaveText('Pro');
  await expect(card.getByTestId('plan-amount')).toContainText('$299/month');
  await expect(card.getByTestId('minutes-limit')).toHaveText('650');
  await expect(card.getByTestId('minutes-remaining')).toHaveText('650');

  // The trial is gone once the account has subscribed; Pro is the current plan.
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-pro').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(page.getByTestId('plan-trial')).toHaveCount(0);

  await page.getByTestId('pack-300').getByRole('button', { name: 'Buy Now' }).click();
  await payOnLocalCheckout(page, '$180.00', undefined, '300 minutes added to your account!');
  await expect(card.getByTestId('minutes-limit')).toHaveText('950');
  await expect(page.getByText('Subscription activated successfully!')).toHaveCount(0);
});

test('a trial bought with a forever coupon says what Basic will cost after it', async ({ page, baseURL }) => {
  const code = await generateCoupon(baseURL!, { percent: 25, type: 'forever' });
  await registerUser(page);
  await page.goto('/pricing');
  await page.getByLabel('Have a coupon code?').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-success')).toContainText('25% off every month');
  await page.getByTestId('plan-trial').getByRole('button', { name: 'Get Started' }).click();
  // The discount carries over into Basic: $99 less 25% is $74.25, on the checkout page and on the dashboard.
  await expect(
    page.getByText('7-Day Trial: 20 minutes for 7 days, then Basic at $74.25/month', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText('Then Basic at $74.25/month after 7 days, charged to this test card.'),
  ).toBeVisible();
  await payOnLocalCheckout(page, '$7.50');
  const card = page.getByTestId('subscription-card');
  await expect(card.getByTestId('plan-name')).toHaveText('7-Day Trial');
  await expect(card).toContainText(/Trial ends .+, then Basic at \$74\.25\/month/);
});

test('an admin-made 100% coupon gives a free subscription', async ({ page, baseURL }) => {
  const code = await generateCoupon(baseURL!, { percent: 100, type: 'forever' });
  await registerUser(page);
  await page.goto('/pricing');

  const input = page.getByLabel('Have a coupon code?');
  await input.fill(`  ${code.toLowerCase()}`);
  await expect(input).toHaveValue(`  ${code}`);
  await input.press('Enter');
  await expect(page.getByTestId('coupon-success')).toContainText('100% off every month');
  await expect(input).toHaveValue(code);

  // Any edit clears the applied state; applying again restores it.
  await input.press('End');
  await input.press('Backspace');
  await expect(page.getByTestId('coupon-success')).toHaveCount(0);
  await input.fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-success')).toBeVisible();

  await page.getByTestId('plan-basic').getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText('Free subscription activated!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByTestId('subscription-card');
  await expect(card.getByTestId('plan-name')).toHaveText('Basic');
  await expect(card.getByTestId('plan-amount')).toContainText('$0/month');
  await expect(card.getByTestId('minutes-limit')).toHaveText('200');

  // The coupon is single use.
  const other = await page.context().browser()!.newContext({ baseURL });
  const otherPage = await other.newPage();
  await registerUser(otherPage);
  await otherPage.goto('/pricing');
  await otherPage.getByLabel('Have a coupon code?').fill(code);
  await otherPage.getByRole('button', { name: 'Apply' }).click();
  await expect(otherPage.getByText('This coupon code has already been used').first()).toBeVisible();
  await other.close();
});

test('pricing actions send anonymous visitors to /auth with the SPEC messages', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByTestId('pack-100').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByText('Please log in to purchase minutes')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/pricing');
  await page.getByLabel('Have a coupon code?').fill('SAVE50');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Please log in to use a coupon code')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/pricing');
  await page.getByTestId('plan-basic').getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('buying minutes without a subscription shows the server detail; unknown coupons say so', async ({
  page,
}) => {
  await registerUser(page);
  await page.goto('/pricing');
  await page.getByLabel('Have a coupon code?').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid coupon code').first()).toBeVisible();
  await page.getByTestId('pack-500').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByText(/active subscription is required to purchase minutes/).first()).toBeVisible();
});

test('cancelling the local checkout returns to /pricing and nothing is bought', async ({ page }) => {
  await registerUser(page);
  await page.goto('/pricing');
  await page.getByTestId('plan-basic').getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/local-checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goto('/dashboard');
  await expect(page.getByTestId('subscription-card')).toContainText('No active subscription');
});

test('screenshots: pricing, local checkout and the usage card at 0, 60, 85 and 100%', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerUser(page);
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-pro')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pricing.png`, fullPage: true });

  await page.getByTestId('plan-pro').getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByTestId('local-checkout')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/local-checkout.png`, fullPage: true });
  await page.getByRole('button', { name: 'Pay $299.00' }).click();
  await expect(page.getByText('Subscription activated successfully!')).toBeVisible();

  const card = page.getByTestId('subscription-card');
  await expect(card.getByTestId('minutes-limit')).toHaveText('650');
  await card.screenshot({ path: `${SHOTS}/usage-0.png` });
  await expect(card.getByTestId('usage-bar')).toHaveAttribute('data-tone', 'green');
  await expect(card.getByText('Buy More Minutes')).toHaveCount(0);

  // The other levels: the real card over a status answer with the usage set (the ledger is tested on the server).
  const real = (await (await page.request.get('/api/subscription/status')).json()) as {
    subscription: Record<string, unknown>;
  };
  for (const [percent, used, tone] of [
    [60, 390, 'yellow'],
    [85, 553, 'red'],
    [100, 650, 'red'],
  ] as const) {
    await page.unroute('**/api/subscription/status');
    await page.route('**/api/subscription/status', (route) =>
      route.fulfill({
        json: {
          has_subscription: true,
          subscription: {
            ...real.subscription,
            minutes_used: used,
            usage: {
              minutes_limit: 650,
              minutes_used: used,
              minutes_remaining: 650 - used,
              percentage_used: Math.round((used / 650) * 1000) / 10,
            },
            // Where the limit comes from, in step with the usage above: all of it plan minutes.
            minutes: {
              ...(real.subscription.minutes as Record<string, unknown>),
              plan_used: used,
              plan_remaining: 650 - used,
            },
          },
        },
      }),
    );
    await page.reload();
    await expect(card.getByTestId('minutes-used')).toHaveText(String(used));
    await expect(card.getByTestId('plan-minutes')).toHaveText(`${used} of 650 used`);
    await expect(card.getByTestId('usage-bar')).toHaveAttribute('data-tone', tone);
    if (percent >= 80) {
      await expect(card.getByRole('link', { name: 'Buy More Minutes' })).toBeVisible();
      await expect(card.getByText('Additional minutes starting at $0.60/min')).toBeVisible();
      if (percent === 85) {
        // The prompt lands on the minute packs, scrolled into view, not on the top of /pricing.
        await card.getByRole('link', { name: 'Buy More Minutes' }).click();
        await expect(page).toHaveURL(/\/pricing#minutes$/);
        await expect(page.getByTestId('pack-300')).toBeInViewport();
        await page.goto('/dashboard');
      }
    } else {
      await expect(card.getByText('Buy More Minutes')).toHaveCount(0);
    }
    await expect(card.getByText('Limit Reached!')).toHaveCount(percent >= 100 ? 1 : 0);
    await card.screenshot({ path: `${SHOTS}/usage-${percent}.png` });
  }
});
