import { once } from 'node:events';
import { agentRefOf } from '../../test/seed.ts';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUsage, grantExtraMinutes } from '../../entitlements/minutes.ts';
import { createSmtpEmail } from '../../providers/email/smtp.ts';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import {
  addDocumentToLiveAgent,
  dial,
  eventually,
  refuseLedgerWrites,
  seedActiveAgent,
} from './calls-test-helpers.ts';
import { insertCall } from './calls.repository.ts';
import { createCallService } from './calls.service.ts';

interface Received {
  to: string[];
  subject: string;
  text: string;
}

const inbox: Received[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          inbox.push({
            to: (session.envelope.rcptTo || []).map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe.each(databaseTargets())('call runtime over the local phone network (%s)', (target) => {
  const ctx = useTestApp(target, {
    providers: () => ({
      email: createSmtpEmail({
        url: `smtp://127.0.0.1:${smtpPort}`,
        from: 'AnswerDesk <alerts@answerdesk.test>',
      }),
    }),
  });

  async function historyOf(client: Awaited<ReturnType<typeof seedActiveAgent>>['client']) {
    const response = await client.get('/api/calls/history');
    expect(response.statusCode).toBe(200);
    return response.json() as {
      calls: {
        id: string;
        phone_number: string;
        duration: number;
        outcome: string | null;
        summary: string | null;
        transcript: {
          speaker: string;
          text: string;
          sources?: { document: string }[];
          interrupted?: boolean;
        }[];
      }[];
      next_before: string | null;
    };
  }

  it('greets, answers from a document with its source, and transfers a caller who asks for a person', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const relay = await dial(ctx().app, owner.number);
    const greeting = await relay.reply();
    expect(greeting.text).toMatch(/^Thanks for calling Acme Plumbing/);
    expect(greeting.end).toBeNull();

    relay.prompt('What are your opening hours?');
    const hours = await relay.reply();
    expect(hours.text).toMatch(/Monday to Friday/);
    ctx().clock.advance(20_000);

    relay.prompt('Which payment methods do you accept?');
    expect((await relay.reply()).text).toMatch(/credit cards/);
    ctx().clock.advance(45_000);

    relay.prompt('Can I speak to a real person please?');
    const transfer = await relay.reply();
    expect(transfer.end).toEqual({ reason: 'requested', transfer_to: '+15557654321' });
    relay.close();

    const call = await eventually(async () =>
      (await historyOf(owner.client)).calls.find((c) => c.outcome !== null),
    );
    expect(call.outcome).toBe('escalated_requested');
    expect(call.phone_number).toBe('+15551230000');
    expect(call.duration).toBe(65);
    expect(call.transcript.map((t) => t.speaker)).toEqual([
      'agent',
      'caller',
      'agent',
      'caller',
      'agent',
      'caller',
      'agent',
    ]);
    expect(call.transcript[2]!.sources?.[0]?.document).toBe('faq.txt');
    expect(call.summary).toMatch(
      /^Asked about opening hours \(answered: 8 a\.m\. to 6 p\.m\., 9 a\.m\. to 1 p\.m\.\)/,
    );
    expect(call.summary).toMatch(/Transferred to \+1 555-765-4321: the caller asked for a person\.$/);

    // 65 s -> 2 minutes, debited once even if the call is finished again.
    const usage = await getUsage(ctx().db, owner.userId, ctx().clock.now());
    expect(usage.minutesUsed).toBe(2);

    // Pro: the contact address gets the alert with the transcript.
    const mail = await eventually(async () =>
      inbox.find((m) => m.to.includes(`alerts-${owner.userId.slice(0, 8)}@acme.test`)),
    );
    expect(mail.subject).toMatch(/\+15551230000/);
    expect(mail.text).toMatch(/Reason: The caller asked to speak with a person/);
    expect(mail.text).toMatch(/Duration: 1m 5s/);
    expect(mail.text).toMatch(/Caller: What are your opening hours\?/);
    expect(mail.text).toMatch(/Agent: Thanks for calling Acme Plumbing/);
  });

  it('takes a message for an unknown question when there is no transfer number; Basic gets no email', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic', transfer: null });
    const relay = await dial(ctx().app, owner.number, '+15559876543');
    await relay.reply();
    relay.prompt('Do you sell helicopters?');
    const sorry = await relay.reply();
    expect(sorry.text).toMatch(/don't have that information.*message/);
    expect(sorry.end).toBeNull();
    relay.prompt('This is Jane, 555 0100, please call me back about helicopters');
    const bye = await relay.reply();
    expect(bye.end).toEqual({ reason: 'no_answer' });
    relay.close();

    const call = await eventually(async () =>
      (await historyOf(owner.client)).calls.find((c) => c.outcome !== null),
    );
    expect(call.outcome).toBe('escalated_no_answer');
    expect(call.summary).toMatch(
      /^Asked about helicopters \(not in the documents\)\. Message taken \(the documents don't cover helicopters\): "This is Jane/,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rows = await ctx().db.selectFrom('emails').selectAll().execute();
    expect(rows).toHaveLength(0);
    expect(inbox.some((m) => m.to.includes(`alerts-${owner.userId.slice(0, 8)}@acme.test`))).toBe(false);
  });

  it('declines an unknown question, offers the transfer, and transfers on a yes', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();
    relay.prompt('Do you sell helicopters?');
    const offer = await relay.reply();
    expect(offer.text).toMatch(/don't have that information\. Would you like me to transfer you/);
    expect(offer.end).toBeNull();
    relay.prompt('yes please');
    expect((await relay.reply()).end).toEqual({ reason: 'no_answer', transfer_to: '+15557654321' });
  });

  it('records each turn as it happens and cuts an interrupted reply where the caller spoke', async () => {
    const owner = await seedActiveAgent(ctx());
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();
    relay.prompt('How much is a boiler repair?');
    const answer = await relay.reply();
    expect(answer.text).toMatch(/95 dollars/);
    relay.send({
      type: 'interrupt',
      utteranceUntilInterrupt: 'A boiler repair visit',
      durationUntilInterruptMs: 900,
    });
    // Still in the call: the finished turns are already stored.
    const live = await eventually(async () => {
      const call = (await historyOf(owner.client)).calls[0];
      return call && call.transcript.length === 3 && call.transcript[2]!.interrupted ? call : undefined;
    });
    expect(live.outcome).toBeNull();
    expect(live.transcript[2]!.text).toBe('A boiler repair visit');
    const row = await ctx().db.selectFrom('calls').select('turn_latencies_ms').executeTakeFirstOrThrow();
    expect(row.turn_latencies_ms).toHaveLength(1);
    relay.prompt('bye');
    expect((await relay.reply()).end).toEqual({ reason: 'completed' });
    relay.close();
    const done = await eventually(async () =>
      (await historyOf(owner.client)).calls.find((c) => c.outcome !== null),
    );
    expect(done.outcome).toBe('answered');
  });

  it('finishes a call still on the line before the server stops', async () => {
    const owner = await seedActiveAgent(ctx());
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();
    relay.prompt('How much is a boiler repair?');
    expect((await relay.reply()).text).toMatch(/95 dollars/);

    await ctx().app.close();
    expect(relay.closed).toBe(true);
    const row = await ctx()
      .db.selectFrom('calls')
      .select(['ended_at', 'outcome', 'billed_minutes'])
      .executeTakeFirstOrThrow();
    expect(row.ended_at).not.toBeNull();
    expect(row.outcome).toBe('answered');
    expect(row.billed_minutes).toBe(1);
  });

  it('picks up new documents mid-call (knowledge_version)', async () => {
    const owner = await seedActiveAgent(ctx());
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();
    await addDocumentToLiveAgent(
      ctx().db,
      owner.userId,
      'gift.txt',
      '# Gift cards\nGift cards are sold at the front desk in any amount from 10 to 500 dollars.',
    );
    relay.prompt('Do you sell gift cards?');
    expect((await relay.reply()).text).toMatch(/front desk/);
  });

  it('turns the agent inactive at the limit; the next call hears the line is unavailable', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic', minutes: 2 });
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();
    relay.prompt('Where can I park?');
    expect((await relay.reply()).text).toMatch(/Elm Street/);
    ctx().clock.advance(100_000); // 2 minutes: the whole allowance; the call in progress finishes
    relay.prompt('Do you accept Apple Pay?');
    expect((await relay.reply()).text).toMatch(/Apple Pay/);
    relay.close();
    await eventually(async () => {
      const agent = await ctx()
        .db.selectFrom('agent_configs')
        .select('status')
        .where('user_id', '=', owner.userId)
        .executeTakeFirst();
      return agent?.status === 'inactive';
    });
    const usage = await getUsage(ctx().db, owner.userId, ctx().clock.now());
    expect(usage.minutesRemaining).toBe(0);

    const next = await dial(ctx().app, owner.number, '+15550001111');
    const unavailable = await next.reply();
    expect(unavailable.text).toMatch(/unavailable/);
    expect(unavailable.end).toEqual({ reason: 'unavailable', transfer_to: '+15557654321' });
    const rejected = await eventually(async () =>
      (await historyOf(owner.client)).calls.find((c) => c.outcome === 'rejected_no_minutes'),
    );
    expect(rejected.phone_number).toBe('+15550001111');

    // A gift (like a purchase or an upgrade) reactivates the agent: the next call is answered.
    await grantExtraMinutes(ctx().db, {
      userId: owner.userId,
      minutes: 10,
      source: 'gift',
      now: ctx().clock.now(),
    });
    const again = await dial(ctx().app, owner.number);
    expect((await again.reply()).text).toMatch(/^Thanks for calling Acme Plumbing/);
  });

  it('closes a call cut off by a restart: its outcome, duration from its last turn, minutes debited once', async () => {
    const owner = await seedActiveAgent(ctx());
    const startedAt = new Date(ctx().clock.now().getTime() - 5 * 3600_000);
    const { id } = await insertCall(ctx().db, {
      userId: owner.userId,
      agentId: (await agentRefOf(ctx().db, owner.userId)).agentId,
      provider: 'local',
      providerCallId: 'CAcut',
      phoneNumber: '+15551112222',
      toNumber: owner.number,
      startedAt,
      transcript: [
        { speaker: 'agent', text: 'Thanks for calling Acme Plumbing.', at_s: 0 },
        { speaker: 'caller', text: 'Where can I park?', at_s: 65 },
        {
          speaker: 'agent',
          text: 'Behind the building.',
          at_s: 66,
          sources: [{ document: 'faq.txt', heading: 'Parking', page: null }],
        },
      ],
    });
    const calls = createCallService(ctx().deps, { onEscalated: async () => undefined });
    expect(await calls.closeStaleCalls()).toBe(1);
    expect(await calls.closeStaleCalls()).toBe(0);
    const call = await ctx()
      .db.selectFrom('calls')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(call.outcome).toBe('answered');
    expect(call.duration_s).toBe(66);
    expect(call.summary).toMatch(/cut off/);
    expect((await getUsage(ctx().db, owner.userId, ctx().clock.now())).minutesUsed).toBe(2);
  });

  it('leaves a call whose minutes could not be debited open, for the restart sweep to close and bill once', async () => {
    const owner = await seedActiveAgent(ctx());
    const { db } = ctx();
    const ledger = await refuseLedgerWrites(db);
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();
    ctx().clock.advance(70_000);
    relay.prompt('What are your opening hours?');
    expect((await relay.reply()).text).toMatch(/Monday to Friday/);
    relay.close();
    await eventually(async () => (await ledger.attempts()) > 0);
    await ledger.restore();

    const open = await db
      .selectFrom('calls')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(open.outcome).toBeNull();
    expect(open.ended_at).toBeNull();
    expect(open.billed_minutes).toBeNull();
    expect(open.transcript).toHaveLength(3); // the finished turns were kept
    expect((await getUsage(db, owner.userId, ctx().clock.now())).minutesUsed).toBe(0);

    ctx().clock.advance(5 * 3600_000);
    const calls = createCallService(ctx().deps, { onEscalated: async () => undefined });
    expect(await calls.closeStaleCalls()).toBe(1);
    expect(await calls.closeStaleCalls()).toBe(0);
    const closed = await db
      .selectFrom('calls')
      .selectAll()
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(closed.outcome).toBe('answered');
    expect(closed.billed_minutes).toBe(2);
    expect((await getUsage(db, owner.userId, ctx().clock.now())).minutesUsed).toBe(2);
  });

  it('a number with no agent is not in service', async () => {
    const relay = await dial(ctx().app, '+15550000000');
    const reply = await relay.reply();
    expect(reply.text).toMatch(/not in service/);
    expect(reply.end).toEqual({ reason: 'unavailable' });
  });

  it('pages the history newest first', async () => {
    const owner = await seedActiveAgent(ctx());
    for (let i = 0; i < 3; i++) {
      const relay = await dial(ctx().app, owner.number, `+1555000000${i}`);
      await relay.reply();
      relay.close();
      ctx().clock.advance(1000);
    }
    await eventually(async () => {
      const rows = await ctx()
        .db.selectFrom('calls')
        .select('outcome')
        .where('outcome', 'is not', null)
        .execute();
      return rows.length === 3;
    });
    const first = (await owner.client.get('/api/calls/history?limit=2')).json();
    expect(first.calls.map((c: { phone_number: string }) => c.phone_number)).toEqual([
      '+15550000002',
      '+15550000001',
    ]);
    expect(first.next_before).toBe(first.calls[1].id);
    const second = (await owner.client.get(`/api/calls/history?limit=2&before=${first.next_before}`)).json();
    expect(second.calls.map((c: { phone_number: string }) => c.phone_number)).toEqual(['+15550000000']);
    expect(second.next_before).toBeNull();
    expect((await ctx().app.inject({ method: 'GET', url: '/api/calls/history' })).statusCode).toBe(401);
  });
});
