import { describe, expect, it } from 'vitest';
import { getUsage } from '../../entitlements/minutes.ts';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { dial, eventually, seedActiveAgent } from './calls-test-helpers.ts';

const MINUTE = 60_000;

/** Issue 24 section 3: no caller lost when the minutes run out, and the owner warned at 80 % and 100 % (ADR 042). */
describe.each(databaseTargets())('when minutes run out (%s)', (target) => {
  const ctx = useTestApp(target);

  const voiceWebhook = (to: string, callSid: string) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/twilio/voice',
      payload: new URLSearchParams({ CallSid: callSid, From: '+15551230000', To: to }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('forwards a call at the limit to the transfer number without using agent minutes', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic', minutes: 0, transfer: '+15557654321' });
    const response = await voiceWebhook(owner.number, 'CAlimit1');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<Dial callerId="${owner.number}">+15557654321</Dial>`);
    expect(response.body).not.toContain('ConversationRelay');
    const call = (await owner.client.get('/api/calls/history')).json().calls[0];
    expect(call.outcome).toBe('rejected_no_minutes');
    expect(call.summary).toBe('Not answered: the agent was out of minutes. Forwarded to +15557654321.');
    expect((await getUsage(ctx().db, owner.userId, ctx().clock.now())).minutesUsed).toBe(0);
  });

  it('without a transfer number the caller may leave a message, on Twilio and on the softphone', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro', minutes: 0, transfer: null });
    const response = await voiceWebhook(owner.number, 'CAlimit2');
    expect(response.body).toMatch(
      /<Gather input="speech" action="\/api\/twilio\/voice-message" method="POST"[^>]*><Say>Thanks for calling Acme Plumbing\. We can't take your call right now, but you can leave a message\./,
    );
    const left = await ctx().app.inject({
      method: 'POST',
      url: '/api/twilio/voice-message',
      payload: new URLSearchParams({
        CallSid: 'CAlimit2',
        SpeechResult: 'This is Sam Lee, call me at 555 222 3333 about a quote.',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(left.body).toContain('Thank you, your message has been passed on');
    expect(left.body).toContain('<Hangup/>');

    const relay = await dial(ctx().app, owner.number, '+15559990000');
    expect((await relay.reply()).text).toMatch(
      /We can't take your call right now, but you can leave a message/,
    );
    relay.prompt('Hi, I need a plumber tomorrow morning.');
    expect((await relay.reply()).end).toEqual({ reason: 'message' });
    relay.close();

    const calls = await eventually(async () => {
      const found = (await owner.client.get('/api/calls/history')).json().calls;
      return found.length === 2 && found.every((c: { message: unknown }) => c.message) ? found : null;
    });
    const messages = calls
      .map((c: { message: { text: string } }) => c.message)
      .sort((a: { text: string }, b: { text: string }) => a.text.localeCompare(b.text));
    expect(messages).toEqual([
      {
        name: null,
        callback_number: '+15559990000',
        text: 'Hi, I need a plumber tomorrow morning.',
        context: 'no_minutes',
      },
      {
        name: 'Sam Lee',
        callback_number: '+15552223333',
        text: 'This is Sam Lee, call me at 555 222 3333 about a quote.',
        context: 'no_minutes',
      },
    ]);
    expect(calls.every((c: { outcome: string }) => c.outcome === 'rejected_no_minutes')).toBe(true);
    const alerts = await ctx()
      .db.selectFrom('emails')
      .select('subject')
      .where('dedupe_key', 'like', 'escalation:%')
      .execute();
    expect(alerts.map((a) => a.subject).sort()).toEqual([
      'New message from +15559990000: please call back +15559990000',
      'New message from Sam Lee: please call back +15552223333',
    ]);
  });

  it('e-mails the owner at 80 % and at 100 % of the minutes, once each, with a link to buy minutes', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic', minutes: 10 });
    const usageEmails = () =>
      ctx()
        .db.selectFrom('emails')
        .selectAll()
        .where('dedupe_key', 'like', 'minutes-%')
        .orderBy('created_at')
        .execute();

    // A call of 7 minutes 50 seconds: 8 minutes billed, 80 %.
    const first = await dial(ctx().app, owner.number);
    await first.reply();
    ctx().clock.advance(7 * MINUTE + 50_000);
    first.prompt('Do you have parking?');
    await first.reply();
    first.close();
    await eventually(async () => (await usageEmails()).length === 1);
    ctx().clock.advance(MINUTE);

    // A call of 1 minute 30 seconds: 2 more minutes, 100 %.
    const second = await dial(ctx().app, owner.number);
    await second.reply();
    ctx().clock.advance(90_000);
    second.close();
    await eventually(async () => (await usageEmails()).length === 2);

    // At the limit: the next call is forwarded, and nobody is e-mailed again.
    const third = await dial(ctx().app, owner.number);
    expect((await third.reply()).end).toEqual({ reason: 'unavailable', transfer_to: '+15557654321' });
    third.close();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const emails = await usageEmails();
    expect(emails.map((e) => [e.to_address, e.subject])).toEqual([
      [owner.email, "You've used 80% of your minutes"],
      [owner.email, "You've used all your minutes"],
    ]);
    expect(emails[0]!.text_body).toContain('Your AI phone agent has used 8 of its 10 minutes this period.');
    expect(emails[1]!.text_body).toContain('http://localhost:3000/pricing');
  });
});
