import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { debitCallMinutes, getUsage } from '../../entitlements/minutes.ts';
import { startFakeTwilio, type FakeTwilio } from '../../providers/telephony/twilio-fake.ts';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { seedActiveAgent, type SeededAgent } from './calls-test-helpers.ts';

const SID = 'AC22222222222222222222222222222222';
const TOKEN = 'test-auth-token';
const sid = (n: number) => `CA${String(n).padStart(32, '0')}`;

describe.each(databaseTargets())(
  'Sync Calls reconciles Twilio durations (local runtime on Twilio) (%s)',
  (target) => {
    let fake: FakeTwilio;
    // Read by the harness in each beforeEach, after the fake has started.
    const env: Record<string, string> = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN };
    beforeAll(async () => {
      fake = await startFakeTwilio(SID);
      env.TWILIO_API_BASE_URL = fake.baseUrl;
    });
    afterAll(async () => {
      await fake.close();
    });
    beforeEach(() => {
      fake.calls.clear();
      fake.failingCalls.clear();
      fake.failWith = undefined;
      fake.requests.length = 0;
    });
    const ctx = useTestApp(target, { env });

    /** A call as the runtime leaves it: ended, measured duration, minutes billed once. */
    async function seedCall(
      owner: { userId: string },
      input: {
        provider: 'twilio' | 'local';
        callSid: string | null;
        durationS: number;
        ended?: boolean;
        minute: number;
      },
    ) {
      const startedAt = new Date(ctx().clock.now().getTime() - 3_600_000 + input.minute * 60_000);
      const ended = input.ended ?? true;
      const row = await ctx()
        .db.insertInto('calls')
        .values({
          user_id: owner.userId,
          provider: input.provider,
          provider_call_id: input.callSid,
          phone_number: '+15551230000',
          to_number: null,
          started_at: startedAt,
          created_at: startedAt,
          ended_at: ended ? new Date(startedAt.getTime() + input.durationS * 1000) : null,
          duration_s: input.durationS,
          transcript: JSON.stringify([
            { speaker: 'agent', text: 'Hi, Acme Plumbing, how can I help?', at_s: 0 },
            { speaker: 'caller', text: 'When are you open?', at_s: 3 },
          ]),
          outcome: ended ? 'answered' : null,
          summary: ended ? 'Caller asked about opening hours.' : null,
          handoff: null,
          turn_latencies_ms: JSON.stringify([]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (ended) {
        const minutes = Math.ceil(input.durationS / 60);
        await debitCallMinutes(ctx().db, {
          userId: owner.userId,
          callId: row.id,
          minutes,
          now: ctx().clock.now(),
        });
        await ctx()
          .db.updateTable('calls')
          .set({ billed_minutes: minutes })
          .where('id', '=', row.id)
          .execute();
      }
      return row.id;
    }

    const sync = (owner: SeededAgent) => owner.client.post('/api/calls/sync-from-elevenlabs');
    const durations = async (owner: SeededAgent) => {
      const calls = (await owner.client.get('/api/calls/history')).json().calls as {
        id: string;
        duration: number;
      }[];
      return Object.fromEntries(calls.map((c) => [c.id, c.duration]));
    };
    const minutesUsed = async (owner: SeededAgent) =>
      (await getUsage(ctx().db, owner.userId, ctx().clock.now())).minutesUsed;
    const callFetches = () => fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/Calls/'));

    it("updates finished Twilio calls' durations once, and nothing else", async () => {
      const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
      const other = await seedActiveAgent(ctx(), { plan: 'pro' });
      const longer = await seedCall(owner, { provider: 'twilio', callSid: sid(1), durationS: 62, minute: 1 });
      const same = await seedCall(owner, { provider: 'twilio', callSid: sid(2), durationS: 30, minute: 2 });
      const open = await seedCall(owner, {
        provider: 'twilio',
        callSid: sid(3),
        durationS: 0,
        ended: false,
        minute: 3,
      });
      const gone = await seedCall(owner, { provider: 'twilio', callSid: sid(4), durationS: 40, minute: 4 });
      const softphone = await seedCall(owner, { provider: 'local', callSid: null, durationS: 20, minute: 5 });
      const notMine = await seedCall(other, {
        provider: 'twilio',
        callSid: sid(5),
        durationS: 10,
        minute: 6,
      });
      fake.calls.set(sid(1), { status: 'completed', duration: 185 }); // includes the transferred leg
      fake.calls.set(sid(2), { status: 'completed', duration: 30 });
      fake.calls.set(sid(3), { status: 'in-progress', duration: null });
      fake.calls.set(sid(5), { status: 'completed', duration: 99 });
      // sid(4) is unknown to Twilio (404): left as it is.
      const usedBefore = await minutesUsed(owner);

      const first = await sync(owner);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: 'Updated 1 call duration from Twilio' });
      expect(await durations(owner)).toEqual({
        [longer]: 185,
        [same]: 30,
        [open]: 0,
        [gone]: 40,
        [softphone]: 20,
      });
      expect((await durations(other))[notMine]).toBe(10);
      // Read through the SDK with the account's credentials; the open call and other users' calls are not read.
      const fetched = callFetches();
      expect(fetched.map((r) => r.path).sort()).toEqual(
        [sid(1), sid(2), sid(4)].map((s) => `/2010-04-01/Accounts/${SID}/Calls/${s}.json`).sort(),
      );
      expect(fetched[0]!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
      // Billable time stays the runtime's own measure (ADR 040).
      expect(await minutesUsed(owner)).toBe(usedBefore);

      // Once.
      const second = await sync(owner);
      expect(second.json()).toEqual({ message: 'Your calls are up to date' });
      expect((await durations(owner))[longer]).toBe(185);
      expect(await minutesUsed(owner)).toBe(usedBefore);
    });

    it('a Twilio failure answers a clear error and changes no duration, even part-way', async () => {
      const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
      const older = await seedCall(owner, { provider: 'twilio', callSid: sid(11), durationS: 50, minute: 1 });
      const newer = await seedCall(owner, { provider: 'twilio', callSid: sid(12), durationS: 70, minute: 2 });
      fake.calls.set(sid(11), { status: 'completed', duration: 55 });
      fake.calls.set(sid(12), { status: 'completed', duration: 75 });

      fake.failWith = 500;
      let response = await sync(owner);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ detail: 'Failed to sync conversations' });

      // The newer call reads fine, the older one fails: neither changes.
      fake.failWith = undefined;
      fake.failingCalls.set(sid(11), 503);
      response = await sync(owner);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ detail: 'Failed to sync conversations' });
      expect(await durations(owner)).toEqual({ [older]: 50, [newer]: 70 });

      fake.failingCalls.clear();
      expect((await sync(owner)).json()).toEqual({ message: 'Updated 2 call durations from Twilio' });
      expect(await durations(owner)).toEqual({ [older]: 55, [newer]: 75 });
    });

    it('without Twilio calls to reconcile, the calls are up to date', async () => {
      const owner = await seedActiveAgent(ctx(), { plan: 'basic' });
      const response = await sync(owner);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Your calls are up to date' });
      expect(callFetches()).toHaveLength(0);
    });
  },
);
