import { adminRequest, expect, greeting, registerUser, signInViaUi, test } from './fixtures.ts';

const SHOTS = process.env.PASSWORD_SHOTS_DIR;

test.describe('forgot, reset and change password', () => {
  test('a forgotten password is reset from the emailed link, then changed from the account page', async ({
    page,
    baseURL,
  }) => {
    // About eight password hashes at the production cost (scrypt N=2^17), each up to seconds on a busy machine.
    test.slow();
    const user = await registerUser(page, { name: 'Fran Forgetful' });
    await page.context().clearCookies();

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes first; the sign-in page (with its own Email field) stays until the new page's chunk is in.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-password.png` });
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists for this email, we have sent a link to reset its password.'),
    ).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-password-sent.png` });

    // The local email provider keeps the message in the outbox, which the admin can read.
    const admin = await adminRequest(baseURL!);
    const outbox = (await (await admin.get('/api/admin/outbox')).json()) as {
      emails: { to: string; subject: string; text: string }[];
    };
    await admin.dispose();
    const email = outbox.emails.find(
      (e) => e.to === user.email && e.subject === 'Reset your AnswerDesk password',
    );
    const link = /http:\/\/localhost:\d+(\/reset-password#token=[\w-]+)/.exec(email?.text ?? '')?.[1];
    expect(link, email?.text).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Confirm new password').fill('password123');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(/too common/)).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('lantern by the harbour');
    await page.getByLabel('Confirm new password').fill('lantern by the harbour');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reset-password.png` });
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await signInViaUi(page, user.email, 'lantern by the harbour');
    await expect(greeting(page)).toHaveText('Welcome, Fran Forgetful');

    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByLabel('Current password').fill('lantern by the harbour');
    await page.getByLabel('New password', { exact: true }).fill('quiet orchard at noon');
    await page.getByLabel('Confirm new password').fill('quiet orchard at noon');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/account.png` });
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-changed.png` });

    await page.context().clearCookies();
    await signInViaUi(page, user.email, 'quiet orchard at noon');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
