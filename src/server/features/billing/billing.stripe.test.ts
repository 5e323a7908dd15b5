import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { debitCallMinutes } from '../../entitlements/minutes.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { StripePaymentsProvider } from '../../providers/payments/stripe.ts';
import { addMonths } from './billing.service.ts';
import { ORIGIN } from './billing-test-helpers.ts';
import {
  databaseTargets,
  signInAdmin,
  signUp,
  TestClient,
  useTestApp,
  type TestContext,
} from '../../test/harness.ts';

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
  payment_intent?: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  /** The first line's unit amount (the recurring price of a subscription). */
  amount: number;
}

interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  discount_percent: number;
  latest_invoice: string | Record<string, unknown> | null;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: {
        id: string;
        object: 'price';
        product: string;
        unit_amount: number;
        recurring: { interval: string };
      };
    }[];
  };
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
  /** Subscriptions created by completed checkouts (issue 25: plan changes, cancel, resume). */
  subscriptions = new Map<string, FakeSubscription>();
  invoices = new Map<string, Record<string, unknown>>();
  declineCard = false;
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
    this.subscriptions.clear();
    this.invoices.clear();
    this.declineCard = false;
  }

  complete(id: string, period?: { start: Date; end: Date }) {
    const session = this.sessions.get(id)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    if (session.mode === 'subscription') {
      session.subscription = `sub_${id.slice(3)}`;
      session.invoice = `in_${id.slice(3)}`;
      const start = period ? plainTime(period.start) : 0;
      const end = period ? plainTime(period.end) : 0;
      this.subscriptions.set(session.subscription, {
        id: session.subscription,
        object: 'subscription',
        customer: 'cus_123',
        status: 'active',
        cancel_at_period_end: false,
        discount_percent: Number(this.couponOf.get(id) ?? 0),
        latest_invoice: session.invoice,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${id.slice(3)}`,
              object: 'subscription_item',
              current_period_start: start,
              current_period_end: end,
              price: {
                id: `price_${id.slice(3)}`,
                object: 'price',
                product: `prod_${id.slice(3)}`,
                unit_amount: session.amount,
                recurring: { interval: 'month' },
              },
            },
          ],
        },
      });
      this.invoices.set(session.invoice, {
        id: session.invoice,
        object: 'invoice',
        status: 'paid',
        hosted_invoice_url: `https://invoice.stripe.test/i/${session.invoice}`,
      });
    } else {
      session.payment_intent = `pi_${id.slice(3)}`;
    }
    session.customer = 'cus_123';
    return session;
  }

  /** Coupon percent of each session (a forever coupon stays on the subscription). */
  private couponOf = new Map<string, string>();
  private coupons = new Map<string, string>();

  /** The form of every request to `path`, oldest first. */
  all(path: string) {
    return this.requests.filter((r) => r.path === path).map((r) => r.form);
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
      this.coupons.set(
        `co_${this.counter}`,
        form.get('duration') === 'forever' ? form.get('percent_off')! : '0',
      );
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
        amount: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0),
      };
      const coupon = form.get('discounts[0][coupon]');
      if (coupon) this.couponOf.set(id, this.coupons.get(coupon) ?? '0');
      this.sessions.set(id, session);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && sessionMatch) {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) {
        return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      const expand = [...url.searchParams.entries()]
        .filter(([k]) => k.startsWith('expand'))
        .map(([, v]) => v);
      if (expand.length === 0) return send(200, session);
      return send(200, {
        ...session,
        invoice: session.invoice ? (this.invoices.get(session.invoice) ?? session.invoice) : null,
        payment_intent: session.payment_intent
          ? {
              id: session.payment_intent,
              object: 'payment_intent',
              latest_charge: {
                id: `ch_${session.id.slice(3)}`,
                object: 'charge',
                receipt_url: `https://pay.stripe.test/receipts/${session.id}`,
              },
            }
          : null,
      });
    }
    const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && invoiceMatch) {
      const invoice = this.invoices.get(decodeURIComponent(invoiceMatch[1]!));
      if (!invoice)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such invoice' } });
      return send(200, invoice);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      return send(200, {
        id: 'bps_1',
        object: 'billing_portal.session',
        customer: form.get('customer'),
        return_url: form.get('return_url'),
        url: `https://billing.stripe.test/p/session/${form.get('customer')}`,
      });
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
    const sub = subMatch ? this.subscriptions.get(decodeURIComponent(subMatch[1]!)) : undefined;
    if (req.method === 'GET' && subMatch) {
      if (!sub)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      return send(200, sub);
    }
    if (req.method === 'POST' && subMatch && sub) {
      if (form.has('cancel_at_period_end'))
        sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      const newAmount = form.get('items[0][price_data][unit_amount]');
      if (newAmount !== null) {
        const item = sub.items.data.find((i) => i.id === form.get('items[0][id]'));
        if (!item) return send(400, { error: { type: 'invalid_request_error', message: 'No such item' } });
        if (form.get('items[0][price_data][product]') !== item.price.product) {
          return send(400, {
            error: { type: 'invalid_request_error', message: 'price_data.product must be the item product' },
          });
        }
        if (form.get('proration_behavior') === 'always_invoice') {
          if (this.declineCard) {
            return send(402, {
              error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
            });
          }
          // Stripe's proration: the price difference times the share of the period left at proration_date.
          const at = Number(form.get('proration_date'));
          const share =
            (item.current_period_end - at) / (item.current_period_end - item.current_period_start);
          const difference = Number(newAmount) - item.price.unit_amount;
          const amount = Math.round(Math.round(difference * share) * (1 - sub.discount_percent / 100));
          const invoiceId = `in_upd_${++this.counter}`;
          const invoice = {
            id: invoiceId,
            object: 'invoice',
            status: 'paid',
            billing_reason: 'subscription_update',
            amount_paid: amount,
            hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
          };
          this.invoices.set(invoiceId, invoice);
          sub.latest_invoice = invoice;
        }
        item.price = { ...item.price, id: `price_${++this.counter}`, unit_amount: Number(newAmount) };
      }
      return send(200, sub);
    }
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

  it('a plan chosen after the trial cancels the old Stripe subscription; a monthly plan changes on /billing', async () => {
    const { client } = await signUp(ctx().app);
    const basic = await startCheckout(client, { plan: 'trial' });
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

    // Pro -> Enterprise from the pricing page: Stripe would charge the saved card at once, so nothing happens here;
    // /billing shows the prorated figure and asks to confirm.
    const asked = fake.requests.length;
    const up = await client.postForm('/api/stripe/create-checkout', {
      plan: 'enterprise',
      origin_url: ORIGIN,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({
      checkout_url: `${ORIGIN}/billing?plan=enterprise`,
      url: `${ORIGIN}/billing?plan=enterprise`,
    });
    expect(fake.requests).toHaveLength(asked);
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

  // ---- issue 25: what the owner manages alone, through the official SDK against the fake server

  /** Pro through Stripe, with the fake subscription's period the same as ours (now to a month later). */
  async function subscribeAtStripe(client: TestClient, fields: Record<string, string> = { plan: 'pro' }) {
    const { sessionId } = await startCheckout(client, fields);
    const start = ctx().clock.now();
    const end = addMonths(start, 1);
    await deliver(ctx(), signedEvent('checkout.session.completed', fake.complete(sessionId, { start, end })));
    return { sessionId, subscriptionId: `sub_${sessionId.slice(3)}`, itemId: `si_${sessionId.slice(3)}` };
  }

  async function moveClock(ms: number) {
    ctx().clock.advance(ms);
    await ctx()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(ctx().clock.now().getTime() + 7 * DAY_MS) })
      .execute();
  }

  it('upgrade: the subscription is updated with proration, charged at once, and matches the preview to the cent', async () => {
    const { client, user } = await signUp(ctx().app);
    const { subscriptionId, itemId, sessionId } = await subscribeAtStripe(client);
    await moveClock(15 * DAY_MS);
    const preview = (await client.get('/api/subscription/change-plan?plan=enterprise')).json();
    expect(preview).toMatchObject({ amount_due: 350, minutes_added: 925 });

    const changed = await client.postForm('/api/subscription/change-plan', {
      plan: 'enterprise',
      origin_url: ORIGIN,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ direction: 'upgrade', changed: true, amount_charged: 350 });
    const form = fake.last(`/v1/subscriptions/${subscriptionId}`);
    expect(form.get('items[0][id]')).toBe(itemId);
    expect(form.get('items[0][price_data][unit_amount]')).toBe('99900');
    expect(form.get('items[0][price_data][product]')).toBe(`prod_${sessionId.slice(3)}`);
    expect(form.get('proration_behavior')).toBe('always_invoice');
    expect(form.get('payment_behavior')).toBe('error_if_incomplete');
    expect(form.get('proration_date')).toBe(String(plainTime(ctx().clock.now())));

    const s = (await usage(client)).subscription;
    expect(s).toMatchObject({ plan: 'enterprise', amount: 999 });
    expect(s.minutes).toMatchObject({ plan_minutes: 1575, plan_used: 0 });
    const payment = await ctx()
      .db.selectFrom('payments')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('kind', '=', 'upgrade')
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      amount_cents: 35000,
      base_amount_cents: 35000,
      status: 'paid',
      plan: 'enterprise',
    });
    expect(payment.provider_session_id).toMatch(/^in_upd_\d+$/);

    // Stripe's invoice.paid for the proration invoice is not a renewal: nothing more is granted.
    const ledgerBefore = await ctx().db.selectFrom('minute_ledger').select('id').execute();
    await deliver(
      ctx(),
      signedEvent('invoice.paid', {
        id: payment.provider_session_id,
        object: 'invoice',
        billing_reason: 'subscription_update',
        amount_paid: 35000,
        period_start: plainTime(ctx().clock.now()),
        period_end: plainTime(ctx().clock.now()),
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
        lines: {
          object: 'list',
          data: [
            {
              period: { start: plainTime(ctx().clock.now()), end: plainTime(new Date(s.current_period_end)) },
            },
          ],
        },
      }),
    );
    expect(await ctx().db.selectFrom('minute_ledger').select('id').execute()).toHaveLength(
      ledgerBefore.length,
    );
    expect((await usage(client)).subscription.current_period_start).toBe(s.current_period_start);
  });

  it('upgrade with a declined card changes nothing and says so', async () => {
    const { client } = await signUp(ctx().app);
    await subscribeAtStripe(client);
    fake.declineCard = true;
    const changed = await client.postForm('/api/subscription/change-plan', {
      plan: 'enterprise',
      origin_url: ORIGIN,
    });
    expect(changed.statusCode).toBe(402);
    expect(changed.json().detail).toBe(
      'Your card was declined, so nothing was changed. Update your payment method and try again.',
    );
    expect((await usage(client)).subscription).toMatchObject({ plan: 'pro', minutes: { plan_minutes: 650 } });
  });

  it('downgrade: the renewal price changes without proration, undo restores it, the renewal invoice moves to Basic', async () => {
    const { client } = await signUp(ctx().app);
    const { subscriptionId } = await subscribeAtStripe(client);
    await moveClock(10 * DAY_MS);
    const scheduled = await client.postForm('/api/subscription/change-plan', {
      plan: 'basic',
      origin_url: ORIGIN,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    let form = fake.last(`/v1/subscriptions/${subscriptionId}`);
    expect([form.get('items[0][price_data][unit_amount]'), form.get('proration_behavior')]).toEqual([
      '9900',
      'none',
    ]);
    expect(fake.invoices.size).toBe(1); // nothing charged now
    expect((await client.post('/api/subscription/change-plan/undo')).statusCode).toBe(200);
    form = fake.last(`/v1/subscriptions/${subscriptionId}`);
    expect([form.get('items[0][price_data][unit_amount]'), form.get('proration_behavior')]).toEqual([
      '29900',
      'none',
    ]);
    await client.postForm('/api/subscription/change-plan', { plan: 'basic', origin_url: ORIGIN });
    expect((await usage(client)).subscription).toMatchObject({
      plan: 'pro',
      scheduled_change: { plan: 'basic' },
    });

    const start = new Date((await usage(client)).subscription.current_period_end);
    const end = addMonths(start, 1);
    await moveClock(start.getTime() - ctx().clock.now().getTime());
    await deliver(
      ctx(),
      signedEvent('invoice.paid', {
        id: 'in_cycle_1',
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        amount_paid: 9900,
        period_start: plainTime(start),
        period_end: plainTime(start),
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
        lines: { object: 'list', data: [{ period: { start: plainTime(start), end: plainTime(end) } }] },
      }),
    );
    const s = (await usage(client)).subscription;
    expect(s).toMatchObject({
      plan: 'basic',
      amount: 99,
      scheduled_change: null,
      minutes: { plan_minutes: 200 },
    });
  });

  it('cancel and resume at Stripe; a cancel made in the customer portal comes back by webhook; the period end ends it', async () => {
    const { client } = await signUp(ctx().app);
    const { subscriptionId } = await subscribeAtStripe(client);
    expect((await client.post('/api/subscription/cancel')).statusCode).toBe(200);
    expect(fake.last(`/v1/subscriptions/${subscriptionId}`).get('cancel_at_period_end')).toBe('true');
    expect((await usage(client)).subscription.cancel_at_period_end).toBe(true);
    expect((await client.post('/api/subscription/resume')).statusCode).toBe(200);
    expect(fake.last(`/v1/subscriptions/${subscriptionId}`).get('cancel_at_period_end')).toBe('false');
    expect((await usage(client)).subscription.cancel_at_period_end).toBe(false);

    await deliver(
      ctx(),
      signedEvent('customer.subscription.updated', {
        id: subscriptionId,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: true,
      }),
    );
    expect((await usage(client)).subscription.cancel_at_period_end).toBe(true);
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

  it("receipts are Stripe's hosted invoice (plans) and charge receipt (packs); Manage payment method opens the portal", async () => {
    const { client } = await signUp(ctx().app);
    const { sessionId } = await subscribeAtStripe(client);
    await moveClock(60_000);
    const pack = await client.postForm('/api/purchase-minutes', { minutes: 300, origin_url: ORIGIN });
    const packSession = new URL(pack.json().url).pathname.split('/').pop()!;
    await deliver(ctx(), signedEvent('checkout.session.completed', fake.complete(packSession)));

    const list = (await client.get('/api/billing/payments')).json();
    expect(list.manage_payment_method).toBe(true);
    expect(list.payments.map((p: any) => [p.description, p.amount])).toEqual([
      ['300 extra minutes', 180],
      ['Pro plan', 299],
    ]);
    const packReceipt = await client.get(list.payments[0].receipt_url);
    expect(packReceipt.statusCode).toBe(303);
    expect(packReceipt.headers.location).toBe(`https://pay.stripe.test/receipts/${packSession}`);
    const planReceipt = await client.get(list.payments[1].receipt_url);
    expect(planReceipt.headers.location).toBe(`https://invoice.stripe.test/i/in_${sessionId.slice(3)}`);

    const portal = await client.postForm('/api/billing/portal', { origin_url: ORIGIN });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toBe('https://billing.stripe.test/p/session/cus_123');
    const form = fake.last('/v1/billing_portal/sessions');
    expect([form.get('customer'), form.get('return_url')]).toEqual(['cus_123', `${ORIGIN}/billing`]);
    expect(
      (await client.postForm('/api/billing/portal', { origin_url: 'https://evil.example' })).statusCode,
    ).toBe(400);
  });
});
