import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.ts';
import { debitCallMinutes } from '../../entitlements/minutes.ts';
// Test only: checks the revocation against billing's own renewal rules (app code never imports features).
import { runBillingCycle } from '../billing/billing.service.ts';
import type { BlobStore } from '../../providers/blobs/blobs.ts';
import { createLocalTelephony, LOCAL_NUMBER_POOL } from '../../providers/telephony/local.ts';
import type { TelephonyProvider } from '../../providers/telephony/telephony.ts';
import { ProviderError } from '../../lib/errors.ts';
import {
  databaseTargets,
  signInAdmin,
  signUp,
  TestClient,
  useTestApp,
  type TestContext,
} from '../../test/harness.ts';
import { seedAgentConfig, seedSubscription } from '../../test/seed.ts';

/** What the fakes saw: numbers given back, files deleted, provider subscriptions cancelled. */
interface ProviderLog {
  released: string[];
  deletedBlobs: string[];
  cancelled: string[];
  failRelease: boolean;
  failCancel: boolean;
}
let providerLog: ProviderLog;

function memoryBlobs(): BlobStore & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    kind: 'local',
    files,
    async put(key, data) {
      files.set(key, data);
    },
    async get(key) {
      const data = files.get(key);
      if (!data) throw new Error('missing');
      return data;
    },
    async delete(key) {
      providerLog.deletedBlobs.push(key);
      files.delete(key);
    },
  };
}

async function subscribe(
  ctx: TestContext,
  userId: string,
  options: {
    discountPercent?: number;
    discountType?: string;
    coupon?: string;
    providerSubscriptionId?: string;
  } = {},
) {
  const now = ctx.clock.now();
  const percent = options.discountPercent ?? 0;
  const subscriptionId = await seedSubscription(ctx.db, userId, {
    now,
    plan: 'pro',
    values: {
      amount_cents: Math.round(29900 * (1 - percent / 100)),
      discount_percent: percent,
      discount_type: percent ? (options.discountType ?? 'forever') : null,
      discount_source: percent ? (options.coupon ?? 'SAVE50') : null,
      provider: options.providerSubscriptionId ? 'stripe' : 'local',
      provider_subscription_id: options.providerSubscriptionId ?? null,
    },
  });
  if (percent) {
    await ctx.db
      .insertInto('discount_history')
      .values({
        user_id: userId,
        action: 'applied',
        discount_percent: percent,
        discount_type: options.discountType ?? 'forever',
        discount_source: options.coupon ?? 'SAVE50',
        created_at: now,
      })
      .execute();
  }
  return subscriptionId;
}

/** An activated agent on a number rented from the (local) telephony provider. */
async function addAgent(ctx: TestContext, userId: string, phoneNumber = LOCAL_NUMBER_POOL[42]!) {
  const rented = await ctx.deps.providers.telephony.rentNumber({
    phoneNumber,
    voiceUrl: 'http://localhost/voice',
    statusCallbackUrl: 'http://localhost/status',
  });
  await seedAgentConfig(ctx.db, {
    user_id: userId,
    contact_email: 'desk@acme.example',
    twilio_phone_number: phoneNumber,
    phone_provider_id: rented.providerId,
    voice_id: 'en-us-1',
    status: 'active',
  });
}

async function addDocument(ctx: TestContext, userId: string, name: string) {
  const key = `documents/${userId}/${crypto.randomUUID()}`;
  await ctx.deps.providers.blobs.put(key, Buffer.from('Opening hours: 9 to 5'));
  const doc = await ctx.db
    .insertInto('documents')
    .values({ user_id: userId, name, blob_key: key, kind: 'txt', size_bytes: 21 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('passages')
    .values({
      document_id: doc.id,
      user_id: userId,
      ord: 0,
      heading: null,
      page: null,
      text: 'Opening hours: 9 to 5',
    })
    .execute();
  return key;
}

async function addCall(ctx: TestContext, userId: string, minutesAgo: number, durationS = 90) {
  const startedAt = new Date(ctx.clock.now().getTime() - minutesAgo * 60_000);
  return ctx.db
    .insertInto('calls')
    .values({
      user_id: userId,
      provider: 'local',
      phone_number: `+1202555${String(1000 + minutesAgo).slice(-4)}`,
      started_at: startedAt,
      duration_s: durationS,
      transcript: JSON.stringify([]),
      turn_latencies_ms: JSON.stringify([]),
      handoff: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const agentStatus = async (ctx: TestContext, userId: string) =>
  (await ctx.db.selectFrom('agent_configs').select('status').where('user_id', '=', userId).executeTakeFirst())
    ?.status;

/**
 * Runs an admin operation and the billing cycle's renewal of the same subscription side by side. On PostgreSQL
 * it forces the interleaving that deadlocks when the operation takes the subscription's row before the account's:
 * a third transaction holds the subscription while the operation, then the renewal (which locks the account
 * first), queue for it. PGlite runs one transaction at a time, so there the two only run side by side.
 */
async function raceWithRenewal<T>(
  ctx: TestContext,
  target: string,
  subscriptionId: string,
  operation: () => Promise<T>,
): Promise<[PromiseSettledResult<T>, PromiseSettledResult<{ renewed: number; ended: number }>]> {
  let release = () => {};
  let holder: Promise<void> | undefined;
  if (target === 'postgres') {
    await new Promise<void>((held) => {
      holder = ctx.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('subscriptions')
          .select('id')
          .where('id', '=', subscriptionId)
          .forUpdate()
          .execute();
        held();
        await new Promise<void>((done) => (release = done));
      });
    });
  }
  const waitingForLocks = async (count: number) => {
    if (target !== 'postgres') return;
    for (let i = 0; i < 500; i += 1) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.db);
      if (rows[0]!.n >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`never saw ${count} transactions waiting for a lock`);
  };
  const operated = operation();
  await waitingForLocks(1);
  const renewed = runBillingCycle(ctx.deps);
  await waitingForLocks(2);
  release();
  await holder;
  return Promise.allSettled([operated, renewed]);
}

describe.each(databaseTargets())('admin console (%s)', (target) => {
  const ctx = useTestApp(target, {
    providers: ({ db, clock }) => {
      providerLog = { released: [], deletedBlobs: [], cancelled: [], failRelease: false, failCancel: false };
      const local = createLocalTelephony({ db, clock });
      const telephony: TelephonyProvider = {
        ...local,
        kind: 'local',
        async releaseNumber(number) {
          if (providerLog.failRelease) throw new ProviderError('twilio', 'down', true);
          providerLog.released.push(number.phoneNumber);
          await local.releaseNumber(number);
        },
      };
      return {
        telephony,
        blobs: memoryBlobs(),
        payments: {
          kind: 'local',
          createCheckout: () => Promise.reject(new Error('unused')),
          getCheckout: () => Promise.reject(new Error('unused')),
          refundCheckout: () => Promise.reject(new Error('unused')),
          parseWebhook: () => {
            throw new Error('unused');
          },
          async cancelSubscription(id: string) {
            if (providerLog.failCancel) throw new ProviderError('stripe', 'down', true);
            providerLog.cancelled.push(id);
          },
          async removeSubscriptionDiscount() {
            // Local subscriptions carry their price in our table; nothing to do at the provider.
          },
          changeSubscriptionPrice: () => Promise.reject(new Error('unused')),
          setCancelAtPeriodEnd: () => Promise.reject(new Error('unused')),
          createPortalSession: () => Promise.resolve(null),
          receiptUrl: () => Promise.resolve(null),
        },
      };
    },
  });

  const someId = '00000000-0000-4000-8000-000000000000';
  const adminRoutes: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: Record<string, string> }[] =
    [
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: `/api/admin/users/${someId}` },
      { method: 'GET', url: `/api/admin/discount-history/${someId}` },
      { method: 'GET', url: `/api/admin/gift-history/${someId}` },
      { method: 'GET', url: '/api/admin/outbox' },
      { method: 'POST', url: '/api/admin/gift-minutes', payload: { user_id: someId, minutes: '10' } },
      {
        method: 'POST',
        url: '/api/admin/revoke-discount',
        payload: { user_id: someId, action: 'finish_period' },
      },
      { method: 'DELETE', url: `/api/admin/users/${someId}/phone` },
      { method: 'DELETE', url: `/api/admin/users/${someId}` },
      // malformed input must not reveal anything either: the role is checked before validation
      { method: 'GET', url: '/api/admin/users/not-a-uuid' },
      { method: 'POST', url: '/api/admin/gift-minutes', payload: { minutes: 'ten' } },
    ];

  it('answers 401 to a visitor and 403 to a signed-in customer on every admin route', async () => {
    const visitor = new TestClient(ctx().app);
    const { client: customer } = await signUp(ctx().app);
    for (const route of adminRoutes) {
      const form = route.payload ? new URLSearchParams(route.payload).toString() : undefined;
      const headers = form ? { 'content-type': 'application/x-www-form-urlencoded' } : undefined;
      const anonymous = await visitor.request({
        method: route.method,
        url: route.url,
        payload: form,
        headers,
      });
      expect(anonymous.statusCode, `${route.method} ${route.url} (visitor)`).toBe(401);
      const refused = await customer.request({
        method: route.method,
        url: route.url,
        payload: form,
        headers,
      });
      expect(refused.statusCode, `${route.method} ${route.url} (customer)`).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Admin privileges required' });
    }
  });

  it('lists users with their discount and shows one user in detail', async () => {
    const admin = await signInAdmin(ctx());
    const { user: dana } = await signUp(ctx().app, { email: 'dana@bakery.example', name: 'Dana' });
    const { user: eli } = await signUp(ctx().app, { email: 'eli@garage.example', name: 'Eli' });
    await subscribe(ctx(), dana.id, { discountPercent: 50, discountType: 'first_month', coupon: 'HALF1' });
    await addAgent(ctx(), dana.id);
    await addDocument(ctx(), dana.id, 'menu.txt');
    await addDocument(ctx(), dana.id, 'faq.txt');
    const older = await addCall(ctx(), dana.id, 60, 125);
    await addCall(ctx(), dana.id, 5, 30);
    await debitCallMinutes(ctx().db, {
      userId: dana.id,
      callId: older.id,
      minutes: 3,
      now: ctx().clock.now(),
    });

    const list = await admin.get('/api/admin/users');
    expect(list.statusCode).toBe(200);
    const users = list.json().users as { id: string; email: string; discount_percent: number }[];
    expect(users).toHaveLength(3);
    expect(users.find((u) => u.id === dana.id)).toMatchObject({
      name: 'Dana',
      email: 'dana@bakery.example',
      picture: null,
      discount_percent: 50,
    });
    expect(users.find((u) => u.id === eli.id)?.discount_percent).toBe(0);

    const detail = await admin.get(`/api/admin/users/${dana.id}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.user).toMatchObject({
      id: dana.id,
      email: 'dana@bakery.example',
      auth_method: 'email',
      google_id: null,
    });
    expect(body.subscription).toMatchObject({
      plan: 'pro',
      amount: 149.5,
      status: 'active',
      minutes_used: 3,
      minutes_limit: 650,
      minutes_remaining: 647,
      discount_percent: 50,
      discount_type: 'first_month',
      discount_source: 'HALF1',
    });
    expect(body.agent_config).toMatchObject({
      company_name: 'Acme Plumbing',
      contact_email: 'desk@acme.example',
      twilio_phone_number: LOCAL_NUMBER_POOL[42],
      document_count: 2,
    });
    expect(body.recent_calls).toHaveLength(2);
    expect(body.recent_calls[0].created_at > body.recent_calls[1].created_at).toBe(true);
    expect(Object.keys(body.recent_calls[0])).toEqual(expect.arrayContaining(['phone_number', 'created_at']));

    const plain = (await admin.get(`/api/admin/users/${eli.id}`)).json();
    expect(plain.subscription).toBeNull();
    expect(plain.agent_config).toBeNull();
    expect(plain.recent_calls).toEqual([]);
  });

  it('says which users signed in with Google', async () => {
    const admin = await signInAdmin(ctx());
    const { user } = await signUp(ctx().app);
    await ctx().db.updateTable('users').set({ google_sub: 'google-123' }).where('id', '=', user.id).execute();
    const body = (await admin.get(`/api/admin/users/${user.id}`)).json();
    expect(body.user).toMatchObject({ auth_method: 'google', google_id: 'google-123' });
  });

  it('answers 404 for an unknown user and 422 for a malformed id, never 500', async () => {
    const admin = await signInAdmin(ctx());
    for (const path of ['users', 'discount-history', 'gift-history']) {
      const unknown = await admin.get(`/api/admin/${path}/${someId}`);
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'User not found' });
      for (const bad of ['123', 'not-a-uuid', "1'%20or%20'1'='1"]) {
        const malformed = await admin.get(`/api/admin/${path}/${bad}`);
        expect(malformed.statusCode, `${path}/${bad}`).toBe(422);
      }
    }
    expect((await admin.delete(`/api/admin/users/${someId}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/users/nope`)).statusCode).toBe(422);
    expect((await admin.delete(`/api/admin/users/${someId}/phone`)).statusCode).toBe(404);
    const gift = await admin.post('/api/admin/gift-minutes', { user_id: someId, minutes: '5' });
    expect(gift.statusCode).toBe(404);
  });

  it('accepts gifts of a whole 1 to 10,000 minutes only', async () => {
    const admin = await signInAdmin(ctx());
    const { user } = await signUp(ctx().app);
    const cases: [string, number, string | null][] = [
      ['0', 422, 'Please enter a valid number of minutes'],
      ['2.5', 422, 'Please enter a valid number of minutes'],
      ['ten', 422, 'Please enter a valid number of minutes'],
      ['-5', 422, 'Please enter a valid number of minutes'],
      ['', 422, 'Please enter a valid number of minutes'],
      ['10001', 422, 'Cannot gift more than 10,000 minutes at once'],
      ['1', 200, null],
      ['10000', 200, null],
    ];
    for (const [minutes, status, detail] of cases) {
      const form = new URLSearchParams({ user_id: user.id, minutes }).toString();
      const response = await admin.request({
        method: 'POST',
        url: '/api/admin/gift-minutes',
        payload: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode, `minutes=${minutes}`).toBe(status);
      if (detail) expect(response.json()).toEqual({ detail });
    }
    const gifts = (await admin.get(`/api/admin/gift-history/${user.id}`)).json().gifts;
    expect(gifts.map((g: { minutes: number }) => g.minutes).sort()).toEqual([1, 10000]);
  });

  it('gifts minutes into the never-expiring balance, records who gave them, and restarts a stopped agent', async () => {
    const admin = await signInAdmin(ctx());
    const { user } = await signUp(ctx().app);
    await subscribe(ctx(), user.id);
    await addAgent(ctx(), user.id);
    const call = await addCall(ctx(), user.id, 1);
    // The whole plan is spent: the agent stops at its limit.
    await debitCallMinutes(ctx().db, {
      userId: user.id,
      callId: call.id,
      minutes: 650,
      now: ctx().clock.now(),
    });
    expect(await agentStatus(ctx(), user.id)).toBe('inactive');

    const response = await admin.post('/api/admin/gift-minutes', {
      user_id: user.id,
      minutes: 100,
      note: '   sorry about the outage  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/100 minutes/);
    expect(await agentStatus(ctx(), user.id)).toBe('active');

    const detail = (await admin.get(`/api/admin/users/${user.id}`)).json();
    expect(detail.subscription).toMatchObject({
      minutes_limit: 750,
      minutes_used: 650,
      minutes_remaining: 100,
    });
    const gifts = (await admin.get(`/api/admin/gift-history/${user.id}`)).json().gifts;
    expect(gifts).toEqual([
      {
        id: expect.any(String),
        minutes: 100,
        gifted_by_email: 'admin@example.com',
        note: 'sorry about the outage',
        created_at: ctx().clock.now().toISOString(),
      },
    ]);
    const ledger = await ctx()
      .db.selectFrom('minute_ledger')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('source', '=', 'gift')
      .execute();
    expect(ledger).toMatchObject([{ entry: 'grant', bucket: 'extra', minutes: 100 }]);

    // Gifts never expire: a year later, without any subscription, the 100 minutes are still there.
    ctx().clock.advance(365 * DAY_MS);
    const adminAgain = await signInAdmin(ctx());
    const later = (await adminAgain.get(`/api/admin/users/${user.id}`)).json();
    expect(later.extra_minutes).toBe(100);
  });

  it('revokes a discount at once: the subscription ends, the agent stops, the provider stops charging', async () => {
    const admin = await signInAdmin(ctx());
    const { user, client } = await signUp(ctx().app);
    await subscribe(ctx(), user.id, {
      discountPercent: 100,
      providerSubscriptionId: 'sub_123',
      coupon: 'FREE',
    });
    await addAgent(ctx(), user.id);
    expect(await agentStatus(ctx(), user.id)).toBe('active');
    ctx().clock.advance(DAY_MS);

    const response = await admin.post('/api/admin/revoke-discount', {
      user_id: user.id,
      action: 'cancel_immediately',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBeTruthy();
    expect(providerLog.cancelled).toEqual(['sub_123']);
    expect(await agentStatus(ctx(), user.id)).toBe('inactive');

    const sub = await ctx()
      .db.selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('canceled');
    expect(sub.ended_at?.toISOString()).toBe(ctx().clock.now().toISOString());
    const detail = (await admin.get(`/api/admin/users/${user.id}`)).json();
    expect(detail.subscription).toBeNull();
    expect(
      (await admin.get('/api/admin/users')).json().users.find((u: { id: string }) => u.id === user.id),
    ).toMatchObject({ discount_percent: 0 });

    const history = (await admin.get(`/api/admin/discount-history/${user.id}`)).json().history;
    expect(history[0]).toMatchObject({
      action: 'revoked',
      discount_percent: 100,
      discount_type: 'forever',
      discount_source: 'FREE',
      revoked_by: 'admin@example.com',
      revoke_reason: 'cancel_immediately',
    });
    expect(history[1]).toMatchObject({ action: 'applied', revoked_by: null, revoke_reason: null });

    // Nothing left to revoke; the user is untouched by a second attempt.
    const again = await admin.post('/api/admin/revoke-discount', {
      user_id: user.id,
      action: 'finish_period',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This user has no active discount' });
    // The customer cannot see or do any of this.
    expect((await client.get(`/api/admin/discount-history/${user.id}`)).statusCode).toBe(403);
  });

  it('revokes a discount at the end of the period: the paid period runs on, renewals cost the full price', async () => {
    const admin = await signInAdmin(ctx());
    const { user } = await signUp(ctx().app);
    await subscribe(ctx(), user.id, { discountPercent: 50, discountType: 'forever', coupon: 'HALF' });
    await addAgent(ctx(), user.id);
    ctx().clock.advance(DAY_MS);

    const response = await admin.post('/api/admin/revoke-discount', {
      user_id: user.id,
      action: 'finish_period',
    });
    expect(response.statusCode).toBe(200);
    expect(providerLog.cancelled).toEqual([]);
    expect(await agentStatus(ctx(), user.id)).toBe('active');

    const sub = await ctx()
      .db.selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({
      status: 'active',
      ended_at: null,
      discount_percent: 0,
      discount_type: null,
      discount_source: null,
      amount_cents: 29900,
      base_amount_cents: 29900,
    });
    const detail = (await admin.get(`/api/admin/users/${user.id}`)).json();
    expect(detail.subscription).toMatchObject({
      plan: 'pro',
      amount: 299,
      status: 'active',
      discount_percent: 0,
    });
    const history = (await admin.get(`/api/admin/discount-history/${user.id}`)).json().history;
    expect(history[0]).toMatchObject({
      action: 'revoked',
      discount_percent: 50,
      discount_source: 'HALF',
      revoked_by: 'admin@example.com',
      revoke_reason: 'finish_period',
    });
  });

  it("agrees with billing's renewals: after finish_period the next period is charged in full", async () => {
    const admin = await signInAdmin(ctx());
    const { user: paying } = await signUp(ctx().app);
    const { user: free } = await signUp(ctx().app);
    await subscribe(ctx(), paying.id, { discountPercent: 50, discountType: 'forever', coupon: 'HALF' });
    const freeSub = await subscribe(ctx(), free.id, {
      discountPercent: 100,
      discountType: 'forever',
      coupon: 'ALL',
    });
    await ctx().db.updateTable('subscriptions').set({ provider: 'free' }).where('id', '=', freeSub).execute();
    for (const userId of [paying.id, free.id]) {
      const response = await admin.post('/api/admin/revoke-discount', {
        user_id: userId,
        action: 'finish_period',
      });
      expect(response.statusCode).toBe(200);
    }

    ctx().clock.advance(31 * DAY_MS);
    await runBillingCycle(ctx().deps);
    const subs = await ctx().db.selectFrom('subscriptions').selectAll().execute();
    // The paying customer renews at the full Pro price...
    expect(subs.find((s) => s.user_id === paying.id)).toMatchObject({
      status: 'active',
      ended_at: null,
      amount_cents: 29900,
      discount_percent: 0,
    });
    const renewal = await ctx()
      .db.selectFrom('payments')
      .selectAll()
      .where('user_id', '=', paying.id)
      .where('kind', '=', 'renewal')
      .executeTakeFirstOrThrow();
    expect(renewal.amount_cents).toBe(29900);
    // ...and the one who never paid (100% coupon) ends: they must subscribe again at full price.
    expect(subs.find((s) => s.user_id === free.id)?.ended_at).not.toBeNull();
  });

  it('revokes a discount while the billing cycle renews the same subscription: both finish, no deadlock', async () => {
    const { user } = await signUp(ctx().app);
    const subscriptionId = await subscribe(ctx(), user.id, {
      discountPercent: 50,
      discountType: 'forever',
      coupon: 'HALF',
    });
    ctx().clock.advance(31 * DAY_MS);
    const admin = await signInAdmin(ctx());

    const [response, cycle] = await raceWithRenewal(ctx(), target, subscriptionId, () =>
      admin.post('/api/admin/revoke-discount', { user_id: user.id, action: 'finish_period' }),
    );
    expect(cycle).toEqual({ status: 'fulfilled', value: { renewed: 1, ended: 0 } });
    expect(response.status === 'fulfilled' && response.value.statusCode).toBe(200);
    const sub = await ctx()
      .db.selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: 'active', ended_at: null, discount_percent: 0 });
    const history = (await admin.get(`/api/admin/discount-history/${user.id}`)).json().history;
    expect(history[0]).toMatchObject({ action: 'revoked', revoke_reason: 'finish_period' });
  });

  it('changes nothing when the payment provider cannot cancel (502)', async () => {
    const admin = await signInAdmin(ctx());
    const { user } = await signUp(ctx().app);
    await subscribe(ctx(), user.id, { discountPercent: 25, providerSubscriptionId: 'sub_9' });
    providerLog.failCancel = true;
    const response = await admin.post('/api/admin/revoke-discount', {
      user_id: user.id,
      action: 'cancel_immediately',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/could not cancel the subscription/);
    const detail = (await admin.get(`/api/admin/users/${user.id}`)).json();
    expect(detail.subscription).toMatchObject({ status: 'active', discount_percent: 25 });
    expect((await admin.get(`/api/admin/discount-history/${user.id}`)).json().history).toHaveLength(1);
  });

  it('refuses an unknown revoke action with 422', async () => {
    const admin = await signInAdmin(ctx());
    const { user } = await signUp(ctx().app);
    const response = await admin.post('/api/admin/revoke-discount', { user_id: user.id, action: 'later' });
    expect(response.statusCode).toBe(422);
  });

  it("deletes a user's phone number: released to the provider, configuration removed", async () => {
    const admin = await signInAdmin(ctx());
    const { user } = await signUp(ctx().app);
    await addAgent(ctx(), user.id, LOCAL_NUMBER_POOL[77]);

    const response = await admin.delete(`/api/admin/users/${user.id}/phone`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Phone number deleted successfully');
    expect(providerLog.released).toEqual([LOCAL_NUMBER_POOL[77]]);
    expect(
      await ctx().db.selectFrom('agent_configs').selectAll().where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    const rented = await ctx().db.selectFrom('local_phone_numbers').selectAll().execute();
    expect(rented).toEqual([]);

    const again = await admin.delete(`/api/admin/users/${user.id}/phone`);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toContain('No configuration found');
  });

  it('keeps the configuration when the provider cannot release the number', async () => {
    const admin = await signInAdmin(ctx());
    const { user } = await signUp(ctx().app);
    await addAgent(ctx(), user.id);
    providerLog.failRelease = true;
    const response = await admin.delete(`/api/admin/users/${user.id}/phone`);
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/could not release the phone number/);
    // The configuration and its number stay, so the admin can retry.
    expect(await agentStatus(ctx(), user.id)).toBeDefined();
    // Deleting the whole account stops at the same point and keeps everything.
    expect((await admin.delete(`/api/admin/users/${user.id}`)).statusCode).toBe(502);
    expect((await admin.get(`/api/admin/users/${user.id}`)).json().agent_config).not.toBeNull();
  });

  it('deletes a user while the billing cycle renews their subscription: both finish, no deadlock', async () => {
    const { user } = await signUp(ctx().app);
    const subscriptionId = await subscribe(ctx(), user.id);
    ctx().clock.advance(31 * DAY_MS);
    const admin = await signInAdmin(ctx());

    const [response, cycle] = await raceWithRenewal(ctx(), target, subscriptionId, () =>
      admin.delete(`/api/admin/users/${user.id}`),
    );
    expect(cycle.status).toBe('fulfilled');
    expect(response.status === 'fulfilled' && response.value.statusCode).toBe(200);
    expect(await ctx().db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([]);
    expect(
      await ctx().db.selectFrom('subscriptions').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('deletes a user and every row of theirs, keeps payments detached, and releases their number', async () => {
    const admin = await signInAdmin(ctx());
    const { user, client } = await signUp(ctx().app, { email: 'gone@example.com' });
    const { user: other } = await signUp(ctx().app, { email: 'stays@example.com' });
    const now = ctx().clock.now();
    const subscriptionId = await subscribe(ctx(), user.id, {
      discountPercent: 25,
      providerSubscriptionId: 'sub_gone',
    });
    await subscribe(ctx(), other.id);
    await addAgent(ctx(), user.id, LOCAL_NUMBER_POOL[55]);
    const blobKey = await addDocument(ctx(), user.id, 'manual.txt');
    const otherBlob = await addDocument(ctx(), other.id, 'other.txt');
    const call = await addCall(ctx(), user.id, 3);
    await debitCallMinutes(ctx().db, { userId: user.id, callId: call.id, minutes: 2, now });
    expect(
      (await admin.post('/api/admin/gift-minutes', { user_id: user.id, minutes: '30' })).statusCode,
    ).toBe(200);
    await ctx()
      .db.insertInto('sign_in_codes')
      .values({ code_hash: 'abc', user_id: user.id, expires_at: new Date(now.getTime() + 60_000) })
      .execute();
    await ctx()
      .db.insertInto('payments')
      .values({
        user_id: user.id,
        provider: 'local',
        provider_session_id: 'cs_1',
        kind: 'subscription',
        plan: 'pro',
        amount_cents: 22425,
        status: 'paid',
      })
      .execute();
    await ctx()
      .db.insertInto('local_checkouts')
      .values({
        id: 'lc_1',
        user_id: user.id,
        description: 'Pro plan',
        amount_cents: 22425,
        base_amount_cents: 29900,
        success_url: 'http://localhost/ok',
        cancel_url: 'http://localhost/no',
        status: 'complete',
        metadata: JSON.stringify({}),
        expires_at: new Date(now.getTime() + DAY_MS),
      })
      .execute();
    await ctx()
      .db.insertInto('coupons')
      .values({
        code: 'QUARTER',
        discount_percent: 25,
        discount_type: 'forever',
        used: true,
        used_by: user.id,
      })
      .execute();
    await ctx()
      .db.insertInto('emails')
      .values({
        dedupe_key: 'alert-1',
        to_address: 'desk@acme.example',
        subject: 'Call escalated',
        text_body: 'transcript...',
        status: 'outbox',
      })
      .execute();

    const response = await admin.delete(`/api/admin/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User deleted successfully' });

    const db = ctx().db;
    const count = async (table: string, column = 'user_id', id = user.id) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${id}`.execute(db)
        ).rows[0]!.n,
      );
    for (const table of [
      'sessions',
      'sign_in_codes',
      'subscriptions',
      'minute_ledger',
      'minute_gifts',
      'discount_history',
      'agent_configs',
      'documents',
      'passages',
      'calls',
      'local_checkouts',
      'payments',
    ]) {
      expect(await count(table), table).toBe(0);
    }
    expect(await count('users', 'id')).toBe(0);
    expect(await count('coupons', 'used_by')).toBe(0);
    // Every table with a user_id column, including ones added later, has nothing left of them.
    const userColumns = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'user_id'`.execute(db);
    for (const { table_name } of userColumns.rows) expect(await count(table_name), table_name).toBe(0);

    const payment = await db
      .selectFrom('payments')
      .selectAll()
      .where('provider_session_id', '=', 'cs_1')
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ user_id: null, amount_cents: 22425, status: 'paid' });
    const coupon = await db
      .selectFrom('coupons')
      .selectAll()
      .where('code', '=', 'QUARTER')
      .executeTakeFirstOrThrow();
    expect(coupon).toMatchObject({ used: true, used_by: null });
    expect(await db.selectFrom('emails').selectAll().execute()).toEqual([]);

    expect(providerLog.released).toEqual([LOCAL_NUMBER_POOL[55]]);
    expect(await db.selectFrom('local_phone_numbers').selectAll().execute()).toEqual([]);
    expect(providerLog.cancelled).toEqual(['sub_gone']);
    expect(providerLog.deletedBlobs).toEqual([blobKey]);
    expect(subscriptionId).toBeTruthy();

    // Their session is dead; the other account is untouched.
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect(await count('subscriptions', 'user_id', other.id)).toBe(1);
    expect(await count('documents', 'user_id', other.id)).toBe(1);
    expect(await ctx().deps.providers.blobs.get(otherBlob)).toBeTruthy();
    expect((await admin.get(`/api/admin/users/${user.id}`)).statusCode).toBe(404);
  });

  it('does not let the admin delete their own account', async () => {
    const admin = await signInAdmin(ctx());
    const me = (await admin.get('/api/auth/me')).json();
    const response = await admin.delete(`/api/admin/users/${me.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'You cannot delete your own admin account' });
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('shows the email outbox to the admin', async () => {
    const admin = await signInAdmin(ctx());
    await ctx()
      .db.insertInto('emails')
      .values([
        {
          dedupe_key: 'a',
          to_address: 'owner@shop.example',
          subject: 'Caller asked for a person',
          text_body: 'Caller: can I talk to someone?',
          status: 'outbox',
          created_at: new Date('2026-11-22T10:00:00Z'),
        },
        {
          dedupe_key: 'b',
          to_address: 'second@shop.example',
          subject: 'Newer',
          text_body: 'Body',
          status: 'sent',
          created_at: new Date('2026-11-22T11:00:00Z'),
        },
      ])
      .execute();
    const response = await admin.get('/api/admin/outbox');
    expect(response.statusCode).toBe(200);
    const { emails, smtp_configured } = response.json();
    expect(smtp_configured).toBe(false);
    expect(emails).toHaveLength(2);
    expect(emails[0]).toMatchObject({ to: 'second@shop.example', subject: 'Newer', status: 'sent' });
    expect(emails[1]).toMatchObject({
      to: 'owner@shop.example',
      subject: 'Caller asked for a person',
      text: 'Caller: can I talk to someone?',
      status: 'outbox',
      created_at: '2026-11-22T10:00:00.000Z',
    });
  });
});
