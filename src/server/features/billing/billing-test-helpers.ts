/**
 * What the billing suites share (billing.routes, billing.manage, billing.stripe, and the agents' number-grace
 * suite): the site's origin, the local checkout's Pay, moving business time, and coupons made by the admin.
 */
import { expect } from 'vitest';
import { DAY_MS } from '../../lib/clock.ts';
import { signInAdmin, type TestClient, type TestContext } from '../../test/harness.ts';

export const ORIGIN = 'http://localhost:3000';

interface Answer {
  statusCode: number;
  body: string;
  json: () => any;
}

/** The checkout session a create-checkout (or change-plan) answer points to: the last part of its url. */
export const checkoutSessionId = (created: Answer): string =>
  decodeURIComponent(new URL(created.json().url).pathname.split('/').pop()!);

/** Pays the local checkout page that `created` points to; returns the session id and the Pay answer. */
export async function payLocalCheckout(client: TestClient, created: Answer) {
  expect(created.statusCode, created.body).toBe(200);
  expect(new URL(created.json().url).pathname).toMatch(/^\/local-checkout\/lcs_/);
  const sessionId = checkoutSessionId(created);
  const paid = await client.post(`/api/local-checkout/${sessionId}/complete`);
  expect(paid.statusCode, paid.body).toBe(200);
  return { sessionId, paid };
}

/** Moves business time; sessions (7 days) are stretched so the same clients stay signed in. */
export async function advance(ctx: TestContext, ms: number) {
  ctx.clock.advance(ms);
  await ctx.db
    .updateTable('sessions')
    .set({ expires_at: new Date(ctx.clock.now().getTime() + 7 * DAY_MS) })
    .execute();
}

/** A coupon code the admin generates. */
export async function makeCoupon(ctx: TestContext, percent: number, type: string): Promise<string> {
  const admin = await signInAdmin(ctx);
  const response = await admin.post(
    `/api/admin/coupons/generate?discount_percent=${percent}&discount_type=${type}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().code;
}
