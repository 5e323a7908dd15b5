import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.ts';
import { createTwilioTelephony } from '../../providers/telephony/twilio.ts';
import { startFakeTwilio, type FakeTwilio } from '../../providers/telephony/twilio-fake.ts';
import {
  databaseTargets,
  signInAdmin,
  signUp,
  useTestApp,
  type TestClient,
  type TestContext,
} from '../../test/harness.ts';
import { runBillingCycle } from '../billing/billing.service.ts';
import { payLocalCheckout } from '../billing/billing-test-helpers.ts';
import { CONFIG_FIELDS, postMultipart } from '../knowledge/knowledge-test-helpers.ts';
import { releaseNumbersAfterGrace, retryNumberReleases } from './agents.service.ts';

/**
 * A cancelled subscription's number is kept for 30 days after the paid period ends, then released at the telephony
 * provider by a background sweep, once (ADR 020 addendum "Grace period for numbers"). The clock is the test's.
 */

const MINUTE = 60_000;

/** Moves business time; sessions (7 days) are stretched so the same clients stay signed in. */
async function advanceTo(ctx: TestContext, when: Date) {
  ctx.clock.set(when);
  await ctx.db
    .updateTable('sessions')
    .set({ expires_at: new Date(ctx.clock.now().getTime() + 7 * DAY_MS) })
    .execute();
}

/** Buys a plan (Basic unless told) through the local checkout (create, Pay). */
async function buyBasic(ctx: TestContext, client: TestClient, plan = 'basic') {
  const created = await client.postForm('/api/stripe/create-checkout', {
    plan,
    origin_url: ctx.env.PUBLIC_BASE_URL!,
  });
  await payLocalCheckout(client, created);
}

async function configure(client: TestClient, number: string, fields: Record<string, string> = {}) {
  const response = await postMultipart(client, '/api/agent/configure', {
    ...CONFIG_FIELDS,
    ...fields,
    twilio_phone_number: number,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function agentConfig(client: TestClient) {
  const response = await client.get('/api/agent/config');
  expect(response.statusCode).toBe(200);
  return response.json().config;
}

async function subscriptionStatus(client: TestClient) {
  const response = await client.get('/api/subscription/status');
  expect(response.statusCode).toBe(200);
  return response.json();
}

/**
 * An owner on Basic (or `plan`) with an agent on `number` (and one more agent on each of `more`, ADR 044) who
 * cancels: the period ends, the billing cycle ends the subscription. Returns the period end, the day the grace
 * period began.
 */
async function cancelledOwner(ctx: TestContext, number: string, plan = 'basic', more: string[] = []) {
  const { client, user } = await signUp(ctx.app);
  await buyBasic(ctx, client, plan);
  await configure(client, number);
  for (const [i, other] of more.entries()) {
    ctx.clock.advance(1000); // each number created at its own time: listed oldest first
    const added = await postMultipart(client, '/api/agents', {
      company_name: `Harbor Shop ${i + 2}`,
      contact_email: 'owner@harbor.example',
      twilio_phone_number: other,
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const cancelled = await client.post('/api/subscription/cancel');
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const periodEnd = new Date(cancelled.json().ends_at);
  expect(cancelled.json().numbers_kept_until).toBe(new Date(periodEnd.getTime() + 30 * DAY_MS).toISOString());
  await advanceTo(ctx, new Date(periodEnd.getTime() + MINUTE));
  expect((await runBillingCycle(ctx.deps)).ended).toBe(1);
  return { client, userId: user.id, periodEnd, releaseAt: new Date(periodEnd.getTime() + 30 * DAY_MS) };
}

/** Counts the releases that reach the provider. */
function countReleases(ctx: TestContext) {
  const telephony = ctx.deps.providers.telephony;
  const release = telephony.releaseNumber.bind(telephony);
  const released: string[] = [];
  let failing = false;
  telephony.releaseNumber = async (number) => {
    if (failing) throw new Error('provider unavailable');
    released.push(number.phoneNumber);
    return release(number);
  };
  return {
    released,
    fail: (on: boolean) => {
      failing = on;
    },
  };
}

const rentedLocally = async (ctx: TestContext) =>
  (await ctx.db.selectFrom('local_phone_numbers').select('phone_number').execute()).map(
    (r) => r.phone_number,
  );

describe.each(databaseTargets())(
  'numbers after a cancelled subscription, local phone network (%s)',
  (target) => {
    const ctx = useTestApp(target);

    it('keeps the number 30 days after the end, says until when, releases it after day 30 and says so', async () => {
      const c = ctx();
      const releases = countReleases(c);
      const owner = await cancelledOwner(c, '+15550100130');

      // In the grace period: inactive, the number still rented, and both pages can say when it goes.
      const hold = {
        agent_id: (await agentConfig(owner.client)).id,
        phone_number: '+15550100130',
        subscription_ended_at: owner.periodEnd.toISOString(),
        release_at: owner.releaseAt.toISOString(),
        released_at: null,
      };
      expect(await subscriptionStatus(owner.client)).toEqual({
        has_subscription: false,
        subscription: null,
        number_hold: hold,
        number_holds: [hold],
      });
      const { phone_number: _, agent_id: __, ...agentHold } = hold;
      expect(await agentConfig(owner.client)).toMatchObject({ status: 'inactive', number_hold: agentHold });

      await advanceTo(c, new Date(owner.releaseAt.getTime() - MINUTE));
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(0);
      expect(releases.released).toEqual([]);
      expect(await rentedLocally(c)).toEqual(['+15550100130']);

      await advanceTo(c, new Date(owner.releaseAt.getTime() + MINUTE));
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(1);
      expect(releases.released).toEqual(['+15550100130']);
      expect(await rentedLocally(c)).toEqual([]);
      expect(await c.db.selectFrom('pending_number_releases').selectAll().execute()).toEqual([]);
      const released = { ...hold, released_at: c.clock.now().toISOString() };
      expect((await subscriptionStatus(owner.client)).number_hold).toEqual(released);
      expect(await agentConfig(owner.client)).toMatchObject({
        status: 'inactive',
        twilio_phone_number: '+15550100130',
        number_hold: { ...agentHold, released_at: released.released_at },
      });

      // The admin sees it too.
      const admin = await signInAdmin(c);
      const details = (await admin.get(`/api/admin/users/${owner.userId}`)).json();
      expect(details.agent_config).toMatchObject({
        twilio_phone_number: '+15550100130',
        number_released_at: released.released_at,
      });

      // Once only: later sweeps find nothing to do.
      await advanceTo(c, new Date(owner.releaseAt.getTime() + 2 * DAY_MS));
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(0);
      expect(releases.released).toEqual(['+15550100130']);

      // The number is anyone's again.
      const other = await signUp(c.app);
      await buyBasic(c, other.client);
      await configure(other.client, '+15550100130');
      expect(await rentedLocally(c)).toEqual(['+15550100130']);
      expect((await agentConfig(owner.client)).number_hold.released_at).toBe(released.released_at);
    });

    it('keeps every number of an account with several until day 30, then releases them all (ADR 044)', async () => {
      const c = ctx();
      const releases = countReleases(c);
      const numbers = ['+15550100140', '+15550100141', '+15550100142'];
      const owner = await cancelledOwner(c, numbers[0]!, 'pro', numbers.slice(1));
      const agents = (await owner.client.get('/api/agents')).json().agents as { id: string }[];
      expect(agents).toHaveLength(3);

      // Every number is kept, until the same day: the account's grace period.
      const status = await subscriptionStatus(owner.client);
      expect(status.number_holds).toEqual(
        numbers.map((phone, i) => ({
          agent_id: agents[i]!.id,
          phone_number: phone,
          subscription_ended_at: owner.periodEnd.toISOString(),
          release_at: owner.releaseAt.toISOString(),
          released_at: null,
        })),
      );
      expect(status.number_hold).toEqual(status.number_holds[0]);
      for (const agent of agents) {
        const config = (await owner.client.get(`/api/agent/config?agent_id=${agent.id}`)).json().config;
        expect(config).toMatchObject({
          status: 'inactive',
          number_hold: { release_at: owner.releaseAt.toISOString(), released_at: null },
        });
      }

      await advanceTo(c, new Date(owner.releaseAt.getTime() - MINUTE));
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(0);
      expect((await rentedLocally(c)).sort()).toEqual(numbers);

      // After day 30 every number goes, once, even with sweeps on two instances at the same moment.
      await advanceTo(c, new Date(owner.releaseAt.getTime() + MINUTE));
      const counts = await Promise.all([
        releaseNumbersAfterGrace(c.deps, c.app.log),
        releaseNumbersAfterGrace(c.deps, c.app.log),
      ]);
      expect(counts.sort()).toEqual([0, 3]);
      expect(releases.released.sort()).toEqual(numbers);
      expect(await rentedLocally(c)).toEqual([]);
      expect(await c.db.selectFrom('pending_number_releases').selectAll().execute()).toEqual([]);
      const releasedAt = c.clock.now().toISOString();
      expect(
        (await subscriptionStatus(owner.client)).number_holds.map(
          (h: { released_at: string }) => h.released_at,
        ),
      ).toEqual([releasedAt, releasedAt, releasedAt]);
      const admin = await signInAdmin(c);
      const details = (await admin.get(`/api/admin/users/${owner.userId}`)).json();
      expect(details.agents.map((a: { number_released_at: string }) => a.number_released_at)).toEqual([
        releasedAt,
        releasedAt,
        releasedAt,
      ]);

      // Back on Basic: the released agents hold no number, so one of them takes one back, and a second is refused.
      await buyBasic(c, owner.client);
      await configure(owner.client, numbers[1]!, { agent_id: agents[1]!.id });
      const refused = await postMultipart(owner.client, '/api/agent/configure', {
        ...CONFIG_FIELDS,
        agent_id: agents[2]!.id,
        twilio_phone_number: numbers[2]!,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(
        'Your Basic plan includes 1 phone number, and you have 1 already. Upgrade to Pro for up to 3 numbers.',
      );
      expect(await rentedLocally(c)).toEqual([numbers[1]]);
    });

    it('a smaller plan bought within the grace period names the numbers to release first, releasing none', async () => {
      const c = ctx();
      const releases = countReleases(c);
      const owner = await cancelledOwner(c, '+15550100150', 'pro', ['+15550100151']);
      const refused = await owner.client.postForm('/api/stripe/create-checkout', {
        plan: 'basic',
        origin_url: c.env.PUBLIC_BASE_URL!,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(
        'The Basic plan allows 1 phone number and your account uses 2: +1 555-010-0150 (Harbor Bike Shop), ' +
          '+1 555-010-0151 (Harbor Shop 2). Release one of them on the dashboard before choosing Basic; nothing is released for you.',
      );
      expect(releases.released).toEqual([]);

      // The owner releases the second number, then Basic keeps the first.
      const agents = (await owner.client.get('/api/agents')).json().agents as { id: string }[];
      const deleted = await owner.client.delete(`/api/agent/config?agent_id=${agents[1]!.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      await buyBasic(c, owner.client);
      expect(await agentConfig(owner.client)).toMatchObject({
        twilio_phone_number: '+15550100150',
        number_hold: null,
      });
      expect(await rentedLocally(c)).toEqual(['+15550100150']);
    });

    it('a new subscription within the grace period keeps the number', async () => {
      const c = ctx();
      const releases = countReleases(c);
      const owner = await cancelledOwner(c, '+15550100131');
      await advanceTo(c, new Date(owner.periodEnd.getTime() + 29 * DAY_MS));
      await buyBasic(c, owner.client);
      expect((await subscriptionStatus(owner.client)).has_subscription).toBe(true);
      expect((await agentConfig(owner.client)).number_hold).toBeNull();

      await advanceTo(c, new Date(owner.releaseAt.getTime() + DAY_MS));
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(0);
      expect(releases.released).toEqual([]);
      expect(await rentedLocally(c)).toEqual(['+15550100131']);
      expect(await agentConfig(owner.client)).toMatchObject({
        twilio_phone_number: '+15550100131',
        number_hold: null,
      });
    });

    it('after the release, the owner subscribes again, must pick a number first, and may take the same one back', async () => {
      const c = ctx();
      const owner = await cancelledOwner(c, '+15550100132');
      await advanceTo(c, new Date(owner.releaseAt.getTime() + MINUTE));
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(1);

      await buyBasic(c, owner.client);
      const activate = await owner.client.postForm('/api/agent/create-eleven-labs-agent', {
        voice_id: 'en-us+f3',
      });
      expect(activate.statusCode).toBe(409);
      expect(activate.json().detail).toContain('Choose a new number on Configure');
      expect((await agentConfig(owner.client)).number_hold.released_at).not.toBeNull();

      await configure(owner.client, '+15550100132');
      expect(await rentedLocally(c)).toEqual(['+15550100132']);
      expect(await agentConfig(owner.client)).toMatchObject({
        twilio_phone_number: '+15550100132',
        number_hold: null,
      });
    });

    it('sweeps running at the same moment (two instances) release the number once', async () => {
      const c = ctx();
      const releases = countReleases(c);
      const first = await cancelledOwner(c, '+15550100133');
      const second = await cancelledOwner(c, '+15550100134');
      await advanceTo(c, new Date(Math.max(first.releaseAt.getTime(), second.releaseAt.getTime()) + MINUTE));
      const counts = await Promise.all([
        releaseNumbersAfterGrace(c.deps, c.app.log),
        releaseNumbersAfterGrace(c.deps, c.app.log),
        releaseNumbersAfterGrace(c.deps, c.app.log),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
      expect(releases.released.sort()).toEqual(['+15550100133', '+15550100134']);
      expect(await rentedLocally(c)).toEqual([]);
    });

    it('a release the provider refuses is marked, queued and finished by the retry loop, once', async () => {
      const c = ctx();
      const releases = countReleases(c);
      const owner = await cancelledOwner(c, '+15550100135');
      await advanceTo(c, new Date(owner.releaseAt.getTime() + MINUTE));
      releases.fail(true);
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(1);
      expect(await rentedLocally(c)).toEqual(['+15550100135']);
      const queued = await c.db.selectFrom('pending_number_releases').selectAll().execute();
      expect(queued.map((r) => [r.phone_number, r.reason, r.last_error])).toEqual([
        ['+15550100135', 'grace period over', 'provider unavailable'],
      ]);
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(0); // marked: never released twice

      releases.fail(false);
      await advanceTo(c, new Date(c.clock.now().getTime() + 6 * MINUTE));
      expect(await retryNumberReleases(c.deps, c.app.log)).toBe(1);
      expect(releases.released).toEqual(['+15550100135']);
      expect(await rentedLocally(c)).toEqual([]);
    });
  },
);

describe.each(databaseTargets())(
  'numbers after a cancelled subscription, through Twilio (fake Twilio API) (%s)',
  (target) => {
    let fake: FakeTwilio;
    beforeAll(async () => {
      fake = await startFakeTwilio('AC22222222222222222222222222222222');
    });
    afterAll(async () => {
      await fake.close();
    });
    const ctx = useTestApp(target, {
      env: { PUBLIC_BASE_URL: 'https://desk.example' },
      providers: () => {
        fake.owned.clear();
        fake.requests.length = 0;
        fake.available = [{ phoneNumber: '+14155550101', friendlyName: '(415) 555-0101' }];
        return {
          telephony: createTwilioTelephony({
            accountSid: 'AC22222222222222222222222222222222',
            authToken: 'token',
            apiBaseUrl: fake.baseUrl,
          }),
        };
      },
    });

    it('releases the bought number at Twilio once after day 30, not before', async () => {
      const c = ctx();
      const owner = await cancelledOwner(c, '+14155550101');
      const [bought] = [...fake.owned.values()];
      const deletes = () =>
        fake.requests.filter((r) => r.method === 'DELETE' && r.path.includes('/IncomingPhoneNumbers/'));

      await advanceTo(c, new Date(owner.releaseAt.getTime() - MINUTE));
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(0);
      expect(fake.owned.size).toBe(1);

      await advanceTo(c, new Date(owner.releaseAt.getTime() + MINUTE));
      const counts = await Promise.all([
        releaseNumbersAfterGrace(c.deps, c.app.log),
        releaseNumbersAfterGrace(c.deps, c.app.log),
      ]);
      expect(counts.sort()).toEqual([0, 1]);
      expect(fake.owned.size).toBe(0);
      expect(deletes().map((r) => r.path.split('/').pop())).toEqual([`${bought!.sid}.json`]);
      expect(await releaseNumbersAfterGrace(c.deps, c.app.log)).toBe(0);
      expect(deletes()).toHaveLength(1);
    });
  },
);
