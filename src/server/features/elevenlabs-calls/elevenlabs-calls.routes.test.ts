import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getUsage } from '../../entitlements/minutes.ts';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { eventually, refuseLedgerWrites, seedActiveAgent } from '../calls/calls-test-helpers.ts';

const SECRET = 'whsec_test';

function sign(raw: string, secret = SECRET, t = Math.floor(Date.now() / 1000)) {
  return `t=${t},v0=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
}

function conversation(agentId: string, id: string) {
  return {
    type: 'post_call_transcription',
    event_timestamp: 1_790_000_000,
    data: {
      agent_id: agentId,
      conversation_id: id,
      status: 'done',
      has_audio: false,
      has_user_audio: false,
      has_response_audio: false,
      has_auxiliary_audio: false,
      transcript: [
        { role: 'agent', message: 'Hi, Acme Plumbing, how can I help?', time_in_call_secs: 0 },
        {
          role: 'user',
          message: 'Is my boiler covered by warranty? I want to talk to someone.',
          time_in_call_secs: 4,
        },
        {
          role: 'agent',
          message: 'Let me transfer you.',
          time_in_call_secs: 9,
          tool_calls: [
            { tool_name: 'transfer_to_number', params_as_json: '{"phone_number":"+15557654321"}' },
          ],
        },
      ],
      metadata: {
        start_time_unix_secs: 1_790_000_000,
        call_duration_secs: 75,
        phone_call: {
          type: 'twilio',
          direction: 'inbound',
          external_number: '+15553334444',
          agent_number: '+15550123',
        },
      },
      analysis: {
        call_successful: 'success',
        transcript_summary: 'Caller asked about warranty and was transferred.',
      },
    },
  };
}

describe.each(databaseTargets())('ElevenLabs-hosted calls (%s)', (target) => {
  const ctx = useTestApp(target, { env: { ELEVENLABS_WEBHOOK_SECRET: SECRET } });

  const post = (raw: string, signature: string) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/elevenlabs/webhook',
      payload: raw,
      headers: { 'content-type': 'application/json', 'elevenlabs-signature': signature },
    });

  /** A Pro owner whose agent is hosted by ElevenLabs as agent_abc. */
  async function hostedOwner() {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await ctx()
      .db.updateTable('agent_configs')
      .set({ eleven_agent_id: 'agent_abc' })
      .where('user_id', '=', owner.userId)
      .execute();
    return owner;
  }

  it('stores a conversation once, with minutes, escalation outcome and one alert; bad signatures are refused', async () => {
    const owner = await hostedOwner();
    const raw = JSON.stringify(conversation('agent_abc', 'conv_1'));

    expect((await post(raw, sign(raw, 'wrong'))).statusCode).toBe(403);
    expect((await post(raw, sign(raw, SECRET, Math.floor(Date.now() / 1000) - 3600))).statusCode).toBe(403);
    expect((await post(raw.replace('75', '76'), sign(raw))).statusCode).toBe(403);

    const first = await post(raw, sign(raw));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, stored: true });
    const replay = await post(raw, sign(raw));
    expect(replay.json()).toEqual({ received: true, stored: false });

    const history = (await owner.client.get('/api/calls/history')).json();
    expect(history.calls).toHaveLength(1);
    const call = history.calls[0];
    expect(call).toMatchObject({
      phone_number: '+15553334444',
      duration: 75,
      outcome: 'escalated_requested',
      summary: 'Caller asked about warranty and was transferred.',
    });
    expect(call.transcript.map((t: { speaker: string }) => t.speaker)).toEqual(['agent', 'caller', 'agent']);
    expect((await getUsage(ctx().db, owner.userId, ctx().clock.now())).minutesUsed).toBe(2);
    const emails = await eventually(async () => {
      const rows = await ctx().db.selectFrom('emails').selectAll().execute();
      return rows.length > 0 && rows.every((r) => r.status === 'outbox') ? rows : undefined;
    });
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text_body).toMatch(/Caller's question: Is my boiler covered by warranty/);
    expect(emails[0]!.text_body).toMatch(/Transferred to: \+15557654321/);
  });

  it('refuses a signature dated ahead of the 30-minute window as it refuses an old one', async () => {
    await hostedOwner();
    const raw = JSON.stringify(conversation('agent_abc', 'conv_future'));
    const now = Math.floor(Date.now() / 1000);
    for (const t of [now + 10 * 365 * 86_400, now + 3600, now - 3600]) {
      const response = await post(raw, sign(raw, SECRET, t));
      expect(response.statusCode, String(t - now)).toBe(403);
    }
    expect(await ctx().db.selectFrom('calls').select('id').execute()).toHaveLength(0);
    // A clock a minute ahead of ours is within the window.
    expect((await post(raw, sign(raw, SECRET, now + 60))).json()).toEqual({ received: true, stored: true });
  });

  it('stores a conversation whose caller text has a NUL or a lone surrogate, without them', async () => {
    const owner = await hostedOwner();
    const event = conversation('agent_abc', 'conv_nul');
    event.data.transcript[1]!.message =
      'Is my boiler\u0000 covered by warranty?\ud800 I want to talk to someone.';
    const raw = JSON.stringify(event);
    const response = await post(raw, sign(raw));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, stored: true });
    const [call] = (await owner.client.get('/api/calls/history')).json().calls;
    expect(call.transcript[1]).toMatchObject({
      speaker: 'caller',
      text: 'Is my boiler covered by warranty? I want to talk to someone.',
    });
  });

  it('refuses a delivery whose minutes cannot be debited, and stores and bills it whole on the retry', async () => {
    const owner = await hostedOwner();
    const raw = JSON.stringify(conversation('agent_abc', 'conv_2'));

    const ledger = await refuseLedgerWrites(ctx().db);
    const failed = await post(raw, sign(raw));
    await ledger.restore();
    expect(failed.statusCode).toBe(500); // ElevenLabs retries a delivery that was not acknowledged
    expect(await ledger.attempts()).toBe(1);
    expect((await owner.client.get('/api/calls/history')).json().calls).toHaveLength(0);

    const retry = await post(raw, sign(raw));
    expect(retry.json()).toEqual({ received: true, stored: true });
    expect((await owner.client.get('/api/calls/history')).json().calls).toHaveLength(1);
    expect((await getUsage(ctx().db, owner.userId, ctx().clock.now())).minutesUsed).toBe(2);
  });

  it('Sync Calls with the local runtime says the calls are up to date', async () => {
    const owner = await seedActiveAgent(ctx());
    const response = await owner.client.post('/api/calls/sync-from-elevenlabs');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your calls are up to date' });
  });
});
