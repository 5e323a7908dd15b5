import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleIdentity } from '../../providers/identity/google.ts';
import { startFakeOidc } from '../../test/fakes/fake-oidc.ts';
import { databaseTargets, signUp, TestClient, useTestApp } from '../../test/harness.ts';

let idp: Awaited<ReturnType<typeof startFakeOidc>>;
beforeAll(async () => {
  idp = await startFakeOidc('client-123');
});
afterAll(async () => {
  await idp.close();
});

describe.each(databaseTargets())('sign in with Google (%s)', (target) => {
  const ctx = useTestApp(target, {
    providers: () => ({
      identity: createGoogleIdentity({ issuer: idp.issuer, clientId: 'client-123', clientSecret: 'secret' }),
    }),
  });

  /** Follows the browser's path: start, sign in at the provider, come back to the callback. */
  async function signInWithGoogle(client: TestClient, identity: Parameters<typeof idp.authorize>[1]) {
    const start = await client.get('/api/auth/google');
    expect(start.statusCode).toBe(302);
    const authorizationUrl = start.headers.location as string;
    expect(authorizationUrl.startsWith(`${idp.issuer}/authorize`)).toBe(true);
    expect(new URL(authorizationUrl).searchParams.get('code_challenge_method')).toBe('S256');
    const callback = idp.authorize(authorizationUrl, identity);
    const back = await client.get(`${callback.pathname}${callback.search}`);
    expect(back.statusCode).toBe(302);
    return back.headers.location as string;
  }

  it('creates the account, returns a one-time session id in the hash and exchanges it once', async () => {
    const client = new TestClient(ctx().app);
    const location = await signInWithGoogle(client, {
      sub: 'g-1',
      email: 'maria@example.com',
      email_verified: true,
      name: 'Maria',
      picture: 'https://example.com/m.png',
    });
    const match = /^\/dashboard#session_id=(.+)$/.exec(location);
    expect(match).not.toBeNull();
    const code = decodeURIComponent(match![1]!);

    const exchanged = await client.get('/api/auth/session', { 'x-session-id': code });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().user).toMatchObject({ email: 'maria@example.com', name: 'Maria' });
    expect((await client.get('/api/auth/me')).json().email).toBe('maria@example.com');

    const replay = await new TestClient(ctx().app).get('/api/auth/session', { 'x-session-id': code });
    expect(replay.statusCode).toBe(401);
  });

  it('links an existing account with the same verified email and keeps one account', async () => {
    const { user } = await signUp(ctx().app, { email: 'linked@example.com' });
    const client = new TestClient(ctx().app);
    const location = await signInWithGoogle(client, {
      sub: 'g-2',
      email: 'Linked@example.com',
      email_verified: true,
    });
    const code = decodeURIComponent(location.split('session_id=')[1]!);
    const exchanged = await client.get('/api/auth/session', { 'x-session-id': code });
    expect(exchanged.json().user.id).toBe(user.id);
    const count = await ctx()
      .db.selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });

  it('refuses an unverified email and sends the browser back to /auth with the reason', async () => {
    const client = new TestClient(ctx().app);
    const location = await signInWithGoogle(client, {
      sub: 'g-3',
      email: 'x@example.com',
      email_verified: false,
    });
    expect(location).toMatch(/^\/auth\?error=/);
    expect(decodeURIComponent(location)).toMatch(/not verified/);
  });

  it('expires an unused session id after 5 minutes', async () => {
    const client = new TestClient(ctx().app);
    const location = await signInWithGoogle(client, {
      sub: 'g-4',
      email: 'late@example.com',
      email_verified: true,
    });
    const code = decodeURIComponent(location.split('session_id=')[1]!);
    ctx().clock.advance(5 * 60 * 1000 + 1000);
    expect((await client.get('/api/auth/session', { 'x-session-id': code })).statusCode).toBe(401);
  });

  it('rejects a callback whose state was never issued', async () => {
    const client = new TestClient(ctx().app);
    const response = await client.get('/api/auth/google/callback?code=abc&state=forged');
    expect(response.headers.location).toMatch(/^\/auth\?error=/);
  });
});

describe('the local sign-in provider (no GOOGLE_CLIENT_ID)', () => {
  const ctx = useTestApp('pglite');

  it('runs the same flow through the local page and never takes over a password account', async () => {
    const client = new TestClient(ctx().app);
    const start = await client.get('/api/auth/google');
    expect(start.headers.location).toMatch(/^\/auth\/local-google\?state=/);
    const state = new URL(start.headers.location as string, 'http://x').searchParams.get('state');
    const done = await client.post('/api/auth/google/local', {
      state,
      email: 'local@example.com',
      name: 'Lo',
    });
    expect(done.statusCode).toBe(200);
    const code = decodeURIComponent(done.json().redirect_url.split('session_id=')[1]);
    expect((await client.get('/api/auth/session', { 'x-session-id': code })).json().user.email).toBe(
      'local@example.com',
    );

    await signUp(ctx().app, { email: 'owner@example.com' });
    const again = await client.get('/api/auth/google');
    const state2 = new URL(again.headers.location as string, 'http://x').searchParams.get('state');
    const takeover = await client.post('/api/auth/google/local', {
      state: state2,
      email: 'owner@example.com',
      name: 'X',
    });
    expect(takeover.statusCode).toBe(409);
  });
});
