import { describe, expect, it } from 'vitest';
import { debitCallMinutes } from '../../entitlements/minutes.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { databaseTargets, signUp, TestClient, useTestApp, type TestContext } from '../../test/harness.ts';
import { runBillingCycle } from './billing.service.ts';

const ORIGIN = 'http://localhost:3000';

async function status(client: TestClient) {
  const response = await client.get('/api/subscription/status');
  expect(response.statusCode).toBe(200);
  return response.json().subscription;
}

/** Pays a local checkout page that `created` points to. */
async function pay(client: TestClient, created: { statusCode: number; body: string; json: () => any }) {
  expect(created.statusCode, created.body).toBe(200);
  const url = new URL(created.json().url);
  expect(url.pathname).toMatch(/^\/local-checkout\/lcs_/);
  const sessionId = decodeURIComponent(url.pathname.split('/').pop()!);
  const paid = await client.post(`/api/local-checkout/${sessionId}/complete`);
  expect(paid.statusCode, paid.body).toBe(200);
  return sessionId;
}

const buyPlan = async (client: TestClient, plan: string) =>
  pay(client, await client.postForm('/api/stripe/create-checkout', { plan, origin_url: ORIGIN }));
const buyPack = async (client: TestClient, minutes: number) =>
  pay(client, await client.postForm('/api/purchase-minutes', { minutes, origin_url: ORIGIN }));

async function advance(ctx: TestContext, ms: number) {
  ctx.clock.advance(ms);
  await ctx.db
    .updateTable('sessions')
    .set({ expires_at: new Date(ctx.clock.now().getTime() + 7 * DAY_MS) })
    .execute();
}

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
});
