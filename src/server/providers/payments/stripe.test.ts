import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { StripePaymentsProvider } from './stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_window';
const stripeSdk = new Stripe('sk_test_signing_only');
const YEAR_S = 365 * 86_400;

describe.each(databaseTargets())('Stripe webhook time window (%s)', (target) => {
  const ctx = useTestApp(target, {
    providers: () => ({
      payments: new StripePaymentsProvider({
        secretKey: 'sk_test_fake',
        webhookSecret: WEBHOOK_SECRET,
        apiBaseUrl: 'http://127.0.0.1:9',
      }),
    }),
  });

  /** An event Stripe signed at `timestamp` (seconds), delivered to our webhook. */
  function deliver(id: string, timestamp: number) {
    const payload = JSON.stringify({ id, object: 'event', type: 'customer.created', data: { object: {} } });
    const signature = stripeSdk.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp,
    });
    return ctx().app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  it('refuses a signature dated ahead of the window like an old one, and accepts a fresh one', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [id, timestamp] of [
      ['evt_future_decade', now + 10 * YEAR_S],
      ['evt_future_hour', now + 3600],
      ['evt_past_hour', now - 3600],
    ] as const) {
      const response = await deliver(id, timestamp);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().detail).toBe('Invalid webhook signature');
    }
    expect(await ctx().db.selectFrom('processed_events').select('event_id').execute()).toHaveLength(0);

    const fresh = await deliver('evt_fresh', now + 60);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await ctx().db.selectFrom('processed_events').select('event_id').execute()).toHaveLength(1);
  });
});
