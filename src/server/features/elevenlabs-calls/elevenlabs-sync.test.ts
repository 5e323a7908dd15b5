import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getUsage } from '../../entitlements/minutes.ts';
import { createElevenLabsHostedAgents } from '../../providers/hosted-agents/elevenlabs.ts';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../providers/hosted-agents/elevenlabs.fake.ts';
import { databaseTargets, signUp, useTestApp } from '../../test/harness.ts';
import { seedActiveAgent, type SeededAgent } from '../calls/calls-test-helpers.ts';
import type { PlanId } from '../../../shared/plans.ts';

const API_KEY = 'test-eleven-key';
const AGENT = 'agent_abc';
/** 2026-11-22T10:00:00Z, two hours before the test clock. */
const T0 = 1_795_341_600;

type Turn = { role: 'user' | 'agent'; message: string; at: number; transferTo?: string };

/** A finished conversation in the full wire shape GET /v1/convai/conversations/{id} returns (snake_case). */
function conversation(
  id: string,
  options: {
    agentId?: string;
    status?: string;
    start?: number;
    duration: number;
    caller?: string;
    summary?: string;
    turns: Turn[];
  },
) {
  return {
    agent_id: options.agentId ?? AGENT,
    conversation_id: id,
    status: options.status ?? 'done',
    has_audio: true,
    has_user_audio: true,
    has_response_audio: true,
    has_auxiliary_audio: false,
    transcript: options.turns.map((t, i) => ({
      role: t.role,
      message: t.message,
      time_in_call_secs: t.at,
      interrupted: false,
      tool_calls: t.transferTo
        ? [
            {
              type: 'system',
              request_id: `req_${id}_${i}`,
              tool_name: 'transfer_to_number',
              params_as_json: JSON.stringify({ phone_number: t.transferTo, reason: 'caller asked' }),
              tool_has_been_called: true,
            },
          ]
        : [],
    })),
    metadata: {
      start_time_unix_secs: options.start ?? T0,
      call_duration_secs: options.duration,
      termination_reason: 'end_call tool was called',
      phone_call: {
        type: 'twilio',
        direction: 'inbound',
        phone_number_id: 'phnum_1',
        agent_number: '+15550100000',
        external_number: options.caller ?? '+15553334444',
        call_sid: `CA${id}`,
        stream_sid: `MZ${id}`,
      },
    },
    analysis: {
      call_successful: 'success',
      transcript_summary: options.summary ?? `Summary of ${id}.`,
      evaluation_criteria_results: {},
      data_collection_results: {},
    },
    conversation_initiation_client_data: { dynamic_variables: {} },
  };
}

const answered = conversation('conv_answered', {
  start: T0,
  duration: 65,
  caller: '+15551112222',
  summary: 'Caller asked about opening hours.',
  turns: [
    { role: 'agent', message: 'Hi, Acme Plumbing, how can I help?', at: 0 },
    { role: 'user', message: 'When are you open on Saturday?', at: 3 },
    { role: 'agent', message: 'On Saturday we are open from 9 a.m. to 1 p.m.', at: 6 },
  ],
});

const escalated = conversation('conv_escalated', {
  start: T0 + 600,
  duration: 75,
  caller: '+15553334444',
  summary: 'Caller asked about warranty and was transferred.',
  turns: [
    { role: 'agent', message: 'Hi, Acme Plumbing, how can I help?', at: 0 },
    { role: 'user', message: 'Is my boiler covered by warranty? I want to talk to someone.', at: 4 },
    { role: 'agent', message: 'Let me transfer you.', at: 9, transferTo: '+15557654321' },
  ],
});

describe.each(databaseTargets())('Sync Calls from ElevenLabs through the SDK (%s)', (target) => {
  let fake: FakeElevenLabs;
  // Read by the harness in each beforeEach, after the fake has started.
  const env: Record<string, string> = { ELEVENLABS_API_KEY: API_KEY };
  beforeAll(async () => {
    fake = await startFakeElevenLabs({ apiKey: API_KEY });
    env.ELEVENLABS_BASE_URL = fake.url;
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.conversations.clear();
    fake.failures.clear();
    fake.requests.length = 0;
  });

  const ctx = useTestApp(target, {
    env,
    providers: (c) => ({
      hostedAgents: createElevenLabsHostedAgents({
        apiKey: API_KEY,
        baseUrl: c.env.ELEVENLABS_BASE_URL,
        maxRetries: 0,
      }),
    }),
  });

  async function hostedOwner(plan: PlanId): Promise<SeededAgent> {
    const owner = await seedActiveAgent(ctx(), { plan });
    await ctx()
      .db.updateTable('agent_configs')
      .set({ eleven_agent_id: AGENT })
      .where('user_id', '=', owner.userId)
      .execute();
    return owner;
  }

  const addConversations = (...items: ReturnType<typeof conversation>[]) => {
    for (const c of items) fake.conversations.set(c.conversation_id, c);
  };
  const sync = (owner: SeededAgent) => owner.client.post('/api/calls/sync-from-elevenlabs');
  const history = async (owner: SeededAgent) => (await owner.client.get('/api/calls/history')).json();
  const minutesUsed = async (owner: SeededAgent) =>
    (await getUsage(ctx().db, owner.userId, ctx().clock.now())).minutesUsed;
  const emails = () => ctx().db.selectFrom('emails').selectAll().execute();

  it('stores finished conversations as calls with transcript, duration, outcome and summary, once', async () => {
    const owner = await hostedOwner('pro');
    addConversations(
      answered,
      escalated,
      // Still being analysed: synced later, once done (its summary is not written yet).
      conversation('conv_processing', {
        status: 'processing',
        start: T0 + 900,
        duration: 30,
        turns: [{ role: 'user', message: 'Hello?', at: 1 }],
      }),
      // Another business's agent.
      conversation('conv_other', {
        agentId: 'agent_other',
        duration: 40,
        turns: [{ role: 'user', message: 'Hi', at: 1 }],
      }),
    );

    const first = await sync(owner);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Synced 2 new calls' });

    // The SDK asked for this agent's conversations with the account key.
    const list = fake
      .find('GET', '/v1/convai/conversations')
      .filter((r) => r.path === '/v1/convai/conversations');
    expect(list).toHaveLength(1);
    expect(list[0]!.headers['xi-api-key']).toBe(API_KEY);

    const page = await history(owner);
    expect(page.calls).toHaveLength(2);
    const [newest, oldest] = page.calls;
    expect(newest).toMatchObject({
      phone_number: '+15553334444',
      duration: 75,
      outcome: 'escalated_requested',
      summary: 'Caller asked about warranty and was transferred.',
      created_at: new Date((T0 + 600) * 1000).toISOString(),
    });
    expect(newest.transcript).toEqual([
      { speaker: 'agent', text: 'Hi, Acme Plumbing, how can I help?', at_s: 0 },
      { speaker: 'caller', text: 'Is my boiler covered by warranty? I want to talk to someone.', at_s: 4 },
      { speaker: 'agent', text: 'Let me transfer you.', at_s: 9 },
    ]);
    expect(oldest).toMatchObject({
      phone_number: '+15551112222',
      duration: 65,
      outcome: 'answered',
      summary: 'Caller asked about opening hours.',
    });
    expect(oldest.transcript.map((t: { speaker: string }) => t.speaker)).toEqual([
      'agent',
      'caller',
      'agent',
    ]);
    // ceil(65/60) + ceil(75/60)
    expect(await minutesUsed(owner)).toBe(4);

    // One alert for the escalated call (Pro has e-mail alerts).
    const alerts = await emails();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to_address).toBe(`alerts-${owner.userId.slice(0, 8)}@acme.test`);
    expect(alerts[0]!.dedupe_key).toMatch(/^escalation:/);
    expect(alerts[0]!.text_body).toMatch(/Is my boiler covered by warranty/);
    expect(alerts[0]!.text_body).toMatch(/\+15557654321/);

    // Syncing again adds nothing, debits nothing, alerts nobody and does not re-read stored conversations.
    const detailsRead = fake.find('GET', '/v1/convai/conversations/').length;
    const second = await sync(owner);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: 'Your calls are up to date' });
    expect((await history(owner)).calls).toHaveLength(2);
    expect(await minutesUsed(owner)).toBe(4);
    expect(await emails()).toHaveLength(1);
    expect(fake.find('GET', '/v1/convai/conversations/').length).toBe(detailsRead);

    // The processing conversation is stored once ElevenLabs has finished it.
    fake.conversations.get('conv_processing').status = 'done';
    expect((await sync(owner)).json()).toEqual({ message: 'Synced 1 new call' });
    const after = await history(owner);
    expect(after.calls).toHaveLength(3);
    expect(after.calls[0]).toMatchObject({
      duration: 30,
      outcome: 'answered',
      summary: 'Summary of conv_processing.',
    });
    expect(await minutesUsed(owner)).toBe(5);
  });

  it('an escalated hosted call sends no alert on Basic', async () => {
    const owner = await hostedOwner('basic');
    addConversations(escalated);
    expect((await sync(owner)).json()).toEqual({ message: 'Synced 1 new call' });
    expect((await history(owner)).calls[0]).toMatchObject({ outcome: 'escalated_requested' });
    expect(await minutesUsed(owner)).toBe(2);
    expect(await emails()).toHaveLength(0);
  });

  it('a provider failure answers a clear error and stores nothing, even part-way', async () => {
    const owner = await hostedOwner('pro');
    addConversations(answered, escalated);

    // The list fails.
    fake.failures.set('GET /v1/convai/conversations', 503);
    let response = await sync(owner);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: 'Failed to sync conversations' });

    // The list works but the second conversation's details fail: the first is not stored either.
    fake.failures.clear();
    fake.failures.set('GET /v1/convai/conversations/conv_answered', 500);
    response = await sync(owner);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: 'Failed to sync conversations' });

    // A response the SDK cannot read (a required key missing) is a provider failure too.
    fake.failures.clear();
    const broken: Record<string, unknown> = { ...answered };
    delete broken.has_audio;
    fake.conversations.set('conv_answered', broken);
    response = await sync(owner);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: 'Failed to sync conversations' });

    expect((await history(owner)).calls).toHaveLength(0);
    expect(await minutesUsed(owner)).toBe(0);
    expect(await emails()).toHaveLength(0);

    // Once ElevenLabs answers again, everything arrives.
    addConversations(answered);
    expect((await sync(owner)).json()).toEqual({ message: 'Synced 2 new calls' });
    expect(await minutesUsed(owner)).toBe(4);
    expect(await emails()).toHaveLength(1);
  });

  it('asks the owner to configure an agent first', async () => {
    const { client } = await signUp(ctx().app);
    const response = await client.post('/api/calls/sync-from-elevenlabs');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Please configure your agent first' });
  });
});
