import { expect, greeting, registerUser, registerViaUi, signInViaUi, test, uniqueEmail } from './fixtures.ts';

test.describe('sign-in and registration', () => {
  test('registering through /auth lands on the dashboard with a greeting', async ({ page }) => {
    const { name } = await registerViaUi(page, { name: 'Robin Registrar' });
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(greeting(page)).toHaveText('Welcome, Robin Registrar');
    await expect(page.getByRole('link', { name: /Knowledge Base/ })).toBeVisible();
    expect(name).toBe('Robin Registrar');
  });

  test('signing in with email and password', async ({ page }) => {
    const user = await registerUser(page, { name: 'Sam Signin' });
    await page.context().clearCookies();
    await signInViaUi(page, user.email, user.password);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(greeting(page)).toHaveText('Welcome, Sam Signin');
  });

  test('a wrong password shows the server detail and stays on /auth', async ({ page }) => {
    const user = await registerUser(page);
    await page.context().clearCookies();
    await signInViaUi(page, user.email, 'not-the-password');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('registering an email that already exists shows the server detail', async ({ page }) => {
    const user = await registerUser(page);
    await page.context().clearCookies();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create one' }).click();
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('another-pass-99');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('An account with this email already exists')).toBeVisible();
  });

  test('the mode toggle switches headings, fields and the submit button', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await page.getByRole('button', { name: 'Create one' }).click();
    await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });
});

test.describe('session', () => {
  test('logout toasts and goes to /auth; the dashboard is then closed', async ({ page }) => {
    await registerUser(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a signed-in user visiting /auth lands on /dashboard', async ({ page }) => {
    await registerUser(page, { name: 'Ada Already' });
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(greeting(page)).toHaveText('Welcome, Ada Already');
  });

  test('a reload keeps the user signed in', async ({ page }) => {
    await registerUser(page, { name: 'Rene Reload' });
    await page.goto('/dashboard');
    await expect(greeting(page)).toHaveText('Welcome, Rene Reload');
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(greeting(page)).toHaveText('Welcome, Rene Reload');
  });

  for (const route of ['/dashboard', '/configure', '/calls', '/knowledge-base', '/admin', '/phone']) {
    test(`a signed-out visitor opening ${route} lands on /auth`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    });
  }

  test('the landing page offers Login and Get Started when signed out, Dashboard when signed in', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('link', { name: 'Get Started Today' }).first()).toHaveAttribute(
      'href',
      '/pricing',
    );
    await registerUser(page);
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  });
});

test.describe('Google sign-in (local provider)', () => {
  test('continues through the local provider page and ends signed in on /dashboard', async ({ page }) => {
    const email = uniqueEmail('google');
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/auth\/local-google\?state=/);
    await expect(
      page.getByText('Local sign-in provider — for development; set GOOGLE_CLIENT_ID to use Google'),
    ).toBeVisible();
    await page.getByLabel('Name').fill('Gia Google');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(greeting(page)).toHaveText('Welcome, Gia Google');
    // The one-time code is gone from the address bar and the session survives a reload.
    expect(new URL(page.url()).hash).toBe('');
    await page.reload();
    await expect(greeting(page)).toHaveText('Welcome, Gia Google');
  });

  test('an invalid sign-in code shows the failure toast and goes to /auth', async ({ page }) => {
    await page.goto('/dashboard#session_id=not-a-real-code');
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a Google callback error is shown as a toast on /auth', async ({ page }) => {
    await page.goto('/auth?error=Your%20Google%20email%20address%20is%20not%20verified');
    await expect(page.getByText('Your Google email address is not verified')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
