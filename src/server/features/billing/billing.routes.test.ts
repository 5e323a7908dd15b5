import { describe, expect, it } from 'vitest';
import { debitCallMinutes } from '../../entitlements/minutes.ts';
import { DAY_MS } from '../../lib/clock.ts';
import {
  databaseTargets,
  signInAdmin,
  signUp,
  TestClient,
  useTestApp,
  type TestContext,
} from '../../test/harness.ts';
import { advance, checkoutSessionId, makeCoupon, ORIGIN, payLocalCheckout } from './billing-test-helpers.ts';
import { runBillingCycle } from './billing.service.ts';

async function status(client: TestClient) {
  const response = await client.get('/api/subscription/status');
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Checkout through the local provider: create, Pay on the local page, back on the dashboard. */
async function buy(
  client: TestClient,
  fields: Record<string, string | number>,
  path = '/api/stripe/create-checkout',
) {
  const created = await client.postForm(path, { origin_url: ORIGIN, ...fields });
  const { sessionId, paid } = await payLocalCheckout(client, created);
  expect(paid.json().url).toBe(`${ORIGIN}/dashboard?session_id=${sessionId}`);
  const checked = await client.get(`/api/stripe/checkout-status/${sessionId}`);
  expect(checked.json()).toEqual({
    payment_status: 'paid',
    status: 'complete',
    purchase:
      fields.minutes === undefined
        ? { kind: 'plan', plan: fields.plan }
        : { kind: 'minutes', minutes: Number(fields.minutes) },
  });
  return sessionId;
}

async function counts(ctx: TestContext) {
  const count = async (
    table: 'payments' | 'local_checkouts' | 'subscriptions' | 'minute_ledger' | 'coupons',
  ) =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    payments: await count('payments'),
    checkouts: await count('local_checkouts'),
    subscriptions: await count('subscriptions'),
    ledger: await count('minute_ledger'),
  };
}

async function createCheckout(client: TestClient, fields: Record<string, string>) {
  const created = await client.postForm('/api/stripe/create-checkout', { origin_url: ORIGIN, ...fields });
  expect(created.statusCode, created.body).toBe(200);
  return checkoutSessionId(created);
}

const TRIAL_TAKEN = 'The 7-day trial is available once per account. Please choose a plan.';

describe.each(databaseTargets())('billing (%s)', (target) => {
  const ctx = useTestApp(target);

  it('a new account has no subscription and may take the trial', async () => {
    const { client } = await signUp(ctx().app);
    expect(await status(client)).toEqual({ has_subscription: false, subscription: null });
    expect((await client.get('/api/subscription/trial-eligible')).json()).toEqual({ eligible: true });
    expect((await new TestClient(ctx().app).get('/api/subscription/status')).statusCode).toBe(401);
  });

  it('buys Pro through the local checkout and gets 650 minutes, then a 300 pack (limit 950)', async () => {
    const { client } = await signUp(ctx().app);
    const created = await client.postForm('/api/stripe/create-checkout', {
      plan: 'pro',
      origin_url: ORIGIN,
    });
    const body = created.json();
    expect(body.checkout_url).toBe(body.url);
    const sessionId = checkoutSessionId(created);

    const page = await client.get(`/api/local-checkout/${sessionId}`);
    expect(page.json()).toMatchObject({ amount: 299, base_amount: 299, discount_percent: 0, status: 'open' });
    expect(page.json().description).toContain('Pro');
    // nothing is granted before the payment
    expect((await client.get(`/api/stripe/checkout-status/${sessionId}`)).json()).toMatchObject({
      payment_status: 'unpaid',
      status: 'open',
    });
    expect((await status(client)).has_subscription).toBe(false);

    await client.post(`/api/local-checkout/${sessionId}/complete`);
    const s = await status(client);
    expect(s.subscription).toMatchObject({
      plan: 'pro',
      amount: 299,
      status: 'active',
      discount_percent: 0,
      usage: { minutes_limit: 650, minutes_used: 0, minutes_remaining: 650, percentage_used: 0 },
    });
    expect((await client.get('/api/subscription/trial-eligible')).json()).toEqual({ eligible: false });

    await buy(client, { minutes: 300 }, '/api/purchase-minutes');
    expect((await status(client)).subscription.usage).toMatchObject({
      minutes_limit: 950,
      minutes_remaining: 950,
    });

    const payments = await ctx().db.selectFrom('payments').selectAll().orderBy('created_at').execute();
    expect(payments.map((p) => [p.kind, p.amount_cents, p.status, Boolean(p.applied_at)])).toEqual([
      ['subscription', 29900, 'paid', true],
      ['pack', 18000, 'paid', true],
    ]);
  });

  it('another account cannot see or pay someone else’s checkout', async () => {
    const { client } = await signUp(ctx().app);
    const created = await client.postForm('/api/stripe/create-checkout', {
      plan: 'basic',
      origin_url: ORIGIN,
    });
    const sessionId = checkoutSessionId(created);
    const other = await signUp(ctx().app);
    expect((await other.client.get(`/api/local-checkout/${sessionId}`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/local-checkout/${sessionId}/complete`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/stripe/checkout-status/${sessionId}`)).statusCode).toBe(404);
    expect((await status(client)).has_subscription).toBe(false);
  });

  it('Cancel on the local checkout returns to /pricing and the status says expired', async () => {
    const { client } = await signUp(ctx().app);
    const created = await client.postForm('/api/stripe/create-checkout', {
      plan: 'basic',
      origin_url: ORIGIN,
    });
    const sessionId = checkoutSessionId(created);
    const cancelled = await client.post(`/api/local-checkout/${sessionId}/cancel`);
    expect(cancelled.json()).toEqual({ url: `${ORIGIN}/pricing` });
    expect((await client.get(`/api/stripe/checkout-status/${sessionId}`)).json()).toMatchObject({
      payment_status: 'unpaid',
      status: 'expired',
    });
    const paid = await client.post(`/api/local-checkout/${sessionId}/complete`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().detail).toMatch(/expired/);
    expect((await status(client)).has_subscription).toBe(false);
  });

  it('checkout-status, the Pay button and repeated polls racing apply the payment once', async () => {
    const { client } = await signUp(ctx().app);
    const created = await client.postForm('/api/stripe/create-checkout', {
      plan: 'basic',
      origin_url: ORIGIN,
    });
    const sessionId = checkoutSessionId(created);
    await ctx()
      .db.updateTable('local_checkouts')
      .set({ status: 'complete' })
      .where('id', '=', sessionId)
      .execute();
    const results = await Promise.all([
      client.post(`/api/local-checkout/${sessionId}/complete`),
      client.get(`/api/stripe/checkout-status/${sessionId}`),
      client.get(`/api/stripe/checkout-status/${sessionId}`),
      client.get(`/api/stripe/checkout-status/${sessionId}`),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const grants = await ctx()
      .db.selectFrom('minute_ledger')
      .selectAll()
      .where('entry', '=', 'grant')
      .execute();
    expect(grants).toHaveLength(1);
    expect(await ctx().db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
    expect((await status(client)).subscription.usage.minutes_limit).toBe(200);
  });

  it('rejects bad input with a clear 4xx and changes nothing', async () => {
    const { client } = await signUp(ctx().app);
    const before = await counts(ctx());
    const cases: [string, Record<string, string | number>, number, RegExp][] = [
      [
        '/api/stripe/create-checkout',
        { plan: 'platinum', origin_url: ORIGIN },
        400,
        /Unknown plan "platinum"/,
      ],
      [
        '/api/stripe/create-checkout',
        { plan: 'pro', origin_url: 'https://evil.example' },
        400,
        /origin_url must be the address of this site/,
      ],
      ['/api/stripe/create-checkout', { plan: 'pro', origin_url: 'javascript:alert(1)' }, 400, /origin_url/],
      ['/api/stripe/create-checkout', { origin_url: ORIGIN }, 422, /plan is required/],
      ['/api/stripe/create-checkout', { plan: 'pro' }, 422, /origin_url is required/],
      [
        '/api/stripe/create-checkout',
        { plan: 'pro', origin_url: ORIGIN, coupon_code: 'NOPE1234' },
        404,
        /Invalid coupon code/,
      ],
      ['/api/purchase-minutes', { minutes: 7, origin_url: ORIGIN }, 400, /100, 300, 500 or 1000/],
      [
        '/api/purchase-minutes',
        { minutes: 'lots', origin_url: ORIGIN },
        422,
        /minutes must be a whole number/,
      ],
      [
        '/api/purchase-minutes',
        { minutes: 300, origin_url: ORIGIN },
        402,
        /active subscription is required to purchase minutes/,
      ],
    ];
    for (const [url, fields, code, detail] of cases) {
      const response = await client.postForm(url, fields);
      expect(response.statusCode, `${url} ${JSON.stringify(fields)}`).toBe(code);
      expect(response.json().detail).toMatch(detail);
    }
    const garbage = await client.post('/api/stripe/create-checkout', '{not json', {
      'content-type': 'application/json',
    });
    expect(garbage.statusCode).toBe(400);
    expect(await counts(ctx())).toEqual(before);

    // the foreign origin is refused for packs too, once subscribed
    await buy(client, { plan: 'basic' });
    const foreign = await client.postForm('/api/purchase-minutes', {
      minutes: 100,
      origin_url: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(400);
    const pricingAgain = await client.postForm('/api/stripe/create-checkout', {
      plan: 'basic',
      origin_url: ORIGIN,
    });
    expect(pricingAgain.statusCode).toBe(409);
    expect(pricingAgain.json().detail).toBe('You are already on the Basic plan');
    const trial = await client.postForm('/api/stripe/create-checkout', {
      plan: 'trial',
      origin_url: ORIGIN,
    });
    expect(trial.statusCode).toBe(400);
    expect(trial.json().detail).toMatch(/once per account/);
  });

  it('the pricing-page messages for signed-out visitors come from the server too', async () => {
    const anonymous = new TestClient(ctx().app);
    const coupon = await anonymous.post('/api/coupons/validate?code=ABC');
    expect(coupon.statusCode).toBe(401);
    expect(coupon.json().detail).toBe('Please log in to use a coupon code');
    const minutes = await anonymous.postForm('/api/purchase-minutes', { minutes: 100, origin_url: ORIGIN });
    expect(minutes.statusCode).toBe(401);
    expect(minutes.json().detail).toBe('Please log in to purchase minutes');
    expect(
      (await anonymous.postForm('/api/stripe/create-checkout', { plan: 'pro', origin_url: ORIGIN }))
        .statusCode,
    ).toBe(401);
  });

  it('coupons: only the admin makes and lists them; validate says valid, invalid or used', async () => {
    const { client } = await signUp(ctx().app);
    expect(
      (await client.post('/api/admin/coupons/generate?discount_percent=50&discount_type=forever')).statusCode,
    ).toBe(403);
    expect((await client.get('/api/admin/coupons/list')).statusCode).toBe(403);

    const admin = await signInAdmin(ctx());
    const bad = await admin.post('/api/admin/coupons/generate?discount_percent=30&discount_type=forever');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('discount_percent must be 25, 50 or 100');
    const badType = await admin.post('/api/admin/coupons/generate?discount_percent=25&discount_type=weekly');
    expect(badType.json().detail).toBe('discount_type must be first_month or forever');

    const code = await makeCoupon(ctx(), 50, 'first_month');
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const list = (await admin.get('/api/admin/coupons/list')).json().coupons;
    expect(list).toEqual([
      expect.objectContaining({ code, discount_percent: 50, discount_type: 'first_month', used: false }),
    ]);

    const valid = await client.post(
      `/api/coupons/validate?code=${encodeURIComponent(`  ${code.toLowerCase()} `)}`,
    );
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({ discount_percent: 50, discount_type: 'first_month' });
    expect(valid.json().message).toMatch(/50% off your first month/);
    const unknown = await client.post('/api/coupons/validate?code=ZZZZ9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Invalid coupon code');

    // 50% first month: $49.50 now, full price after the first period
    await buy(client, { plan: 'basic', coupon_code: code });
    let s = (await status(client)).subscription;
    expect(s).toMatchObject({
      amount: 49.5,
      discount_percent: 50,
      discount_type: 'first_month',
      discount_source: code,
    });
    const used = await client.post(`/api/coupons/validate?code=${code}`);
    expect(used.statusCode).toBe(400);
    expect(used.json().detail).toBe('This coupon code has already been used');
    expect((await admin.get('/api/admin/coupons/list')).json().coupons[0].used).toBe(true);

    await advance(ctx(), 31 * DAY_MS);
    await runBillingCycle(ctx().deps);
    s = (await status(client)).subscription;
    expect(s).toMatchObject({ amount: 99, discount_percent: 0 });
  });

  it('a 100% coupon activates a free subscription without a payment page', async () => {
    const code = await makeCoupon(ctx(), 100, 'forever');
    const { client } = await signUp(ctx().app);
    const response = await client.postForm('/api/stripe/create-checkout', {
      plan: 'enterprise',
      origin_url: ORIGIN,
      coupon_code: code,
    });
    expect(response.json()).toEqual({ free_subscription: true, url: `${ORIGIN}/dashboard` });
    expect((await status(client)).subscription).toMatchObject({
      plan: 'enterprise',
      amount: 0,
      discount_percent: 100,
      discount_type: 'forever',
      usage: { minutes_limit: 2500 },
    });
    expect(await ctx().db.selectFrom('local_checkouts').select('id').execute()).toHaveLength(0);
    // forever: renews free
    await advance(ctx(), 32 * DAY_MS);
    await runBillingCycle(ctx().deps);
    expect((await status(client)).subscription).toMatchObject({ plan: 'enterprise', amount: 0 });
  });

  it('a second trial checkout paid after the first is refused: no charge, no fresh minutes (issue 21)', async () => {
    const { client, user } = await signUp(ctx().app);
    const code = await makeCoupon(ctx(), 50, 'first_month');
    // Three trial checkouts opened while the account was still eligible, the third with a coupon.
    const first = await createCheckout(client, { plan: 'trial' });
    const second = await createCheckout(client, { plan: 'trial' });
    const third = await createCheckout(client, { plan: 'trial', coupon_code: code });

    expect((await client.post(`/api/local-checkout/${first}/complete`)).statusCode).toBe(200);
    await debitCallMinutes(ctx().db, {
      userId: user.id,
      callId: crypto.randomUUID(),
      minutes: 5,
      now: ctx().clock.now(),
    });

    for (const sessionId of [second, third]) {
      const paid = await client.post(`/api/local-checkout/${sessionId}/complete`);
      expect(paid.statusCode, paid.body).toBe(409);
      expect(paid.json().detail).toBe(TRIAL_TAKEN);
      // nothing was charged: the local checkout is closed unpaid
      expect((await client.get(`/api/local-checkout/${sessionId}`)).json().status).toBe('expired');
      expect((await client.get(`/api/stripe/checkout-status/${sessionId}`)).json()).toMatchObject({
        payment_status: 'unpaid',
        status: 'expired',
      });
    }
    // still the first trial with its 15 minutes left
    expect((await status(client)).subscription).toMatchObject({
      plan: 'trial',
      usage: { minutes_limit: 20, minutes_used: 5, minutes_remaining: 15 },
    });
    expect(await ctx().db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
    const payments = await ctx()
      .db.selectFrom('payments')
      .select(['provider_session_id', 'status', 'applied_at'])
      .execute();
    const bySession = new Map(payments.map((p) => [p.provider_session_id, p]));
    expect(bySession.get(first)).toMatchObject({ status: 'paid' });
    for (const sessionId of [second, third]) {
      expect(bySession.get(sessionId)).toMatchObject({ status: 'refused', applied_at: null });
    }
    // the coupon of the refused checkout is given back
    expect((await client.post(`/api/coupons/validate?code=${code}`)).statusCode).toBe(200);
  });

  it('two trial checkouts paid at the same moment give one trial; the other Pay is refused', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { client, user } = await signUp(ctx().app);
      const sessions = [
        await createCheckout(client, { plan: 'trial' }),
        await createCheckout(client, { plan: 'trial' }),
        await createCheckout(client, { plan: 'trial' }),
      ];
      const results = await Promise.all(
        sessions.map((sessionId) => client.post(`/api/local-checkout/${sessionId}/complete`)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().detail).toBe(TRIAL_TAKEN);
      const subscriptions = await ctx()
        .db.selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(subscriptions).toHaveLength(1);
      expect((await status(client)).subscription.usage.minutes_limit).toBe(20);
    }
  });

  it('Pay and Cancel of one checkout at the same moment: exactly one wins and the coupon agrees', async () => {
    for (let round = 0; round < 5; round += 1) {
      const code = await makeCoupon(ctx(), 50, 'first_month');
      const { client, user } = await signUp(ctx().app);
      const sessionId = await createCheckout(client, { plan: 'pro', coupon_code: code });
      // 5 Pay and 5 Cancel interleaved; every other round a Cancel goes first.
      const isPay = (i: number) => (i + round) % 2 === 0;
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          client.post(`/api/local-checkout/${sessionId}/${isPay(i) ? 'complete' : 'cancel'}`),
        ),
      );
      const pays = results.filter((_, i) => isPay(i));
      const cancels = results.filter((_, i) => !isPay(i));
      const page = (await client.get(`/api/local-checkout/${sessionId}`)).json();
      const checked = (await client.get(`/api/stripe/checkout-status/${sessionId}`)).json();
      const sub = (await status(client)).subscription;
      const coupon = await ctx()
        .db.selectFrom('coupons')
        .select(['used', 'used_by'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      const payment = await ctx()
        .db.selectFrom('payments')
        .select(['status', 'applied_at'])
        .where('provider_session_id', '=', sessionId)
        .executeTakeFirstOrThrow();

      const paidWon = pays.some((r) => r.statusCode === 200);
      if (paidWon) {
        for (const r of pays) expect(r.json(), `round ${round}`).toMatchObject({ payment_status: 'paid' });
        for (const r of cancels) {
          expect(r.statusCode, `round ${round}`).toBe(409);
          expect(r.json().detail).toBe('This checkout session has already been paid');
        }
        expect(page.status).toBe('complete');
        expect(checked).toMatchObject({ payment_status: 'paid', status: 'complete' });
        expect(payment.status).toBe('paid');
        expect(sub).toMatchObject({ plan: 'pro', discount_percent: 50, discount_source: code });
        expect(coupon).toEqual({ used: true, used_by: user.id });
      } else {
        for (const r of pays) {
          expect(r.statusCode, `round ${round}`).toBe(409);
          expect(r.json().detail).toMatch(/cancelled|expired/);
        }
        for (const r of cancels) expect(r.json(), `round ${round}`).toEqual({ url: `${ORIGIN}/pricing` });
        expect(page.status).toBe('expired');
        expect(checked).toMatchObject({ payment_status: 'unpaid', status: 'expired' });
        expect(payment).toEqual({ status: 'expired', applied_at: null });
        expect(sub).toBeNull();
        expect(coupon).toMatchObject({ used: false });
      }
    }
  });

  it('two accounts redeeming one coupon at the same moment: exactly one wins', async () => {
    const code = await makeCoupon(ctx(), 100, 'first_month');
    const accounts = await Promise.all(Array.from({ length: 4 }, () => signUp(ctx().app)));
    const responses = await Promise.all(
      accounts.map(({ client }) =>
        client.postForm('/api/stripe/create-checkout', {
          plan: 'pro',
          origin_url: ORIGIN,
          coupon_code: code,
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400]);
    for (const r of responses.filter((x) => x.statusCode === 400)) {
      expect(r.json().detail).toBe('This coupon code has already been used');
    }
    expect(await ctx().db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
  });

  it('the trial is $10 for 20 minutes and becomes Basic after 7 days on a moved clock', async () => {
    const { client, user } = await signUp(ctx().app);
    const sessionId = await buy(client, { plan: 'trial' });
    const page = (await client.get(`/api/local-checkout/${sessionId}`)).json();
    expect(page).toMatchObject({ amount: 10, trial_days: 7 });
    expect((await status(client)).subscription).toMatchObject({
      plan: 'trial',
      status: 'trialing',
      amount: 10,
      usage: { minutes_limit: 20 },
    });
    await debitCallMinutes(ctx().db, {
      userId: user.id,
      callId: crypto.randomUUID(),
      minutes: 5,
      now: ctx().clock.now(),
    });

    await advance(ctx(), 6 * DAY_MS);
    expect(await runBillingCycle(ctx().deps)).toEqual({ renewed: 0, ended: 0 });
    expect((await status(client)).subscription.plan).toBe('trial');

    await advance(ctx(), DAY_MS + 60_000);
    expect(await runBillingCycle(ctx().deps)).toEqual({ renewed: 1, ended: 0 });
    expect(await runBillingCycle(ctx().deps)).toEqual({ renewed: 0, ended: 0 });
    const s = (await status(client)).subscription;
    expect(s).toMatchObject({
      plan: 'basic',
      status: 'active',
      amount: 99,
      usage: { minutes_limit: 200, minutes_used: 0, minutes_remaining: 200 },
    });
    const renewal = await ctx().db.selectFrom('payments').selectAll().where('kind', '=', 'renewal').execute();
    expect(renewal.map((p) => [p.plan, p.amount_cents])).toEqual([['basic', 9900]]);
  });

  it('monthly renewal resets plan minutes and keeps pack minutes', async () => {
    const { client, user } = await signUp(ctx().app);
    await buy(client, { plan: 'basic' });
    await buy(client, { minutes: 100 }, '/api/purchase-minutes');
    // 250 minutes: all 200 plan minutes and 50 of the pack
    await debitCallMinutes(ctx().db, {
      userId: user.id,
      callId: crypto.randomUUID(),
      minutes: 250,
      now: ctx().clock.now(),
    });
    expect((await status(client)).subscription.usage).toEqual({
      minutes_limit: 300,
      minutes_used: 250,
      minutes_remaining: 50,
      percentage_used: 83.3,
    });
    await advance(ctx(), 31 * DAY_MS);
    expect((await runBillingCycle(ctx().deps)).renewed).toBe(1);
    expect((await status(client)).subscription.usage).toEqual({
      minutes_limit: 250,
      minutes_used: 0,
      minutes_remaining: 250,
      percentage_used: 0,
    });
  });

  it('a plan change from the pricing page is the prorated upgrade: same subscription and period, extra minutes carried', async () => {
    const { client, user } = await signUp(ctx().app);
    await buy(client, { plan: 'basic' });
    await buy(client, { minutes: 500 }, '/api/purchase-minutes');
    await debitCallMinutes(ctx().db, {
      userId: user.id,
      callId: crypto.randomUUID(),
      minutes: 120,
      now: ctx().clock.now(),
    });
    const before = (await status(client)).subscription;
    await advance(ctx(), 3 * DAY_MS);
    const sessionId = await createCheckout(client, { plan: 'pro' });
    // 27 of 30 days left: (299 - 99) x 27/30 = $180 now, not a second full-price subscription.
    expect((await client.get(`/api/local-checkout/${sessionId}`)).json()).toMatchObject({ amount: 180 });
    expect((await client.post(`/api/local-checkout/${sessionId}/complete`)).json().url).toBe(
      `${ORIGIN}/billing?session_id=${sessionId}`,
    );
    const s = (await status(client)).subscription;
    expect(s).toMatchObject({ id: before.id, plan: 'pro', amount: 299 });
    expect(s.current_period_start).toBe(before.current_period_start);
    // 200 Basic minutes + (650 - 200) x 27/30 = 605 plan minutes, and the 500 bought ones.
    expect(s.usage).toMatchObject({ minutes_limit: 1105, minutes_used: 120, minutes_remaining: 985 });
    const subs = await ctx().db.selectFrom('subscriptions').selectAll().execute();
    expect(subs.map((x) => [x.plan, x.status, x.ended_at])).toEqual([['pro', 'active', null]]);
  });

  it('the agent turns inactive at the limit and a pack purchase turns it back on', async () => {
    const { client, user } = await signUp(ctx().app);
    await buy(client, { plan: 'basic' });
    await ctx()
      .db.insertInto('agent_configs')
      .values({
        user_id: user.id,
        company_name: 'Acme',
        contact_email: 'a@example.com',
        twilio_phone_number: '+15550100',
        voice_id: 'en-us+f3',
        status: 'active',
        config_data: {},
      })
      .execute();
    await debitCallMinutes(ctx().db, {
      userId: user.id,
      callId: crypto.randomUUID(),
      minutes: 200,
      now: ctx().clock.now(),
    });
    const agent = () =>
      ctx()
        .db.selectFrom('agent_configs')
        .select('status')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
    expect((await agent()).status).toBe('inactive');
    expect((await status(client)).subscription.usage.percentage_used).toBe(100);
    await buy(client, { minutes: 100 }, '/api/purchase-minutes');
    expect((await agent()).status).toBe('active');
  });
});
