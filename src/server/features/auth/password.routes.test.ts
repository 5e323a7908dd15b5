import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sha256 } from '../../lib/crypto.ts';
import { signUp, TestClient, databaseTargets, useTestApp, type TestContext } from '../../test/harness.ts';

const MINUTE = 60_000;

/** A client whose requests come from its own address, like a different machine. */
function clientFrom(ctx: TestContext, address: string): TestClient {
  const client = new TestClient(ctx.app);
  const request = client.request.bind(client);
  client.request = (options) => request({ ...options, remoteAddress: address });
  return client;
}

async function signIn(client: TestClient, email: string, password: string) {
  return client.post('/api/auth/login', { email, password });
}

/** The reset link of the newest password-reset email sent to `to`. */
async function resetLinkFor(ctx: TestContext, to: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('emails')
    .select(['to_address', 'text_body', 'dedupe_key'])
    .where('to_address', '=', to)
    .where('dedupe_key', 'like', 'password-reset:%')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const link = /http:\/\/localhost:3000\/reset-password#token=([\w-]+)/.exec(row.text_body);
  if (!link) throw new Error(`no reset link in: ${row.text_body}`);
  return link[1]!;
}

describe.each(databaseTargets())('passwords: back-off, policy, reset, change (%s)', (target) => {
  const ctx = useTestApp(target);

  describe('per-account back-off on wrong passwords', () => {
    it('refuses the account after 5 wrong passwords from 5 addresses, says when to retry, then lets the right password in', async () => {
      const { user, password } = await signUp(ctx().app, { email: 'target@example.com' });
      for (let i = 1; i <= 5; i++) {
        const wrong = await signIn(clientFrom(ctx(), `10.0.0.${i}`), user.email, `wrong-guess-${i}`);
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toEqual({ detail: 'Invalid email or password' });
      }
      // A sixth address, even with the right password: refused while the delay runs.
      const refused = await signIn(clientFrom(ctx(), '10.0.0.6'), user.email, password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toBe(
        'Too many failed sign-in attempts for this account. Please try again in 1 minute, or reset your password.',
      );
      expect(refused.headers['retry-after']).toBe('60');
      // Other accounts are not affected.
      const other = await signUp(ctx().app, { email: 'bystander@example.com' });
      expect((await signIn(clientFrom(ctx(), '10.0.0.6'), other.user.email, other.password)).statusCode).toBe(
        200,
      );

      ctx().clock.advance(MINUTE + 1000);
      const right = await signIn(clientFrom(ctx(), '10.0.0.7'), 'TARGET@example.com', password);
      expect(right.statusCode).toBe(200);
    });

    it('grows the delay with each further wrong password and forgets it after a success', async () => {
      const { user, password } = await signUp(ctx().app);
      const client = new TestClient(ctx().app);
      for (let i = 0; i < 5; i++) await signIn(client, user.email, 'not-my-password');
      expect((await signIn(client, user.email, 'not-my-password')).statusCode).toBe(429);
      ctx().clock.advance(MINUTE + 1000);
      expect((await signIn(client, user.email, 'not-my-password')).statusCode).toBe(401);
      const second = await signIn(client, user.email, password);
      expect(second.statusCode).toBe(429);
      expect(second.json().detail).toMatch(/try again in 2 minutes/);
      ctx().clock.advance(2 * MINUTE + 1000);
      expect((await signIn(client, user.email, 'not-my-password')).statusCode).toBe(401);
      expect((await signIn(client, user.email, password)).json().detail).toMatch(/try again in 4 minutes/);
      ctx().clock.advance(4 * MINUTE + 1000);
      expect((await signIn(client, user.email, password)).statusCode).toBe(200);
      // After a success the count starts again: four wrong passwords are not refused.
      for (let i = 0; i < 4; i++) {
        expect((await signIn(client, user.email, 'not-my-password')).statusCode).toBe(401);
      }
      expect((await signIn(client, user.email, password)).statusCode).toBe(200);
    });

    it('treats an unknown email the same way, so the refusal does not reveal which accounts exist', async () => {
      const client = new TestClient(ctx().app);
      for (let i = 0; i < 5; i++) {
        expect((await signIn(client, 'nobody@example.com', 'guess-number-x')).statusCode).toBe(401);
      }
      expect((await signIn(client, 'nobody@example.com', 'guess-number-x')).statusCode).toBe(429);
    });

    it('refuses all but five of twenty simultaneous wrong passwords', async () => {
      const { user } = await signUp(ctx().app);
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          signIn(clientFrom(ctx(), `10.0.1.${i}`), user.email, `guess-${i}-xyz`),
        ),
      );
      const codes = attempts.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 401)).toHaveLength(5);
      expect(codes.filter((code) => code === 429)).toHaveLength(15);
    });

    it('is shared by two server instances on one database', async () => {
      const { user, password } = await signUp(ctx().app);
      const second = await buildApp({
        env: ctx().env,
        db: ctx().db,
        clock: ctx().clock,
        authRateLimit: 1000,
      });
      try {
        for (let i = 0; i < 5; i++) {
          const app = i % 2 === 0 ? ctx().app : second;
          expect((await signIn(new TestClient(app), user.email, 'wrong-password-x')).statusCode).toBe(401);
        }
        expect((await signIn(new TestClient(second), user.email, password)).statusCode).toBe(429);
        expect((await signIn(new TestClient(ctx().app), user.email, password)).statusCode).toBe(429);
      } finally {
        await second.close();
      }
    });
  });

  describe('password policy at sign-up', () => {
    it('refuses a common password and the own email or name with a clear 422', async () => {
      const client = new TestClient(ctx().app);
      const common = await client.post('/api/auth/register', {
        email: 'new@example.com',
        password: 'Password123',
        name: 'Robin Hood',
      });
      expect(common.statusCode).toBe(422);
      expect(common.json()).toEqual({
        detail: 'This password is too common and easy to guess. Please choose a less common password.',
      });
      for (const password of ['new@example.com', 'Robin Hood', 'robinhood1']) {
        const personal = await client.post('/api/auth/register', {
          email: 'new@example.com',
          password,
          name: 'Robin Hood',
        });
        expect(personal.statusCode, password).toBe(422);
        expect(personal.json()).toEqual({
          detail:
            'Your password must not be your email address or your name. Please choose another password.',
        });
      }
      const accepted = await client.post('/api/auth/register', {
        email: 'new@example.com',
        password: 'sherwood archery club',
        name: 'Robin Hood',
      });
      expect(accepted.statusCode).toBe(200);
    });
  });

  describe('forgot password', () => {
    const NEUTRAL = 'If an account exists for this email, we have sent a link to reset its password.';

    it('answers the same for any email, and emails a one-hour single-use link to an existing account', async () => {
      const {
        client: oldSession,
        user,
        password,
      } = await signUp(ctx().app, { email: 'forgetful@example.com' });
      const anonymous = new TestClient(ctx().app);
      const unknown = await anonymous.post('/api/auth/forgot-password', { email: 'nobody@example.com' });
      const known = await anonymous.post('/api/auth/forgot-password', { email: 'Forgetful@Example.com' });
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: NEUTRAL });
      expect(known.json()).toEqual({ message: NEUTRAL });
      const emails = await ctx().db.selectFrom('emails').select(['to_address', 'subject']).execute();
      expect(emails).toEqual([
        { to_address: 'forgetful@example.com', subject: 'Reset your AnswerDesk password' },
      ]);

      const token = await resetLinkFor(ctx(), 'forgetful@example.com');
      // Only the token's hash is stored.
      const stored = await ctx().db.selectFrom('password_reset_tokens').select('token_hash').execute();
      expect(stored).toEqual([{ token_hash: sha256(token) }]);

      const weak = await anonymous.post('/api/auth/reset-password', { token, password: 'qwerty123' });
      expect(weak.statusCode).toBe(422);
      // A refused password does not use the link up.
      const reset = await anonymous.post('/api/auth/reset-password', {
        token,
        password: 'brand new secret 7',
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({
        message: 'Your password has been reset. Please sign in with your new password.',
      });
      // Every session of the account is signed out; the new password works, the old one not.
      expect((await oldSession.get('/api/auth/me')).statusCode).toBe(401);
      expect((await signIn(anonymous, user.email, password)).statusCode).toBe(401);
      expect((await signIn(anonymous, user.email, 'brand new secret 7')).statusCode).toBe(200);

      const again = await anonymous.post('/api/auth/reset-password', {
        token,
        password: 'another new secret 8',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        detail: 'This password reset link is invalid or has expired. Please request a new one.',
      });
    });

    it('refuses a link older than one hour', async () => {
      await signUp(ctx().app, { email: 'late@example.com' });
      const anonymous = new TestClient(ctx().app);
      await anonymous.post('/api/auth/forgot-password', { email: 'late@example.com' });
      const token = await resetLinkFor(ctx(), 'late@example.com');
      ctx().clock.advance(60 * MINUTE + 1000);
      const late = await anonymous.post('/api/auth/reset-password', {
        token,
        password: 'brand new secret 7',
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().detail).toMatch(/invalid or has expired/);
    });

    it('lifts the back-off of the account once its owner has reset the password', async () => {
      const { user } = await signUp(ctx().app, { email: 'locked@example.com' });
      const client = new TestClient(ctx().app);
      for (let i = 0; i < 5; i++) await signIn(client, user.email, 'attacker-guess');
      expect((await signIn(client, user.email, 'attacker-guess')).statusCode).toBe(429);
      await client.post('/api/auth/forgot-password', { email: user.email });
      const token = await resetLinkFor(ctx(), user.email);
      expect(
        (await client.post('/api/auth/reset-password', { token, password: 'owner is back 42' })).statusCode,
      ).toBe(200);
      expect((await signIn(client, user.email, 'owner is back 42')).statusCode).toBe(200);
    });
  });

  describe('change password', () => {
    it('needs the current password, applies the policy, keeps this session and signs out the others', async () => {
      const { client, user, password } = await signUp(ctx().app, {
        email: 'mover@example.com',
        name: 'Mover',
      });
      const otherDevice = new TestClient(ctx().app);
      expect((await signIn(otherDevice, user.email, password)).statusCode).toBe(200);

      const wrongCurrent = await client.post('/api/auth/change-password', {
        current_password: 'not the password',
        new_password: 'a fresh passphrase 9',
      });
      expect(wrongCurrent.statusCode).toBe(422);
      expect(wrongCurrent.json()).toEqual({ detail: 'Your current password is incorrect.' });
      const common = await client.post('/api/auth/change-password', {
        current_password: password,
        new_password: 'iloveyou1',
      });
      expect(common.statusCode).toBe(422);
      expect(common.json().detail).toMatch(/too common/);

      const changed = await client.post('/api/auth/change-password', {
        current_password: password,
        new_password: 'a fresh passphrase 9',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ message: 'Your password has been changed.' });
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
      expect((await otherDevice.get('/api/auth/me')).statusCode).toBe(401);
      const anonymous = new TestClient(ctx().app);
      expect((await signIn(anonymous, user.email, password)).statusCode).toBe(401);
      expect((await signIn(anonymous, user.email, 'a fresh passphrase 9')).statusCode).toBe(200);
    });

    it('counts wrong current passwords in the same back-off', async () => {
      const { client, password } = await signUp(ctx().app);
      for (let i = 0; i < 5; i++) {
        const wrong = await client.post('/api/auth/change-password', {
          current_password: `guess number ${i}`,
          new_password: 'a fresh passphrase 9',
        });
        expect(wrong.statusCode).toBe(422);
      }
      const refused = await client.post('/api/auth/change-password', {
        current_password: password,
        new_password: 'a fresh passphrase 9',
      });
      expect(refused.statusCode).toBe(429);
    });

    it('needs a signed-in user', async () => {
      const response = await new TestClient(ctx().app).post('/api/auth/change-password', {
        current_password: 'whatever it is',
        new_password: 'a fresh passphrase 9',
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('hash upgrade', () => {
    it('rehashes an older scrypt$salt$hash password with the current parameters at the next sign-in', async () => {
      const { user } = await signUp(ctx().app, { email: 'old-timer@example.com' });
      const salt = randomBytes(16);
      const legacy = `scrypt$${salt.toString('base64')}$${scryptSync('from the old days', salt, 64).toString('base64')}`;
      await ctx().db.updateTable('users').set({ password_hash: legacy }).where('id', '=', user.id).execute();

      const client = new TestClient(ctx().app);
      expect((await signIn(client, user.email, 'from the old days')).statusCode).toBe(200);
      const row = await ctx()
        .db.selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(
        new RegExp(`^scrypt\\$${2 ** ctx().env.PASSWORD_HASH_COST}\\$8\\$1\\$`),
      );
      expect((await signIn(new TestClient(ctx().app), user.email, 'from the old days')).statusCode).toBe(200);
    });
  });
});
