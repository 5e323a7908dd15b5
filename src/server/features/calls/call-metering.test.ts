import type { FastifyInstance } from 'fastify';
import { agentRefOf } from '../../test/seed.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { getUsage } from '../../entitlements/minutes.ts';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { eventually, openRelay, seedActiveAgent, type RelayDriver } from './calls-test-helpers.ts';
import { insertCall } from './calls.repository.ts';
import { createCallService } from './calls.service.ts';

const GREETING = /^Thanks for calling Acme Plumbing/;

/** Issue 21: one provider call id is one call; live calls hold their minutes and keep a heartbeat (ADR 040). */
describe.each(databaseTargets())('call metering (%s)', (target) => {
  const ctx = useTestApp(target);
  let second: FastifyInstance | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  /** Another server instance on the same database and clock (ARCHITECTURE.md section 9). */
  async function secondInstance(): Promise<FastifyInstance> {
    const { env, db, clock, deps } = ctx();
    second = await buildApp({ env, db, clock, providers: deps.providers, authRateLimit: 1000 });
    await second.ready();
    return second;
  }

  const callsOf = (userId: string) =>
    ctx().db.selectFrom('calls').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

  const minutesUsed = async (userId: string) =>
    (await getUsage(ctx().db, userId, ctx().clock.now())).minutesUsed;

  async function closedBy(relay: RelayDriver): Promise<void> {
    await eventually(async () => relay.closed);
  }

  it('refuses a setup that reuses a known call id: it never reopens a finished call nor crosses accounts', async () => {
    const a = await seedActiveAgent(ctx());
    const b = await seedActiveAgent(ctx());
    const first = await openRelay(ctx().app);
    first.setup(b.number, '+15551230000', 'CAreused');
    expect((await first.reply()).text).toMatch(GREETING);
    first.prompt('Where can I park?');
    expect((await first.reply()).text).toMatch(/Elm Street/);
    ctx().clock.advance(20_000);
    first.close();
    const [bCall] = await eventually(async () => {
      const rows = await callsOf(b.userId);
      return rows[0]?.ended_at ? rows : undefined;
    });
    expect(bCall!.duration_s).toBe(20);
    expect(bCall!.billed_minutes).toBe(1);

    // The same CallSid to A's number: refused and hung up, nothing said, nothing recorded for either account.
    const crossing = await openRelay(ctx().app);
    crossing.setup(a.number, '+15551230000', 'CAreused');
    await closedBy(crossing);
    // Replayed to B for 130 s: B's finished call keeps its duration, and nothing more is billed.
    const replay = await openRelay(ctx().app);
    replay.setup(b.number, '+15551230000', 'CAreused');
    await closedBy(replay);
    ctx().clock.advance(130_000);

    expect(await callsOf(a.userId)).toHaveLength(0);
    const [after] = await callsOf(b.userId);
    expect(after!.transcript).toHaveLength(3);
    expect(after!.duration_s).toBe(20);
    expect(after!.billed_minutes).toBe(1);
    expect(await minutesUsed(b.userId)).toBe(1);
    expect(await minutesUsed(a.userId)).toBe(0);
  });

  it('refuses a second setup of a call in progress; the call goes on', async () => {
    const owner = await seedActiveAgent(ctx());
    const live = await openRelay(ctx().app);
    live.setup(owner.number, '+15551230000', 'CAlive');
    expect((await live.reply()).text).toMatch(GREETING);
    const again = await openRelay(await secondInstance());
    again.setup(owner.number, '+15551230000', 'CAlive');
    await closedBy(again);
    live.prompt('Do you accept Apple Pay?');
    expect((await live.reply()).text).toMatch(/Apple Pay/);
    expect((await callsOf(owner.userId)).map((c) => c.transcript.length)).toEqual([3]);
  });

  it('bills an answered call shorter than a second one minute', async () => {
    const owner = await seedActiveAgent(ctx());
    const relay = await openRelay(ctx().app);
    relay.setup(owner.number);
    expect((await relay.reply()).text).toMatch(GREETING);
    relay.close();
    const [call] = await eventually(async () => {
      const rows = await callsOf(owner.userId);
      return rows[0]?.ended_at ? rows : undefined;
    });
    expect(call!.duration_s).toBe(0);
    expect(call!.billed_minutes).toBe(1);
    expect(await minutesUsed(owner.userId)).toBe(1);
  });

  it('with 3 minutes left admits 3 of 10 simultaneous calls on two instances, ends them politely at the limit, debits 3', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic', minutes: 3 });
    const other = await secondInstance();
    const relays = await Promise.all(
      Array.from({ length: 10 }, (_, i) => openRelay(i % 2 === 0 ? ctx().app : other)),
    );
    relays.forEach((relay, i) => relay.setup(owner.number, `+1555000100${i}`));
    const first = await Promise.all(relays.map((relay) => relay.reply()));
    const live = relays.filter((_, i) => first[i]!.end === null);
    const refused = first.filter((reply) => reply.end !== null);
    for (const reply of first.filter((r) => r.end === null)) expect(reply.text).toMatch(GREETING);
    expect(live).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const reply of refused) {
      expect(reply.text).toMatch(/unavailable right now, so I'll transfer you/);
      expect(reply.end).toEqual({ reason: 'unavailable', transfer_to: '+15557654321' });
    }

    // 50 s in, each call would need its second minute, and the three hold all three: each is told and transferred.
    ctx().clock.advance(50_000);
    for (const relay of live) relay.prompt('What are your opening hours?');
    for (const relay of live) {
      const reply = await relay.reply();
      expect(reply.text).toMatch(/can't continue this call/);
      expect(reply.end).toEqual({ reason: 'unavailable', transfer_to: '+15557654321' });
      relay.close();
    }
    const calls = await eventually(async () => {
      const rows = await callsOf(owner.userId);
      return rows.every((c) => c.ended_at !== null) ? rows : undefined;
    });
    expect(calls.filter((c) => c.outcome === 'rejected_no_minutes')).toHaveLength(7);
    const answered = calls.filter((c) => c.outcome !== 'rejected_no_minutes');
    expect(answered.map((c) => c.billed_minutes)).toEqual([1, 1, 1]);
    expect(answered.every((c) => c.summary?.includes('minutes ran out'))).toBe(true);
    expect(await minutesUsed(owner.userId)).toBe(3);
    expect((await getUsage(ctx().db, owner.userId, ctx().clock.now())).minutesRemaining).toBe(0);
  });

  it('lets a live call into its next minute while minutes are left, and holds it against new calls', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic', minutes: 2 });
    const relay = await openRelay(ctx().app);
    relay.setup(owner.number);
    expect((await relay.reply()).text).toMatch(GREETING);
    ctx().clock.advance(50_000);
    relay.prompt('Where can I park?');
    expect((await relay.reply()).text).toMatch(/Elm Street/);
    // The live call holds both minutes now: a new call hears the line is unavailable.
    const next = await openRelay(ctx().app);
    next.setup(owner.number, '+15550002222');
    expect((await next.reply()).end).toEqual({ reason: 'unavailable', transfer_to: '+15557654321' });
    relay.close();
    await eventually(async () => (await minutesUsed(owner.userId)) === 1);
  });

  it('says goodbye at the limit when the business has no transfer number', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic', minutes: 1, transfer: null });
    const relay = await openRelay(ctx().app);
    relay.setup(owner.number);
    expect((await relay.reply()).text).toMatch(GREETING);
    relay.prompt('Where can I park?');
    expect((await relay.reply()).text).toMatch(/Elm Street/);
    ctx().clock.advance(48_000);
    relay.prompt('Do you accept Apple Pay?');
    const last = await relay.reply();
    expect(last.text).toBe(
      "I'm sorry, I can't continue this call right now. Please call again later. Goodbye.",
    );
    expect(last.end).toEqual({ reason: 'unavailable' });
    relay.close();
    const [call] = await eventually(async () => {
      const rows = await callsOf(owner.userId);
      return rows[0]?.ended_at ? rows : undefined;
    });
    expect(call!.outcome).toBe('answered');
    expect(call!.duration_s).toBe(48);
    expect(call!.billed_minutes).toBe(1);
    expect(call!.transcript.slice(-2).map((e) => [e.speaker, e.text])).toEqual([
      ['caller', 'Do you accept Apple Pay?'],
      ['agent', "I'm sorry, I can't continue this call right now. Please call again later. Goodbye."],
    ]);
    expect(await minutesUsed(owner.userId)).toBe(1);
  });

  it('keeps a heartbeat on live calls; the sweep closes and bills a call whose heartbeat stopped, once, on any instance', async () => {
    const owner = await seedActiveAgent(ctx());
    const relay = await openRelay(ctx().app);
    relay.setup(owner.number);
    expect((await relay.reply()).text).toMatch(GREETING);
    const startedAt = ctx().clock.now();

    // A call whose instance was killed 3 minutes ago: its turns were kept, its heartbeat stopped.
    const cutOffStart = new Date(startedAt.getTime() - 5 * 60_000);
    const { id: cutOff } = await insertCall(ctx().db, {
      userId: owner.userId,
      agentId: (await agentRefOf(ctx().db, owner.userId)).agentId,
      provider: 'twilio',
      providerCallId: 'CAkilled',
      phoneNumber: '+15551112222',
      toNumber: owner.number,
      startedAt: cutOffStart,
      lastSeenAt: new Date(cutOffStart.getTime() + 90_000),
      transcript: [
        { speaker: 'agent', text: 'Thanks for calling Acme Plumbing.', at_s: 0 },
        { speaker: 'caller', text: 'Where can I park?', at_s: 70 },
        {
          speaker: 'agent',
          text: 'Behind the building.',
          at_s: 71,
          sources: [{ document: 'faq.txt', heading: 'Parking', page: null }],
        },
      ],
    });

    ctx().clock.advance(100_000);
    relay.prompt('Where can I park?');
    expect((await relay.reply()).text).toMatch(/Elm Street/);
    const beating = (await callsOf(owner.userId)).find((c) => c.provider === 'local')!;
    expect(beating.last_seen_at).toEqual(ctx().clock.now());

    // Two instances sweep at once: the killed call is closed and billed exactly once; the live one is left alone.
    ctx().clock.advance(60_000);
    const sweep = () =>
      createCallService(ctx().deps, { onEscalated: async () => undefined }).closeStaleCalls();
    const closed = await Promise.all([sweep(), sweep()]);
    expect(closed[0]! + closed[1]!).toBe(1);
    const rows = await callsOf(owner.userId);
    const killed = rows.find((c) => c.id === cutOff)!;
    expect(killed.outcome).toBe('answered');
    expect(killed.duration_s).toBe(90); // its last heartbeat, after its last turn
    expect(killed.billed_minutes).toBe(2);
    expect(killed.summary).toMatch(/cut off/);
    expect(rows.find((c) => c.id !== cutOff)!.ended_at).toBeNull();
    const ledger = await ctx()
      .db.selectFrom('minute_ledger')
      .selectAll()
      .where('call_id', '=', cutOff)
      .execute();
    expect(ledger.reduce((sum, row) => sum + row.minutes, 0)).toBe(2);

    // The live call stops beating too (its instance hangs): swept, and not billed again when its socket closes.
    ctx().clock.advance(150_000);
    expect(await sweep()).toBe(1);
    relay.prompt('Do you accept Apple Pay?');
    expect((await relay.reply()).end).not.toBeNull();
    relay.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const swept = (await callsOf(owner.userId)).find((c) => c.id !== cutOff)!;
    expect(swept.duration_s).toBe(100); // its last heartbeat (at its last turn)
    expect(swept.billed_minutes).toBe(2);
    expect(await minutesUsed(owner.userId)).toBe(4);
  });
});
