import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.ts';
import { databaseTargets, signUp, TestClient, useTestApp } from '../../test/harness.ts';

describe.each(databaseTargets())('accounts and sessions (%s)', (target) => {
  const ctx = useTestApp(target);

  it('registers, reads the session user, logs out and revokes the session on the server', async () => {
    const client = new TestClient(ctx().app);
    const registered = await client.post('/api/auth/register', {
      email: 'Owner@Example.com',
      password: 'longenough',
      name: 'Dana',
    });
    expect(registered.statusCode).toBe(200);
    const { session_token, user } = registered.json();
    expect(session_token).toMatch(/^[\w-]{40,}$/);
    expect(user).toMatchObject({ email: 'Owner@Example.com', name: 'Dana', is_admin: false });
    const cookie = registered.cookies.find((c) => c.name === 'session_token');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', maxAge: 604800 });

    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('Owner@Example.com');

    const stolen = new TestClient(ctx().app);
    stolen.setCookie('session_token', session_token);
    expect((await stolen.get('/api/auth/me')).statusCode).toBe(200);

    expect((await client.get('/api/auth/me?optional=1')).json().email).toBe('Owner@Example.com');

    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    // The start-up session check: no session is an answer, not an error.
    const check = await client.get('/api/auth/me?optional=1');
    expect(check.statusCode).toBe(200);
    expect(check.json()).toBeNull();
    // The token itself no longer works anywhere: logout revoked it server-side.
    expect((await stolen.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('refuses a second account for the same email in any letter case with 409', async () => {
    await signUp(ctx().app, { email: 'same@example.com' });
    const client = new TestClient(ctx().app);
    const again = await client.post('/api/auth/register', {
      email: 'SAME@example.com',
      password: 'longenough',
      name: 'B',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'An account with this email already exists' });
  });

  it('answers a wrong password and an unknown email with the same 401 text', async () => {
    const { user } = await signUp(ctx().app, { email: 'known@example.com', password: 'right-password' });
    const client = new TestClient(ctx().app);
    const wrong = await client.post('/api/auth/login', { email: user.email, password: 'wrong-password' });
    const unknown = await client.post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'right-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid email or password' });
    expect(unknown.json()).toEqual({ detail: 'Invalid email or password' });
    const right = await client.post('/api/auth/login', {
      email: 'KNOWN@example.com',
      password: 'right-password',
    });
    expect(right.statusCode).toBe(200);
  });

  it('names the missing or invalid field with 422', async () => {
    const client = new TestClient(ctx().app);
    const cases: [Record<string, string>, RegExp][] = [
      [{ password: 'longenough', name: 'A' }, /email/],
      [{ email: 'a@example.com', name: 'A' }, /password/],
      [{ email: 'a@example.com', password: 'longenough' }, /name/],
      [{ email: 'a@example.com', password: 'short', name: 'A' }, /at least 8 characters/],
      [{ email: 'not-an-email', password: 'longenough', name: 'A' }, /valid email/],
      [{ email: 'a@example.com', password: 'longenough', name: '   ' }, /name is required/],
    ];
    for (const [body, detail] of cases) {
      const response = await client.post('/api/auth/register', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().detail).toMatch(detail);
    }
    const login = await client.post('/api/auth/login', { email: 'a@example.com' });
    expect(login.statusCode).toBe(422);
    expect(login.json().detail).toMatch(/password/);
  });

  it('refuses state-changing requests without the CSRF header', async () => {
    const { client } = await signUp(ctx().app);
    const noHeader = await client.request({ method: 'POST', url: '/api/auth/logout', csrf: false });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().detail).toMatch(/Security check failed/);
    const forged = await client.request({
      method: 'POST',
      url: '/api/auth/logout',
      csrf: false,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    // Still signed in: nothing happened.
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('expires a session after 7 days', async () => {
    const { client } = await signUp(ctx().app);
    ctx().clock.advance(7 * DAY_MS - 60_000);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    ctx().clock.advance(120_000);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('reserves the admin address and tells the client who the admin is', async () => {
    const { ensureAdminAccount } = await import('./auth.service.ts');
    const admin = await ensureAdminAccount(ctx().deps);
    expect(admin.generatedPassword).toMatch(/^[\w-]{12,}$/);
    const client = new TestClient(ctx().app);
    const taken = await client.post('/api/auth/register', {
      email: 'ADMIN@example.com',
      password: 'longenough',
      name: 'X',
    });
    expect(taken.statusCode).toBe(409);
    const login = await client.post('/api/auth/login', {
      email: 'admin@example.com',
      password: admin.generatedPassword,
    });
    expect(login.json().user.is_admin).toBe(true);
    // A second start keeps the password it printed.
    expect((await ensureAdminAccount(ctx().deps)).generatedPassword).toBeNull();
  });
});

describe('rate limits', () => {
  const ctx = useTestApp('pglite', { authRateLimit: 5 });

  it('answers 429 after too many sign-in attempts', async () => {
    const client = new TestClient(ctx().app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await client.post('/api/auth/login', { email: 'x@example.com', password: 'wrongpass' })).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
    const last = await client.post('/api/auth/login', { email: 'x@example.com', password: 'wrongpass' });
    expect(last.json().detail).toMatch(/Too many attempts/);
  });
});
