import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../lib/clock.ts';
import { databaseTargets, signUp, useTestApp, type TestContext } from '../test/harness.ts';
import { seedAgentConfig, seedSubscription } from '../test/seed.ts';
import { debitCallMinutes, getUsage, grantExtraMinutes, refreshAgentStatus } from './minutes.ts';

const subscribe = (ctx: TestContext, userId: string, minutes: number) =>
  seedSubscription(ctx.db, userId, { now: ctx.clock.now(), minutes });

// Each agent its own number (the column is unique): a random two-digit suffix collided now and then.
let agents = 0;
const addAgent = (ctx: TestContext, userId: string, voiceId: string | null) =>
  seedAgentConfig(ctx.db, {
    user_id: userId,
    company_name: 'Acme',
    contact_email: 'a@example.com',
    twilio_phone_number: `+1555010${String(++agents).padStart(4, '0')}`,
    voice_id: voiceId,
    status: voiceId ? 'active' : 'inactive',
  });

const agentStatus = async (ctx: TestContext, userId: string) =>
  (
    await ctx.db
      .selectFrom('agent_configs')
      .select('status')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).status;

describe.each(databaseTargets())('entitlements: minute ledger (%s)', (target) => {
  const ctx = useTestApp(target);

  it('spends plan minutes first, keeps extra minutes, and is idempotent per call', async () => {
    const { user } = await signUp(ctx().app);
    const now = ctx().clock.now();
    await subscribe(ctx(), user.id, 200);
    await grantExtraMinutes(ctx().db, { userId: user.id, minutes: 100, source: 'pack', now });
    expect(await getUsage(ctx().db, user.id, now)).toMatchObject({
      minutesLimit: 300,
      minutesUsed: 0,
      minutesRemaining: 300,
      percentageUsed: 0,
    });

    const callId = crypto.randomUUID();
    const first = await debitCallMinutes(ctx().db, { userId: user.id, callId, minutes: 250, now });
    expect(first).toEqual({ debited: true, remaining: 50 });
    const again = await debitCallMinutes(ctx().db, { userId: user.id, callId, minutes: 250, now });
    expect(again).toEqual({ debited: false, remaining: 50 });
    expect(await getUsage(ctx().db, user.id, now)).toMatchObject({
      minutesLimit: 300,
      minutesUsed: 250,
      minutesRemaining: 50,
      percentageUsed: 83.3,
      planRemaining: 0,
      extraBalance: 50,
    });
  });

  it('concurrent debits of the same call count once', async () => {
    const { user } = await signUp(ctx().app);
    const now = ctx().clock.now();
    await subscribe(ctx(), user.id, 200);
    const callId = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        debitCallMinutes(ctx().db, { userId: user.id, callId, minutes: 3, now }),
      ),
    );
    expect(results.filter((r) => r.debited)).toHaveLength(1);
    expect((await getUsage(ctx().db, user.id, now)).minutesUsed).toBe(3);
  });

  it('turns the agent inactive at the limit and back on when minutes are granted', async () => {
    const { user } = await signUp(ctx().app);
    const now = ctx().clock.now();
    await subscribe(ctx(), user.id, 20);
    await addAgent(ctx(), user.id, 'voice-1');
    await debitCallMinutes(ctx().db, { userId: user.id, callId: crypto.randomUUID(), minutes: 25, now });
    const usage = await getUsage(ctx().db, user.id, now);
    expect(usage.minutesRemaining).toBe(0);
    expect(usage.minutesUsed).toBe(25);
    expect(await agentStatus(ctx(), user.id)).toBe('inactive');

    // the 5-minute overage is taken from the pack
    await grantExtraMinutes(ctx().db, { userId: user.id, minutes: 100, source: 'gift', note: 'sorry', now });
    expect((await getUsage(ctx().db, user.id, now)).minutesRemaining).toBe(95);
    expect(await agentStatus(ctx(), user.id)).toBe('active');
  });

  it('without a live subscription the agent is inactive; a never-activated agent stays inactive', async () => {
    const { user } = await signUp(ctx().app);
    const now = ctx().clock.now();
    await addAgent(ctx(), user.id, 'voice-1');
    expect(await refreshAgentStatus(ctx().db, user.id, now)).toBe('inactive');

    const other = await signUp(ctx().app);
    await subscribe(ctx(), other.user.id, 200);
    await addAgent(ctx(), other.user.id, null);
    expect(await refreshAgentStatus(ctx().db, other.user.id, now)).toBe('inactive');
  });

  it('plan minutes lapse when the period ends; extra minutes roll over', async () => {
    const { user } = await signUp(ctx().app);
    const now = ctx().clock.now();
    await subscribe(ctx(), user.id, 200);
    await grantExtraMinutes(ctx().db, { userId: user.id, minutes: 300, source: 'pack', now });
    ctx().clock.advance(31 * DAY_MS);
    expect(await getUsage(ctx().db, user.id, ctx().clock.now())).toMatchObject({
      minutesLimit: 300,
      minutesRemaining: 300,
    });
  });
});
