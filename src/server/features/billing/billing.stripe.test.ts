import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { debitCallMinutes } from '../../entitlements/minutes.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { StripePaymentsProvider } from '../../providers/payments/stripe.ts';
import {
  databaseTargets,
  signInAdmin,
  signUp,
  TestClient,
  useTestApp,
  type TestContext,
} from '../../test/harness.ts';

const ORIGIN = 'http://localhost:3000';
const WEBHOOK_SECRET = 'whsec_test_billing';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  subscription: string | null;
  customer: string | null;
  invoice: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
}

/** A small fake of the Stripe API: the official SDK talks to it over HTTP (INTEGRATIONS.md section 3). */
class FakeStripe {
  server: Server;
  sessions = new Map<string, FakeSession>();
  requests: { method: string; path: string; form: URLSearchParams }[] = [];
  canceled: string[] = [];
  discountsRemoved: string[] = [];
  /** Payment intents refunded, one entry per refund created. */
  refunds: string[] = [];
  failRefunds = false;
  private counter = 0;

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset() {
    this.sessions.clear();
    this.requests = [];
    this.canceled = [];
    this.discountsRemoved = [];
    this.refunds = [];
    this.failRefunds = false;
  }

  complete(id: string) {
    const session = this.sessions.get(id)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    if (session.mode === 'subscription') {
      session.subscription = `sub_${id.slice(3)}`;
      session.invoice = `in_${id.slice(3)}`;
    }
    session.customer = 'cus_123';
    return session;
  }

  last(path: string) {
    return [...this.requests].reverse().find((r) => r.path === path)!.form;
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://x');
    const form = new URLSearchParams(body || url.search);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, form });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'POST' && url.pathname === '/v1/coupons') {
      this.counter += 1;
      return send(200, {
        id: `co_${this.counter}`,
        object: 'coupon',
        percent_off: Number(form.get('percent_off')),
        duration: form.get('duration'),
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      this.counter += 1;
      const id = `cs_test_${this.counter}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: form.get('mode') ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        customer: null,
        invoice: null,
        client_reference_id: form.get('client_reference_id'),
        metadata,
      };
      this.sessions.set(id, session);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && sessionMatch) {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) {
        return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      return send(200, session);
    }
    if (req.method === 'GET' && url.pathname === '/v1/invoice_payments') {
      const invoice = url.searchParams.get('invoice')!;
      return send(200, {
        object: 'list',
        url: '/v1/invoice_payments',
        has_more: false,
        data: [
          {
            id: `inpay_${invoice.slice(3)}`,
            object: 'invoice_payment',
            invoice,
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: `pi_${invoice.slice(3)}` },
          },
        ],
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      if (this.failRefunds) return send(500, { error: { type: 'api_error', message: 'Stripe is down' } });
      this.refunds.push(form.get('payment_intent')!);
      return send(200, { id: `re_${this.refunds.length}`, object: 'refund', status: 'succeeded' });
    }
    const discountMatch = /^\/v1\/subscriptions\/([^/]+)\/discount$/.exec(url.pathname);
    if (req.method === 'DELETE' && discountMatch) {
      this.discountsRemoved.push(discountMatch[1]!);
      return send(200, { object: 'discount', deleted: true });
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && subMatch) {
      this.canceled.push(subMatch[1]!);
      return send(200, { id: subMatch[1], object: 'subscription', status: 'canceled' });
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized ${req.method} ${url.pathname}` },
    });
  }
}

const stripeSdk = new Stripe('sk_test_signing_only');
let eventCounter = 0;

function signedEvent(type: string, object: unknown, id = `evt_${++eventCounter}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, signature, id };
}

function deliver(ctx: TestContext, event: { payload: string; signature: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

async function usage(client: TestClient) {
  return (await client.get('/api/subscription/status')).json();
}

const plainTime = (d: Date) => Math.floor(d.getTime() / 1000);

describe.each(databaseTargets())('billing with Stripe (fake Stripe server, %s)', (target) => {
  const fake = new FakeStripe();
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => fake.server.close(resolve));
  });
  beforeEach(() => fake.reset());

  const ctx = useTestApp(target, {
    providers: () => ({
      payments: new StripePaymentsProvider({
        secretKey: 'sk_test_fake',
        webhookSecret: WEBHOOK_SECRET,
        apiBaseUrl: fake.url,
      }),
    }),
  });

  async function startCheckout(client: TestClient, fields: Record<string, string>) {
    const response = await client.postForm('/api/stripe/create-checkout', { origin_url: ORIGIN, ...fields });
    expect(response.statusCode, response.body).toBe(200);
    const sessionId = new URL(response.json().url).pathname.split('/').pop()!;
    return { sessionId, body: response.json() };
  }

  it('creates a Checkout Session with the plan price, our return addresses and metadata', async () => {
    const { client, user } = await signUp(ctx().app);
    const { sessionId, body } = await startCheckout(client, { plan: 'pro' });
    expect(body.checkout_url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const form = fake.last('/v1/checkout/sessions');
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('29900');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('success_url')).toBe(`${ORIGIN}/dashboard?session_id={CHECKOUT_SESSION_ID}`);
    expect(form.get('cancel_url')).toBe(`${ORIGIN}/pricing`);
    expect(form.get('client_reference_id')).toBe(user.id);
    expect(form.get('metadata[plan]')).toBe('pro');
  });

  it('the trial is a 7-day trial on Basic plus a $10 one-time item; a coupon becomes a Stripe coupon', async () => {
    const admin = await signInAdmin(ctx());
    const code = (
      await admin.post('/api/admin/coupons/generate?discount_percent=50&discount_type=forever')
    ).json().code as string;
    const { client } = await signUp(ctx().app);
    await startCheckout(client, { plan: 'trial', coupon_code: code });
    const form = fake.last('/v1/checkout/sessions');
    expect(form.get('subscription_data[trial_period_days]')).toBe('7');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('9900');
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('1000');
    expect(form.get('line_items[1][price_data][recurring][interval]')).toBeNull();
    const coupon = fake.last('/v1/coupons');
    expect([coupon.get('percent_off'), coupon.get('duration')]).toEqual(['50', 'forever']);
    expect(form.get('discounts[0][coupon]')).toMatch(/^co_/);
  });

  it('a replayed checkout.session.completed webhook applies once', async () => {
    const { client } = await signUp(ctx().app);
    const { sessionId } = await startCheckout(client, { plan: 'basic' });
    const event = signedEvent('checkout.session.completed', fake.complete(sessionId));
    const first = await deliver(ctx(), event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replays = await Promise.all([deliver(ctx(), event), deliver(ctx(), event), deliver(ctx(), event)]);
    for (const r of replays) expect(r.json()).toEqual({ received: true, duplicate: true });
    // the same session in a different event (Stripe retries with a new id) still applies once
    await deliver(ctx(), signedEvent('checkout.session.completed', fake.sessions.get(sessionId)));

    expect((await usage(client)).subscription.usage.minutes_limit).toBe(200);
    expect(await ctx().db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
    expect(await ctx().db.selectFrom('minute_ledger').select('id').execute()).toHaveLength(1);
    const sub = await ctx().db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    expect([sub.provider, sub.provider_subscription_id, sub.provider_customer_id]).toEqual([
      'stripe',
      `sub_${sessionId.slice(3)}`,
      'cus_123',
    ]);
  });

  it('checkout-status and the webhook racing apply the purchase once', async () => {
    const { client } = await signUp(ctx().app);
    await startCheckout(client, { plan: 'basic' });
    await client.postForm('/api/stripe/create-checkout', { plan: 'basic', origin_url: ORIGIN });
    const { sessionId } = await startCheckout(client, { plan: 'pro' });
    const event = signedEvent('checkout.session.completed', fake.complete(sessionId));
    const results = await Promise.all([
      deliver(ctx(), event),
      client.get(`/api/stripe/checkout-status/${sessionId}`),
      deliver(ctx(), event),
      client.get(`/api/stripe/checkout-status/${sessionId}`),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(results[1]!.json()).toEqual({
      payment_status: 'paid',
      status: 'complete',
      purchase: { kind: 'plan', plan: 'pro' },
    });
    expect(await ctx().db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
    expect(await ctx().db.selectFrom('minute_ledger').select('id').execute()).toHaveLength(1);
    expect((await usage(client)).subscription.plan).toBe('pro');
  });

  it('a second trial paid at Stripe is recorded, not applied, refunded and its subscription stopped (issue 21)', async () => {
    const { client, user } = await signUp(ctx().app);
    // Three trial checkouts opened before subscribing.
    const first = await startCheckout(client, { plan: 'trial' });
    const second = await startCheckout(client, { plan: 'trial' });
    const third = await startCheckout(client, { plan: 'trial' });
    await deliver(ctx(), signedEvent('checkout.session.completed', fake.complete(first.sessionId)));
    await debitCallMinutes(ctx().db, {
      userId: user.id,
      callId: crypto.randomUUID(),
      minutes: 5,
      now: ctx().clock.now(),
    });

    // The webhook of the second: received, but no second trial.
    const event = signedEvent('checkout.session.completed', fake.complete(second.sessionId));
    const delivered = await deliver(ctx(), event);
    expect(delivered.json()).toEqual({ received: true, duplicate: false });
    expect((await usage(client)).subscription).toMatchObject({
      plan: 'trial',
      usage: { minutes_limit: 20, minutes_used: 5, minutes_remaining: 15 },
    });
    expect(fake.refunds).toEqual([`pi_${second.sessionId.slice(3)}`]);
    expect(fake.canceled).toEqual([`sub_${second.sessionId.slice(3)}`]);
    const polled = await client.get(`/api/stripe/checkout-status/${second.sessionId}`);
    expect(polled.statusCode).toBe(409);
    expect(polled.json().detail).toBe(
      'The 7-day trial is available once per account, so this payment was refunded. Please choose a plan.',
    );
    await deliver(ctx(), event);
    await deliver(ctx(), signedEvent('checkout.session.completed', fake.sessions.get(second.sessionId)));
    expect(fake.refunds).toHaveLength(1);

    // The third is paid while Stripe cannot refund: recorded as refused, the next status check refunds it.
    fake.failRefunds = true;
    fake.complete(third.sessionId);
    expect((await client.get(`/api/stripe/checkout-status/${third.sessionId}`)).statusCode).toBe(409);
    expect(fake.refunds).toHaveLength(1);
    fake.failRefunds = false;
    expect((await client.get(`/api/stripe/checkout-status/${third.sessionId}`)).statusCode).toBe(409);
    expect(fake.refunds).toEqual([`pi_${second.sessionId.slice(3)}`, `pi_${third.sessionId.slice(3)}`]);

    const payments = await ctx()
      .db.selectFrom('payments')
      .select(['provider_session_id', 'status', 'applied_at'])
      .orderBy('created_at')
      .execute();
    expect(payments.map((p) => [p.status, p.applied_at !== null])).toEqual([
      ['paid', true],
      ['refunded', false],
      ['refunded', false],
    ]);
    expect(await ctx().db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
    expect(
      await ctx().db.selectFrom('minute_ledger').select('id').where('entry', '=', 'grant').execute(),
    ).toHaveLength(1);
  });

  it('two trial webhooks delivered at the same moment give one trial and one refund', async () => {
    for (let round = 0; round < 3; round += 1) {
      fake.reset();
      const { client, user } = await signUp(ctx().app);
      const a = await startCheckout(client, { plan: 'trial' });
      const b = await startCheckout(client, { plan: 'trial' });
      const results = await Promise.all([
        deliver(ctx(), signedEvent('checkout.session.completed', fake.complete(a.sessionId))),
        deliver(ctx(), signedEvent('checkout.session.completed', fake.complete(b.sessionId))),
      ]);
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      const subs = await ctx()
        .db.selectFrom('subscriptions')
        .select('provider_subscription_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(subs).toHaveLength(1);
      const kept = subs[0]!.provider_subscription_id!;
      const other = kept === `sub_${a.sessionId.slice(3)}` ? b.sessionId : a.sessionId;
      expect(fake.refunds).toEqual([`pi_${other.slice(3)}`]);
      expect(fake.canceled).toEqual([`sub_${other.slice(3)}`]);
      expect((await usage(client)).subscription.usage.minutes_limit).toBe(20);
    }
  });

  it('a bad signature is refused and changes nothing', async () => {
    const { client } = await signUp(ctx().app);
    const { sessionId } = await startCheckout(client, { plan: 'basic' });
    const event = signedEvent('checkout.session.completed', fake.complete(sessionId));
    const forged = await deliver(ctx(), { payload: event.payload, signature: 't=1,v1=deadbeef' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().detail).toBe('Invalid webhook signature');
    const missing = await ctx().app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event.payload,
    });
    expect(missing.statusCode).toBe(400);
    const tampered = await deliver(ctx(), {
      payload: event.payload.replace('basic', 'enterprise'),
      signature: event.signature,
    });
    expect(tampered.statusCode).toBe(400);
    expect((await usage(client)).has_subscription).toBe(false);
    expect(await ctx().db.selectFrom('processed_events').select('event_id').execute()).toHaveLength(0);
  });

  it('invoice.paid renews (plan minutes reset, packs kept); the trial turns into Basic; deletion ends it', async () => {
    const { client, user } = await signUp(ctx().app);
    const { sessionId } = await startCheckout(client, { plan: 'trial' });
    await deliver(ctx(), signedEvent('checkout.session.completed', fake.complete(sessionId)));
    expect((await usage(client)).subscription).toMatchObject({ plan: 'trial', usage: { minutes_limit: 20 } });
    const subscriptionId = fake.sessions.get(sessionId)!.subscription!;

    // The first invoice ($10) belongs to the checkout: nothing more is granted.
    const now = ctx().clock.now();
    const invoice = (reason: string, start: Date, end: Date, id: string) => ({
      id,
      object: 'invoice',
      billing_reason: reason,
      amount_paid: reason === 'subscription_create' ? 1000 : 9900,
      period_start: plainTime(start),
      period_end: plainTime(start),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      lines: { object: 'list', data: [{ period: { start: plainTime(start), end: plainTime(end) } }] },
    });
    await deliver(
      ctx(),
      signedEvent(
        'invoice.paid',
        invoice('subscription_create', now, new Date(now.getTime() + 7 * DAY_MS), 'in_1'),
      ),
    );
    expect((await usage(client)).subscription.plan).toBe('trial');

    // Minutes: a pack is bought (through its own checkout) and some minutes are used.
    const pack = await client.postForm('/api/purchase-minutes', { minutes: 100, origin_url: ORIGIN });
    const packSession = new URL(pack.json().url).pathname.split('/').pop()!;
    expect(fake.last('/v1/checkout/sessions').get('mode')).toBe('payment');
    await deliver(ctx(), signedEvent('checkout.session.completed', fake.complete(packSession)));
    await debitCallMinutes(ctx().db, { userId: user.id, callId: crypto.randomUUID(), minutes: 30, now });
    expect((await usage(client)).subscription.usage).toMatchObject({
      minutes_limit: 120,
      minutes_remaining: 90,
    });

    // Day 7: Stripe charges Basic.
    ctx().clock.advance(7 * DAY_MS);
    await ctx()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(ctx().clock.now().getTime() + DAY_MS) })
      .execute();
    const start = ctx().clock.now();
    const end = new Date(start.getTime() + 30 * DAY_MS);
    const renewal = signedEvent('invoice.paid', invoice('subscription_cycle', start, end, 'in_2'));
    await deliver(ctx(), renewal);
    await deliver(ctx(), renewal);
    const s = (await usage(client)).subscription;
    expect(s).toMatchObject({ plan: 'basic', status: 'active', amount: 99 });
    // 200 fresh plan minutes + 90 left of the pack
    expect(s.usage).toEqual({
      minutes_limit: 290,
      minutes_used: 0,
      minutes_remaining: 290,
      percentage_used: 0,
    });
    expect(new Date(s.current_period_end).getTime()).toBe(plainTime(end) * 1000);
    // a second delivery of the same invoice under another event id changes nothing
    await deliver(ctx(), signedEvent('invoice.paid', invoice('subscription_cycle', start, end, 'in_2')));
    expect((await usage(client)).subscription.usage.minutes_limit).toBe(290);

    await deliver(
      ctx(),
      signedEvent('customer.subscription.deleted', {
        id: subscriptionId,
        object: 'subscription',
        status: 'canceled',
        ended_at: plainTime(ctx().clock.now()),
      }),
    );
    expect((await usage(client)).has_subscription).toBe(false);
  });

  it('a plan change cancels the old Stripe subscription', async () => {
    const { client } = await signUp(ctx().app);
    const basic = await startCheckout(client, { plan: 'basic' });
    await deliver(ctx(), signedEvent('checkout.session.completed', fake.complete(basic.sessionId)));
    const pro = await startCheckout(client, { plan: 'pro' });
    fake.complete(pro.sessionId);
    expect((await client.get(`/api/stripe/checkout-status/${pro.sessionId}`)).json().payment_status).toBe(
      'paid',
    );
    expect(fake.canceled).toEqual([`sub_${basic.sessionId.slice(3)}`]);
    expect((await usage(client)).subscription).toMatchObject({ plan: 'pro', usage: { minutes_limit: 650 } });
    // Stripe then reports the old one deleted: the new plan stays.
    await deliver(
      ctx(),
      signedEvent('customer.subscription.deleted', {
        id: `sub_${basic.sessionId.slice(3)}`,
        object: 'subscription',
        status: 'canceled',
      }),
    );
    expect((await usage(client)).subscription.plan).toBe('pro');
  });

  it("the admin's finish_period revoke removes the discount at Stripe too, so renewals charge full price", async () => {
    const admin = await signInAdmin(ctx());
    const code = (
      await admin.post('/api/admin/coupons/generate?discount_percent=50&discount_type=forever')
    ).json().code as string;
    const { client, user } = await signUp(ctx().app);
    const pro = await startCheckout(client, { plan: 'pro', coupon_code: code });
    await deliver(ctx(), signedEvent('checkout.session.completed', fake.complete(pro.sessionId)));
    expect((await usage(client)).subscription).toMatchObject({ plan: 'pro', amount: 149.5 });

    const revoked = await admin.postForm('/api/admin/revoke-discount', {
      user_id: user.id,
      action: 'finish_period',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(fake.discountsRemoved).toEqual([`sub_${pro.sessionId.slice(3)}`]);
    expect(fake.canceled).toEqual([]);
    expect((await usage(client)).subscription).toMatchObject({
      plan: 'pro',
      amount: 299,
      discount_percent: 0,
    });
  });

  it('an expired session gives the coupon back', async () => {
    const admin = await signInAdmin(ctx());
    const code = (
      await admin.post('/api/admin/coupons/generate?discount_percent=25&discount_type=first_month')
    ).json().code as string;
    const { client } = await signUp(ctx().app);
    const { sessionId } = await startCheckout(client, { plan: 'pro', coupon_code: code });
    expect((await client.post(`/api/coupons/validate?code=${code}`)).statusCode).toBe(400);
    fake.sessions.get(sessionId)!.status = 'expired';
    await deliver(ctx(), signedEvent('checkout.session.expired', fake.sessions.get(sessionId)));
    expect((await client.post(`/api/coupons/validate?code=${code}`)).statusCode).toBe(200);
    expect((await client.get(`/api/stripe/checkout-status/${sessionId}`)).json()).toEqual({
      payment_status: 'unpaid',
      status: 'expired',
      purchase: { kind: 'plan', plan: 'pro' },
    });
  });
});
