import Fastify from 'fastify';
import { agentRefOf } from '../../test/seed.ts';
import websocket from '@fastify/websocket';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import {
  eventually,
  openRelay,
  RelayDriver,
  seedActiveAgent,
  addDocumentToLiveAgent,
} from '../calls/calls-test-helpers.ts';
import { insertCall } from '../calls/calls.repository.ts';
import { createCallService } from '../calls/calls.service.ts';
import { voiceRoutes } from './voice.routes.ts';
import type { Timers } from './conversation-relay.ts';

const TOKEN = 'twilio-test-auth-token';
const BASE = 'https://calls.example.com';

function signed(path: string, params: Record<string, string>, token = TOKEN) {
  return {
    'x-twilio-signature': twilio.getExpectedTwilioSignature(token, `${BASE}${path}`, params),
    'content-type': 'application/x-www-form-urlencoded',
  };
}

describe.each(databaseTargets())('Twilio voice webhooks and ConversationRelay (%s)', (target) => {
  const ctx = useTestApp(target, {
    env: {
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: TOKEN,
      PUBLIC_BASE_URL: BASE,
    },
  });

  async function post(path: string, params: Record<string, string>, headers = signed(path, params)) {
    return ctx().app.inject({
      method: 'POST',
      url: path,
      payload: new URLSearchParams(params).toString(),
      headers,
    });
  }

  it('answers an active number with ConversationRelay and refuses bad signatures', async () => {
    const owner = await seedActiveAgent(ctx());
    const params = {
      CallSid: 'CA1',
      AccountSid: 'AC0',
      From: '+15551230000',
      To: owner.number,
      CallStatus: 'ringing',
      Direction: 'inbound',
    };
    const ok = await post('/api/twilio/voice', params);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/text\/xml/);
    expect(ok.body).toContain(
      '<Connect action="/api/twilio/connect-done"><ConversationRelay url="wss://calls.example.com/api/twilio/conversation-relay"',
    );
    // Partial prompts let the runtime prepare a question while the caller is still speaking.
    expect(ok.body).toMatch(/<ConversationRelay [^>]*partialPrompts="true"/);

    const forged = await post(
      '/api/twilio/voice',
      params,
      signed('/api/twilio/voice', params, 'wrong-token'),
    );
    expect(forged.statusCode).toBe(403);
    const tampered = await post(
      '/api/twilio/voice',
      { ...params, To: '+15550000000' },
      signed('/api/twilio/voice', params),
    );
    expect(tampered.statusCode).toBe(403);
    const unsigned = await ctx().app.inject({
      method: 'POST',
      url: '/api/twilio/voice',
      payload: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(403);
  });

  it("tells Twilio's recogniser the business's name, topics and names, and follows a document change", async () => {
    const owner = await seedActiveAgent(ctx());
    const call = async (sid: string) => {
      const response = await post('/api/twilio/voice', {
        CallSid: sid,
        From: '+15551230000',
        To: owner.number,
      });
      return /<ConversationRelay [^>]*hints="([^"]*)"/.exec(response.body)?.[1]?.split(',');
    };
    expect(await call('CA10')).toEqual([
      'Acme Plumbing',
      'Opening hours',
      'Elm Street',
      'Parking',
      'Apple Pay',
      'Payment methods',
      'Boiler repair',
    ]);
    await addDocumentToLiveAgent(
      ctx().db,
      owner.userId,
      'water-heaters.txt',
      '# Do you install tankless water heaters?\nYes, we install Rinnai and Navien tankless units.',
    );
    expect(await call('CA11')).toEqual(
      expect.arrayContaining(['install tankless water heaters', 'Rinnai', 'Navien', 'Elm Street']),
    );
  });

  it('an inactive agent: a short unavailable message, then the transfer number', async () => {
    const owner = await seedActiveAgent(ctx());
    await ctx()
      .db.updateTable('agent_configs')
      .set({ status: 'inactive', voice_id: null })
      .where('user_id', '=', owner.userId)
      .execute();
    const params = { CallSid: 'CA2', From: '+15551230000', To: owner.number };
    const response = await post('/api/twilio/voice', params);
    expect(response.body).toMatch(
      /<Say>Thanks for calling Acme Plumbing\. Our assistant is unavailable right now.*<\/Say><Dial callerId="\+1555\d+">\+15557654321<\/Dial>/,
    );
  });

  it('when calls in progress hold every minute left, the webhook says the line is unavailable and transfers', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic', minutes: 1 });
    // A call in progress (on any instance) holds the only minute left.
    await insertCall(ctx().db, {
      userId: owner.userId,
      agentId: (await agentRefOf(ctx().db, owner.userId)).agentId,
      provider: 'twilio',
      providerCallId: 'CAlive',
      phoneNumber: '+15551112222',
      toNumber: owner.number,
      startedAt: ctx().clock.now(),
      lastSeenAt: ctx().clock.now(),
      reservedMinutes: 1,
    });
    const response = await post('/api/twilio/voice', {
      CallSid: 'CA4',
      From: '+15551230000',
      To: owner.number,
    });
    expect(response.body).toMatch(
      /<Say>Thanks for calling Acme Plumbing\. Our assistant is unavailable right now.*<\/Say><Dial callerId="\+1555\d+">\+15557654321<\/Dial>/,
    );
    const rejected = await ctx()
      .db.selectFrom('calls')
      .select(['outcome', 'phone_number'])
      .where('provider_call_id', '=', 'CA4')
      .executeTakeFirstOrThrow();
    expect(rejected).toEqual({ outcome: 'rejected_no_minutes', phone_number: '+15551230000' });
  });

  it('connect-done dials the transfer number from handoffData, otherwise hangs up', async () => {
    const transfer = {
      CallSid: 'CA3',
      From: '+15551230000',
      To: '+15550123',
      HandoffData: JSON.stringify({ reason: 'requested', transfer_to: '+15557654321' }),
    };
    const dial = await post('/api/twilio/connect-done', transfer);
    expect(dial.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="+15550123">+15557654321</Dial></Response>',
    );
    const done = {
      CallSid: 'CA3',
      From: '+15551230000',
      To: '+15550123',
      HandoffData: JSON.stringify({ reason: 'completed' }),
    };
    expect((await post('/api/twilio/connect-done', done)).body).toContain('<Hangup/>');
    expect(
      (await post('/api/twilio/connect-done', done, signed('/api/twilio/connect-done', transfer))).statusCode,
    ).toBe(403);
  });

  it('the relay handshake needs a valid signature; a signed call runs and its status callback is applied once', async () => {
    const owner = await seedActiveAgent(ctx());
    await expect(openRelay(ctx().app)).rejects.toThrow(/403/);
    const badSig = twilio.getExpectedTwilioSignature(
      'wrong',
      `wss://calls.example.com/api/twilio/conversation-relay`,
      {},
    );
    await expect(openRelay(ctx().app, { 'x-twilio-signature': badSig })).rejects.toThrow(/403/);

    const sig = twilio.getExpectedTwilioSignature(
      TOKEN,
      'wss://calls.example.com/api/twilio/conversation-relay',
      {},
    );
    const relay = await openRelay(ctx().app, { 'x-twilio-signature': sig });
    relay.setup(owner.number, '+15551230000', 'CAlive');
    expect((await relay.reply()).text).toMatch(/^Thanks for calling Acme Plumbing/);
    relay.prompt('Where do I park?');
    expect((await relay.reply()).text).toMatch(/Elm Street/);
    ctx().clock.advance(30_000);
    relay.prompt('I want to talk to a human');
    expect((await relay.reply()).end).toEqual({ reason: 'requested', transfer_to: '+15557654321' });
    relay.close();
    const call = await eventually(() =>
      ctx()
        .db.selectFrom('calls')
        .selectAll()
        .where('provider_call_id', '=', 'CAlive')
        .where('outcome', 'is not', null)
        .executeTakeFirst(),
    );
    expect(call.provider).toBe('twilio');
    expect(call.duration_s).toBe(30);

    // Twilio's final duration (the transfer included) is recorded; a replay changes nothing.
    const status = {
      CallSid: 'CAlive',
      CallStatus: 'completed',
      CallDuration: '95',
      From: '+15551230000',
      To: owner.number,
    };
    expect((await post('/api/twilio/status', status)).statusCode).toBe(204);
    const before = await ctx()
      .db.selectFrom('calls')
      .selectAll()
      .where('id', '=', call.id)
      .executeTakeFirstOrThrow();
    expect(before.duration_s).toBe(95);
    const ledgerBefore = await ctx()
      .db.selectFrom('minute_ledger')
      .selectAll()
      .where('call_id', '=', call.id)
      .execute();
    expect((await post('/api/twilio/status', status)).statusCode).toBe(204);
    const after = await ctx()
      .db.selectFrom('calls')
      .selectAll()
      .where('id', '=', call.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(
      await ctx().db.selectFrom('minute_ledger').selectAll().where('call_id', '=', call.id).execute(),
    ).toEqual(ledgerBefore);
    expect(ledgerBefore.reduce((n, r) => n + r.minutes, 0)).toBe(1);
  });

  it("lets a signed-in owner's browser softphone call their own agent without a Twilio signature", async () => {
    const owner = await seedActiveAgent(ctx());
    const other = await seedActiveAgent(ctx());
    const session = `session_token=${owner.client.cookie('session_token')}`;

    // A cross-site page cannot borrow the owner's cookie: the Origin must be this site.
    await expect(openRelay(ctx().app, { cookie: session, origin: 'https://evil.example' })).rejects.toThrow(
      /403/,
    );

    const relay = await openRelay(ctx().app, { cookie: session, origin: BASE });
    relay.setup(owner.number, '+15551239999', 'softphone-1');
    expect((await relay.reply()).text).toMatch(/^Thanks for calling Acme Plumbing/);
    relay.close();

    // The owner's softphone may only ring the owner's own agent.
    const foreign = await openRelay(ctx().app, { cookie: session, origin: BASE });
    foreign.setup(other.number, '+15551239999', 'softphone-2');
    const refused = await foreign.reply();
    expect(refused.text).toMatch(/not in service/);
    expect(refused.end).toMatchObject({ reason: 'unavailable' });
    const otherCalls = await ctx()
      .db.selectFrom('calls')
      .select('id')
      .where('user_id', '=', other.userId)
      .execute();
    expect(otherCalls).toHaveLength(0);
  });
});

describe.each(databaseTargets())('silence on the line (%s)', (target) => {
  const ctx = useTestApp(target);

  /**
   * A call to a seeded agent, past its greeting, on voice routes whose timers the test fires by hand (`pending` holds
   * the armed ones).
   */
  const withGreetedCall = async (test: (relay: RelayDriver, pending: (() => void)[]) => Promise<void>) => {
    const owner = await seedActiveAgent(ctx());
    const pending: (() => void)[] = [];
    const timers: Timers = {
      set: (fn, ms) => {
        if (ms !== 30_000) return null; // only the silence countdown (30 s) is under test, not the call's ticks
        pending.push(fn);
        return fn;
      },
      clear: (handle) => {
        const i = pending.indexOf(handle as () => void);
        if (i >= 0) pending.splice(i, 1);
      },
    };
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(formbody);
    await app.register(websocket);
    const calls = createCallService(ctx().deps, { onEscalated: async () => undefined });
    await app.register(voiceRoutes(ctx().deps, calls, { timers }), { prefix: '/api' });
    await app.ready();
    try {
      const ws = await app.injectWS('/api/twilio/conversation-relay');
      const relay = new RelayDriver(ws as never);
      relay.setup(owner.number);
      await relay.reply();
      await test(relay, pending);
    } finally {
      await app.close();
    }
  };

  it('asks "Are you still there?" after the silence, then ends the call', async () => {
    await withGreetedCall(async (relay, pending) => {
      expect(pending).toHaveLength(1);
      pending.shift()!();
      expect((await relay.reply()).text).toBe('Are you still there?');
      expect(pending).toHaveLength(1);
      pending.shift()!();
      const last = await relay.reply();
      expect(last.text).toMatch(/I haven't heard anything/);
      expect(last.end).toEqual({ reason: 'completed' });
      expect(pending).toHaveLength(0);
      const call = await eventually(() =>
        ctx().db.selectFrom('calls').selectAll().where('outcome', 'is not', null).executeTakeFirst(),
      );
      expect(call.outcome).toBe('abandoned');
    });
  });

  it('restarts the silence countdown while the caller is still speaking (partial prompts)', async () => {
    await withGreetedCall(async (relay, pending) => {
      const afterGreeting = pending[0];
      relay.partial('is there');
      // The countdown armed after the greeting is replaced by a fresh one: the caller is talking, not silent.
      await eventually(async () => (pending.length === 1 && pending[0] !== afterGreeting ? true : null));
      relay.prompt('is there parking');
      expect((await relay.reply()).text).toMatch(/Elm Street/);
    });
  });
});
