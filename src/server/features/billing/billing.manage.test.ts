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
  return response.json().subscription;
}

/** Pays a local checkout page that `created` points to. */
const pay = async (client: TestClient, created: Parameters<typeof payLocalCheckout>[1]) =>
  (await payLocalCheckout(client, created)).sessionId;

const buyPlan = async (client: TestClient, plan: string) =>
  pay(client, await client.postForm('/api/stripe/create-checkout', { plan, origin_url: ORIGIN }));
const buyPack = async (client: TestClient, minutes: number) =>
  pay(client, await client.postForm('/api/purchase-minutes', { minutes, origin_url: ORIGIN }));

const call = (ctx: TestContext, userId: string, minutes: number) =>
  debitCallMinutes(ctx.db, { userId, callId: crypto.randomUUID(), minutes, now: ctx.clock.now() });

async function ledger(ctx: TestContext, userId: string) {
  const rows = await ctx.db
    .selectFrom('minute_ledger')
    .select(['entry', 'bucket', 'source', 'minutes'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('entry', 'desc')
    .orderBy('bucket', 'desc')
    .execute();
  return rows.map((r) => `${r.entry} ${r.bucket} ${r.source} ${r.minutes}`);
}

async function payments(ctx: TestContext, userId: string) {
  const rows = await ctx.db
    .selectFrom('payments')
    .select(['kind', 'plan', 'minutes', 'amount_cents', 'status'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => [r.kind, r.plan ?? r.minutes, r.amount_cents, r.status]);
}

describe.each(databaseTargets())('billing the owner manages (%s)', (target) => {
  const ctx = useTestApp(target);

  it('minutes roll over visibly: two renewals with a pack bought mid-period keep the balance exactly', async () => {
    const { client, user } = await signUp(ctx().app);
    await buyPlan(client, 'basic');
    await call(ctx(), user.id, 50);
    await advance(ctx(), 15 * DAY_MS);
    await buyPack(client, 300);
    // 250 more: the 150 plan minutes left first, then 100 of the pack
    await call(ctx(), user.id, 250);
    let s = await status(client);
    expect(s.usage).toEqual({
      minutes_limit: 500,
      minutes_used: 300,
      minutes_remaining: 200,
      percentage_used: 60,
    });
    expect(s.minutes).toEqual({
      order: 'plan_first',
      plan_minutes: 200,
      plan_used: 200,
      plan_remaining: 0,
      extra_available: 300,
      extra_used: 100,
      extra_balance: 200,
    });

    // Renewal 1: plan minutes reset to 200, the 200 bought minutes roll over untouched.
    await advance(ctx(), 16 * DAY_MS);
    expect((await runBillingCycle(ctx().deps)).renewed).toBe(1);
    s = await status(client);
    expect(s.usage).toEqual({
      minutes_limit: 400,
      minutes_used: 0,
      minutes_remaining: 400,
      percentage_used: 0,
    });
    expect(s.minutes).toMatchObject({
      plan_minutes: 200,
      plan_used: 0,
      extra_available: 200,
      extra_balance: 200,
    });

    // 230 minutes: all 200 plan minutes, then 30 rolled-over ones.
    await call(ctx(), user.id, 230);
    s = await status(client);
    expect(s.minutes).toMatchObject({ plan_remaining: 0, extra_used: 30, extra_balance: 170 });

    // Renewal 2: 200 fresh plan minutes, 170 rolled over.
    await advance(ctx(), 31 * DAY_MS);
    expect((await runBillingCycle(ctx().deps)).renewed).toBe(1);
    s = await status(client);
    expect(s.usage).toEqual({
      minutes_limit: 370,
      minutes_used: 0,
      minutes_remaining: 370,
      percentage_used: 0,
    });
    expect(s.minutes).toEqual({
      order: 'plan_first',
      plan_minutes: 200,
      plan_used: 0,
      plan_remaining: 200,
      extra_available: 170,
      extra_used: 0,
      extra_balance: 170,
    });

    // The ledger to the minute, the payments to the cent.
    expect(await ledger(ctx(), user.id)).toEqual([
      'grant plan plan_period 200',
      'debit plan call 50',
      'grant extra pack 300',
      'debit plan call 150',
      'debit extra call 100',
      'grant plan plan_period 200',
      'debit plan call 200',
      'debit extra call 30',
      'grant plan plan_period 200',
    ]);
    expect(await payments(ctx(), user.id)).toEqual([
      ['subscription', 'basic', 9900, 'paid'],
      ['pack', 300, 18000, 'paid'],
      ['renewal', 'basic', 9900, 'paid'],
      ['renewal', 'basic', 9900, 'paid'],
    ]);
  });

  it('upgrade Pro -> Enterprise halfway: $350 prorated on the local checkout, 925 more plan minutes at once', async () => {
    const { client, user } = await signUp(ctx().app);
    await buyPlan(client, 'pro');
    // A minute apart, so the lists below have one order.
    await advance(ctx(), 60_000);
    await buyPack(client, 100);
    await call(ctx(), user.id, 600);
    await advance(ctx(), 15 * DAY_MS - 60_000);

    const preview = await client.get('/api/subscription/change-plan?plan=enterprise');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      direction: 'upgrade',
      plan_name: 'Enterprise',
      current_plan_name: 'Pro',
      amount_due: 350,
      minutes_added: 925,
      days_left: 15,
      period_days: 30,
      new_monthly_amount: 999,
      allowed: true,
    });
    expect(preview.json().message).toBe(
      'Prorated for the 15 of 30 days left until Dec 22, 2026: $350 now and 925 more plan minutes this period, then $999/month with 2,500 minutes.',
    );

    const changed = await client.postForm('/api/subscription/change-plan', {
      plan: 'enterprise',
      origin_url: ORIGIN,
    });
    expect(changed.json().direction).toBe('upgrade');
    const sessionId = checkoutSessionId(changed);
    // The built-in checkout shows the same figures.
    const page = (await client.get(`/api/local-checkout/${sessionId}`)).json();
    expect(page).toMatchObject({ description: 'Upgrade to Enterprise', amount: 350, recurring: false });
    expect(page.note).toBe(preview.json().message);
    // Nothing changes before it is paid.
    expect((await status(client)).plan).toBe('pro');
    await pay(client, changed);
    expect((await client.get(`/api/stripe/checkout-status/${sessionId}`)).json().payment_status).toBe('paid');

    const s = await status(client);
    expect(s).toMatchObject({ plan: 'enterprise', amount: 999 });
    // Same period: 650 + 925 plan minutes, 600 used; the 100 bought minutes untouched.
    expect(s.minutes).toMatchObject({ plan_minutes: 1575, plan_used: 600, extra_balance: 100 });
    expect(s.usage).toMatchObject({ minutes_limit: 1675, minutes_used: 600, minutes_remaining: 1075 });
    expect(new Date(s.current_period_end).toISOString()).toBe('2026-12-22T12:00:00.000Z');
    expect(await payments(ctx(), user.id)).toEqual([
      ['subscription', 'pro', 29900, 'paid'],
      ['pack', 100, 6000, 'paid'],
      ['upgrade', 'enterprise', 35000, 'paid'],
    ]);
    expect(await ledger(ctx(), user.id)).toEqual([
      'grant plan plan_period 650',
      'grant extra pack 100',
      'debit plan call 600',
      'grant plan adjustment 925',
    ]);
    // Paying again (a second click, a racing status check) changes nothing.
    await client.post(`/api/local-checkout/${sessionId}/complete`);
    expect((await status(client)).minutes.plan_minutes).toBe(1575);

    // The renewal charges the full Enterprise price with its full minutes.
    await advance(ctx(), 16 * DAY_MS);
    await runBillingCycle(ctx().deps);
    expect((await status(client)).minutes).toMatchObject({ plan_minutes: 2500, extra_balance: 100 });
    expect((await payments(ctx(), user.id)).at(-1)).toEqual(['renewal', 'enterprise', 99900, 'paid']);
  });

  it('a "forever" discount halves the prorated charge too; proration counts whole days left', async () => {
    const code = await makeCoupon(ctx(), 50, 'forever');
    const { client } = await signUp(ctx().app);
    await pay(
      client,
      await client.postForm('/api/stripe/create-checkout', {
        plan: 'pro',
        origin_url: ORIGIN,
        coupon_code: code,
      }),
    );
    // 14 days and 21 hours left: a day begun counts, so 15 of 30 days, the whole day long.
    await advance(ctx(), 15 * DAY_MS + 3 * 3_600_000);
    const preview = (await client.get('/api/subscription/change-plan?plan=enterprise')).json();
    expect(preview).toMatchObject({
      amount_due: 175,
      base_amount_due: 350,
      discount_percent: 50,
      new_monthly_amount: 499.5,
    });
    const changed = await client.postForm('/api/subscription/change-plan', {
      plan: 'enterprise',
      origin_url: ORIGIN,
    });
    await pay(client, changed);
    expect(await status(client)).toMatchObject({ plan: 'enterprise', amount: 499.5, discount_percent: 50 });
    const list = (await client.get('/api/billing/payments')).json().payments;
    expect(list[0]).toMatchObject({
      description: 'Upgrade to Enterprise (prorated)',
      amount: 175,
      base_amount: 350,
      discount_percent: 50,
      status: 'paid',
    });
  });

  it('downgrade waits for the renewal, shows the date, can be undone, and then renews into Basic', async () => {
    const { client, user } = await signUp(ctx().app);
    await buyPlan(client, 'pro');
    await buyPack(client, 100);
    await advance(ctx(), 10 * DAY_MS);
    const preview = (await client.get('/api/subscription/change-plan?plan=basic')).json();
    expect(preview).toMatchObject({
      direction: 'downgrade',
      amount_due: 0,
      effective_at: '2026-12-22T12:00:00.000Z',
      number_limit: 1,
      numbers_in_use: 0,
      allowed: true,
    });
    const scheduled = await client.postForm('/api/subscription/change-plan', {
      plan: 'basic',
      origin_url: ORIGIN,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toEqual({
      direction: 'downgrade',
      scheduled_change: { plan: 'basic', plan_name: 'Basic', effective_at: '2026-12-22T12:00:00.000Z' },
    });
    let s = await status(client);
    expect(s).toMatchObject({ plan: 'pro', amount: 299, scheduled_change: { plan_name: 'Basic' } });
    expect(s.minutes.plan_minutes).toBe(650);

    // Undo, then schedule again.
    expect((await client.post('/api/subscription/change-plan/undo')).statusCode).toBe(200);
    expect((await status(client)).scheduled_change).toBeNull();
    expect((await client.post('/api/subscription/change-plan/undo')).statusCode).toBe(409);
    await client.postForm('/api/subscription/change-plan', { plan: 'basic', origin_url: ORIGIN });

    await advance(ctx(), 21 * DAY_MS);
    expect((await runBillingCycle(ctx().deps)).renewed).toBe(1);
    s = await status(client);
    expect(s).toMatchObject({ plan: 'basic', amount: 99, scheduled_change: null });
    expect(s.minutes).toMatchObject({ plan_minutes: 200, extra_balance: 100 });
    expect((await payments(ctx(), user.id)).at(-1)).toEqual(['renewal', 'basic', 9900, 'paid']);
  });

  it('a downgrade respects the smaller plan’s number limit and names the numbers to release', async () => {
    const { client, user } = await signUp(ctx().app);
    await buyPlan(client, 'enterprise');
    let added = 0;
    const addNumber = (company: string, number: string) =>
      ctx()
        .db.insertInto('agent_configs')
        .values({
          created_at: new Date(ctx().clock.now().getTime() + 1000 * added++),
          user_id: user.id,
          company_name: company,
          contact_email: 'a@example.com',
          twilio_phone_number: number,
          status: 'inactive',
          config_data: {},
        })
        .execute();
    await addNumber('Acme', '+15550199');
    // One number: Basic allows it.
    expect((await client.get('/api/subscription/change-plan?plan=basic')).json()).toMatchObject({
      numbers_in_use: 1,
      number_limit: 1,
      numbers_to_release: 0,
      allowed: true,
    });
    // Three numbers (ADR 044): Pro allows them, Basic only one; the refusal names them and releases nothing.
    await addNumber('Acme Uptown', '+15550198');
    await addNumber('Acme After Hours', '+15550197');
    expect((await client.get('/api/subscription/change-plan?plan=pro')).json()).toMatchObject({
      numbers_in_use: 3,
      number_limit: 3,
      allowed: true,
    });
    const preview = (await client.get('/api/subscription/change-plan?plan=basic')).json();
    expect(preview).toMatchObject({
      numbers_in_use: 3,
      number_limit: 1,
      numbers_to_release: 2,
      allowed: false,
    });
    expect(preview.numbers.map((n: { company_name: string }) => n.company_name)).toEqual([
      'Acme',
      'Acme Uptown',
      'Acme After Hours',
    ]);
    const refused = await client.postForm('/api/subscription/change-plan', {
      plan: 'basic',
      origin_url: ORIGIN,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'The Basic plan allows 1 phone number and your account uses 3: +15550199 (Acme), +15550198 (Acme Uptown), ' +
        '+15550197 (Acme After Hours). Release 2 of them on the dashboard before moving to Basic; nothing is released for you.',
    );
    expect((await status(client)).scheduled_change).toBeNull();
    const numbers = await ctx()
      .db.selectFrom('agent_configs')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(numbers).toHaveLength(3);
  });

  it('cancel keeps the agent until the period end, resume keeps the "forever" discount; a new subscription does not', async () => {
    const code = await makeCoupon(ctx(), 50, 'forever');
    const { client, user } = await signUp(ctx().app);
    await pay(
      client,
      await client.postForm('/api/stripe/create-checkout', {
        plan: 'pro',
        origin_url: ORIGIN,
        coupon_code: code,
      }),
    );
    await ctx()
      .db.insertInto('agent_configs')
      .values({
        user_id: user.id,
        company_name: 'Acme',
        contact_email: 'a@example.com',
        twilio_phone_number: '+15550198',
        voice_id: 'en-us+f3',
        status: 'active',
        config_data: {},
      })
      .execute();
    const agent = async () =>
      (
        await ctx()
          .db.selectFrom('agent_configs')
          .select('status')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).status;

    const cancelled = await client.post('/api/subscription/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({
      cancel_at_period_end: true,
      ends_at: '2026-12-22T12:00:00.000Z',
      numbers_kept_until: '2027-01-21T12:00:00.000Z',
    });
    expect((await client.post('/api/subscription/cancel')).statusCode).toBe(409);
    expect(await status(client)).toMatchObject({
      cancel_at_period_end: true,
      numbers_kept_until: '2027-01-21T12:00:00.000Z',
    });
    // A cancelling subscription does not change plan.
    expect((await client.get('/api/subscription/change-plan?plan=enterprise')).statusCode).toBe(409);

    // Resume: the same subscription renews with its 50% forever discount.
    expect((await client.post('/api/subscription/resume')).json().cancel_at_period_end).toBe(false);
    await advance(ctx(), 30 * DAY_MS);
    await runBillingCycle(ctx().deps);
    expect(await status(client)).toMatchObject({
      plan: 'pro',
      amount: 149.5,
      discount_percent: 50,
      cancel_at_period_end: false,
    });
    expect((await payments(ctx(), user.id)).at(-1)).toEqual(['renewal', 'pro', 14950, 'paid']);

    // Cancel again: the agent answers until the end, then goes inactive; nothing is charged.
    await client.post('/api/subscription/cancel');
    await advance(ctx(), 20 * DAY_MS);
    await runBillingCycle(ctx().deps);
    expect(await agent()).toBe('active');
    await advance(ctx(), 12 * DAY_MS);
    expect(await runBillingCycle(ctx().deps)).toEqual({ renewed: 0, ended: 1 });
    // The number is kept for the grace period: the status says until when (released later, number-grace.test.ts).
    const hold = {
      agent_id: expect.any(String),
      phone_number: '+15550198',
      subscription_ended_at: '2027-01-22T12:00:00.000Z',
      release_at: '2027-02-21T12:00:00.000Z',
      released_at: null,
    };
    expect((await client.get('/api/subscription/status')).json()).toEqual({
      has_subscription: false,
      subscription: null,
      number_hold: hold,
      number_holds: [hold],
    });
    expect(await agent()).toBe('inactive');
    expect(await payments(ctx(), user.id)).toHaveLength(2);
    // The number is kept (the grace period); a new subscription starts at full price.
    const kept = await ctx()
      .db.selectFrom('agent_configs')
      .select('twilio_phone_number')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(kept.twilio_phone_number).toBe('+15550198');
    await buyPlan(client, 'pro');
    expect(await status(client)).toMatchObject({ plan: 'pro', amount: 299, discount_percent: 0 });
  });

  it('lists every payment with a printable receipt; another account sees none of them', async () => {
    const code = await makeCoupon(ctx(), 25, 'first_month');
    const { client, user } = await signUp(ctx().app, { name: 'Ada Owner' });
    await pay(
      client,
      await client.postForm('/api/stripe/create-checkout', {
        plan: 'trial',
        origin_url: ORIGIN,
        coupon_code: code,
      }),
    );
    await advance(ctx(), 60_000);
    await buyPack(client, 300);
    // An abandoned checkout is not a payment.
    await client.postForm('/api/purchase-minutes', { minutes: 100, origin_url: ORIGIN });
    await advance(ctx(), 8 * DAY_MS);
    await runBillingCycle(ctx().deps);

    const list = await client.get('/api/billing/payments');
    expect(list.statusCode).toBe(200);
    expect(list.json().manage_payment_method).toBe(false);
    const rows = list.json().payments;
    expect(
      rows.map((p: any) => [
        p.description,
        p.amount,
        p.base_amount,
        p.discount_percent,
        p.coupon_code,
        p.status,
      ]),
    ).toEqual([
      ['Basic plan, monthly renewal', 99, 99, 0, null, 'paid'],
      ['300 extra minutes', 180, 180, 0, null, 'paid'],
      ['7-Day Trial', 7.5, 10, 25, code, 'paid'],
    ]);

    const trial = rows[2];
    const receiptLink = await client.get(trial.receipt_url);
    expect(receiptLink.statusCode).toBe(303);
    expect(receiptLink.headers.location).toBe(`/billing/receipts/${trial.id}`);
    const receipt = (await client.get(`/api/billing/payments/${trial.id}`)).json();
    expect(receipt).toMatchObject({
      description: '7-Day Trial',
      amount: 7.5,
      base_amount: 10,
      discount_amount: 2.5,
      billed_to: { email: user.email, name: 'Ada Owner' },
      status: 'paid',
    });
    expect(receipt.receipt_number).toMatch(/^R-20261122-[0-9A-F]{8}$/);

    const other = await signUp(ctx().app);
    expect((await other.client.get(`/api/billing/payments/${trial.id}`)).statusCode).toBe(404);
    expect((await other.client.get(trial.receipt_url)).statusCode).toBe(404);
    expect((await other.client.get('/api/billing/payments')).json().payments).toEqual([]);
    expect((await client.postForm('/api/billing/portal', { origin_url: ORIGIN })).statusCode).toBe(404);
  });

  it('the admin sees the same payments and the scheduled change of a user', async () => {
    const { client, user } = await signUp(ctx().app);
    await buyPlan(client, 'pro');
    await client.postForm('/api/subscription/change-plan', { plan: 'basic', origin_url: ORIGIN });
    const admin = await signInAdmin(ctx());
    const overview = await admin.get(`/api/admin/users/${user.id}/billing`);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().payments.map((p: any) => [p.description, p.amount])).toEqual([['Pro plan', 299]]);
    expect(overview.json().scheduled_changes).toEqual([
      {
        kind: 'downgrade',
        description: 'Changes to Basic on Dec 22, 2026',
        effective_at: '2026-12-22T12:00:00.000Z',
      },
    ]);
    await client.post('/api/subscription/cancel');
    expect((await admin.get(`/api/admin/users/${user.id}/billing`)).json().scheduled_changes).toEqual([
      {
        kind: 'cancel',
        description: 'Cancels on Dec 22, 2026; numbers kept until Jan 21, 2027',
        effective_at: '2026-12-22T12:00:00.000Z',
      },
    ]);
    expect((await client.get(`/api/admin/users/${user.id}/billing`)).statusCode).toBe(403);
  });

  it('the legacy create-checkout of a subscriber asking for another plan goes through the same plan change', async () => {
    const { client, user } = await signUp(ctx().app);
    await buyPlan(client, 'pro');
    await advance(ctx(), 10 * DAY_MS);

    // Another plan with a coupon: a coupon is for a new subscription.
    const couponed = await client.postForm('/api/stripe/create-checkout', {
      plan: 'enterprise',
      origin_url: ORIGIN,
      coupon_code: await makeCoupon(ctx(), 50, 'forever'),
    });
    expect(couponed.statusCode).toBe(409);
    expect(couponed.json().detail).toMatch(/^A coupon code is for a new subscription/);

    // Up: the prorated checkout of /billing, with the preview's figure.
    const preview = (await client.get('/api/subscription/change-plan?plan=enterprise')).json();
    const up = await client.postForm('/api/stripe/create-checkout', {
      plan: 'enterprise',
      origin_url: ORIGIN,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().checkout_url).toBe(up.json().url);
    const sessionId = checkoutSessionId(up);
    expect((await client.get(`/api/local-checkout/${sessionId}`)).json()).toMatchObject({
      amount: preview.amount_due,
      note: preview.message,
    });
    expect(preview.amount_due).toBe(466.67); // (999 - 299) x 20/30
    await pay(client, up);
    expect(await status(client)).toMatchObject({ plan: 'enterprise', scheduled_change: null });

    // Down: scheduled for the renewal, nothing charged; the answer sends the owner to /billing, which shows it.
    const down = await client.postForm('/api/stripe/create-checkout', { plan: 'basic', origin_url: ORIGIN });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toEqual({ checkout_url: `${ORIGIN}/billing`, url: `${ORIGIN}/billing` });
    const s = await status(client);
    expect(s).toMatchObject({ plan: 'enterprise', scheduled_change: { plan: 'basic' } });
    expect(await payments(ctx(), user.id)).toEqual([
      ['subscription', 'pro', 29900, 'paid'],
      ['upgrade', 'enterprise', 46667, 'paid'],
    ]);
    expect(await ctx().db.selectFrom('subscriptions').select('plan').execute()).toEqual([
      { plan: 'enterprise' },
    ]);

    // Set to cancel: resume first, as on /billing.
    await client.post('/api/subscription/change-plan/undo');
    await client.post('/api/subscription/cancel');
    const cancelled = await client.postForm('/api/stripe/create-checkout', {
      plan: 'pro',
      origin_url: ORIGIN,
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toBe(
      'Your subscription is set to cancel. Resume it before changing plan.',
    );
  });

  it('the trial and a missing subscription cannot change plan; unknown plans are refused', async () => {
    const { client } = await signUp(ctx().app);
    expect((await client.get('/api/subscription/change-plan?plan=pro')).statusCode).toBe(402);
    expect((await client.post('/api/subscription/cancel')).statusCode).toBe(409);
    await buyPlan(client, 'trial');
    const trial = await client.get('/api/subscription/change-plan?plan=pro');
    expect(trial.statusCode).toBe(409);
    expect(trial.json().detail).toMatch(/^During the 7-day trial, choose a plan on the pricing page/);
    expect((await client.get('/api/subscription/change-plan?plan=gold')).statusCode).toBe(400);
    expect((await client.get('/api/subscription/change-plan?plan=trial')).statusCode).toBe(400);
  });

  it('a second upgrade checkout, or one opened before a renewal, is closed unpaid: a stale figure is never charged', async () => {
    const { client, user } = await signUp(ctx().app);
    await buyPlan(client, 'basic');
    await advance(ctx(), 10 * DAY_MS);
    const first = await client.postForm('/api/subscription/change-plan', { plan: 'pro', origin_url: ORIGIN });
    await advance(ctx(), 60_000);
    const second = await client.postForm('/api/subscription/change-plan', {
      plan: 'pro',
      origin_url: ORIGIN,
    });
    await pay(client, first);
    const secondId = checkoutSessionId(second);
    const refused = await client.post(`/api/local-checkout/${secondId}/complete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Your plan changed since this checkout was opened, so nothing was charged. Please start again from Billing.',
    );
    expect((await client.get(`/api/local-checkout/${secondId}`)).json().status).toBe('expired');
    // 10 of 30 days gone: (299 - 99) x 2/3 = $133.33 and (650 - 200) x 2/3 = 300 minutes, once.
    expect(await payments(ctx(), user.id)).toEqual([
      ['subscription', 'basic', 9900, 'paid'],
      ['upgrade', 'pro', 13333, 'paid'],
      ['upgrade', 'pro', 13333, 'expired'],
    ]);
    expect((await status(client)).minutes.plan_minutes).toBe(500);

    // An Enterprise upgrade opened before the renewal cannot be paid after it.
    const stale = await client.postForm('/api/subscription/change-plan', {
      plan: 'enterprise',
      origin_url: ORIGIN,
    });
    await advance(ctx(), 21 * DAY_MS);
    await runBillingCycle(ctx().deps);
    const staleId = checkoutSessionId(stale);
    expect((await client.post(`/api/local-checkout/${staleId}/complete`)).statusCode).toBe(409);
    expect((await status(client)).minutes.plan_minutes).toBe(650);
  });
});
