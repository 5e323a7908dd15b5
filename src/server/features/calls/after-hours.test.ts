import { describe, expect, it } from 'vitest';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { defaultOpeningHours } from '../../../shared/opening-hours.ts';
import { dial, eventually, seedActiveAgent, type SeededAgent } from './calls-test-helpers.ts';

/** Monday to Friday 9 to 5 in New York; Thursday 26 November 2026 closed for Thanksgiving. */
const HOURS = {
  ...defaultOpeningHours('America/New_York'),
  closed_dates: [{ date: '2026-11-26', label: 'Thanksgiving' }],
};

/** Issue 24 section 2: calls outside opening hours, and questions about opening (ADR 042). */
describe.each(databaseTargets())('opening hours on calls (%s)', (target) => {
  const ctx = useTestApp(target);

  async function withHours(owner: SeededAgent) {
    const saved = await owner.client.post('/api/agent/hours', HOURS);
    expect(saved.statusCode).toBe(200);
  }

  async function emailsTo(to: string) {
    return ctx().db.selectFrom('emails').selectAll().where('to_address', '=', to).execute();
  }

  it('outside opening hours answers from the documents, never transfers, and takes a message shown on the call and e-mailed on Pro', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro', transfer: '+15557654321' });
    await withHours(owner);
    // Sunday 22 November 2026, 7 AM in New York: closed.
    const relay = await dial(ctx().app, owner.number, '+15551230000');
    const greeting = await relay.reply();
    expect(greeting.text).toContain("We're closed right now, we open again tomorrow at 9 AM.");
    relay.prompt('Do you have parking?');
    expect((await relay.reply()).text).toMatch(/Free parking is available behind the building/);
    relay.prompt('Can I speak to a person please?');
    const offer = await relay.reply();
    expect(offer.end).toBeNull();
    expect(offer.text).toMatch(/I can take a message/);
    expect(offer.text).not.toMatch(/transfer/i);
    relay.prompt('My name is Jane Doe, please call me back on 555 867 5309, my boiler is leaking.');
    const bye = await relay.reply();
    expect(bye.end).not.toHaveProperty('transfer_to');
    relay.close();

    const call = await eventually(async () => {
      const history = await owner.client.get('/api/calls/history');
      const found = history.json().calls[0];
      return found?.message ? found : null;
    });
    expect(call.message).toEqual({
      name: 'Jane Doe',
      callback_number: '+15558675309',
      text: 'My name is Jane Doe, please call me back on 555 867 5309, my boiler is leaking.',
      context: 'after_hours',
    });
    const emails = await eventually(async () => {
      const found = await emailsTo(`alerts-${owner.userId.slice(0, 8)}@acme.test`);
      return found.length > 0 ? found : null;
    });
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('New message from Jane Doe: please call back +15558675309');
    expect(emails[0]!.text_body).toContain('Why a message: The caller called outside your opening hours');
  });

  it('answers questions about opening from the hours, a holiday winning over the documents and the regular week', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic' });
    await withHours(owner);
    // Monday 23 November 2026, 10 AM in New York: open.
    ctx().clock.set('2026-11-23T15:00:00Z');
    const relay = await dial(ctx().app, owner.number);
    expect((await relay.reply()).text).toMatch(/How can I help you today\?$/);
    relay.prompt('Are you open now?');
    expect((await relay.reply()).text).toBe("We're open now, until 5 PM today.");
    relay.prompt('Are you open on the 26th?');
    // The FAQ says Monday to Friday 8 to 6; the closed date wins.
    expect((await relay.reply()).text).toBe(
      "No, we're closed on Thursday, November 26 for Thanksgiving. We open again on Friday, November 27 at 9 AM.",
    );
    relay.prompt('When do you open tomorrow?');
    expect((await relay.reply()).text).toBe('Tomorrow we open at 9 AM, and close at 5 PM.');
    // Open: a caller asking for a person is transferred as always.
    relay.prompt('I want to talk to a person');
    expect((await relay.reply()).end).toEqual({ reason: 'requested', transfer_to: '+15557654321' });
    relay.close();

    const call = await eventually(async () => {
      const found = (await owner.client.get('/api/calls/history')).json().calls[0];
      return found?.outcome ? found : null;
    });
    const holiday = call.transcript.find((e: { text: string }) => e.text.includes('Thanksgiving'));
    expect(holiday.sources).toEqual([{ document: 'Opening hours', heading: 'Thanksgiving', page: null }]);
    expect(call.questions_answered).toBe(3);
  });

  it('keeps an account without hours always open: transfers on a Sunday night', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'basic' });
    ctx().clock.set('2026-11-23T04:00:00Z');
    const relay = await dial(ctx().app, owner.number);
    expect((await relay.reply()).text).not.toMatch(/closed/);
    relay.prompt('operator');
    expect((await relay.reply()).end).toEqual({ reason: 'requested', transfer_to: '+15557654321' });
    relay.close();
  });
});
