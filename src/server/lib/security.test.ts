import { describe, expect, it } from 'vitest';
import { databaseTargets, signInAdmin, signUp, useTestApp } from '../test/harness.ts';

describe.each(databaseTargets())('CSRF on the route the router matched (%s)', (target) => {
  const ctx = useTestApp(target);

  it('refuses a sign-out without the CSRF header even when the path is percent-encoded', async () => {
    const { client } = await signUp(ctx().app);
    for (const url of [
      '/%61pi/auth/logout',
      '/api/auth/%6Cogout',
      '/api/auth/logout?x=/api/stripe/webhook',
    ]) {
      const response = await client.request({ method: 'POST', url, csrf: false });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().detail).toBe('Security check failed. Please reload the page and try again.');
    }
    // The session still works: nothing above signed it out.
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses an admin gift of minutes without the CSRF header through an encoded path, and gifts nothing', async () => {
    const admin = await signInAdmin(ctx());
    const { user } = await signUp(ctx().app);
    const response = await admin.request({
      method: 'POST',
      url: '/%61pi/admin/gift-minutes',
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ user_id: user.id, minutes: '10000' }).toString(),
    });
    expect(response.statusCode).toBe(403);
    const gifts = await ctx()
      .db.selectFrom('minute_gifts')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(gifts).toHaveLength(0);
  });
});
