import { mkdtempSync, rmSync } from 'node:fs';
import { agentRefOf } from '../../test/seed.ts';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { debitCallMinutes } from '../../entitlements/minutes.ts';
import { createElevenLabsHostedAgents } from '../../providers/hosted-agents/elevenlabs.ts';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../providers/hosted-agents/elevenlabs.fake.ts';
import { createElevenLabsVoices } from '../../providers/voices/elevenlabs.ts';
import { databaseTargets, signUp, TestClient, useTestApp, type TestContext } from '../../test/harness.ts';
import { seedAgentConfig, seedSubscription } from '../../test/seed.ts';
import pino from 'pino';
import {
  deleteHostedAgent,
  retryHostedAgentSyncs,
  syncHostedAgentKnowledge,
} from './hosted-agent.service.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'activation-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let numberSeq = 10;
async function configure(ctx: TestContext, userId: string, transfer: string | null = '+14155552671') {
  numberSeq += 1;
  const phone = `+155501${String(numberSeq).padStart(2, '0')}`;
  await seedAgentConfig(ctx.db, {
    user_id: userId,
    twilio_phone_number: phone,
    transfer_phone_number: transfer,
  });
  return phone;
}

const subscribe = (ctx: TestContext, userId: string, minutes = 200) =>
  seedSubscription(ctx.db, userId, { now: ctx.clock.now(), minutes });

async function addDocument(ctx: TestContext, userId: string, name: string, text: string) {
  const key = `documents/${userId}/${name.replace(/[^a-z0-9.]/gi, '-')}`;
  await ctx.deps.providers.blobs.put(key, Buffer.from(text));
  const row = await ctx.db
    .insertInto('documents')
    .values({ user_id: userId, name, blob_key: key, kind: 'txt', size_bytes: text.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function activate(client: TestClient, voiceId: string | undefined) {
  const boundary = '----activation' + Math.random().toString(16).slice(2);
  const body =
    voiceId === undefined
      ? `--${boundary}--\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="voice_id"\r\n\r\n${voiceId}\r\n--${boundary}--\r\n`;
  return client.post('/api/agent/create-eleven-labs-agent', body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
}

const agentRow = (ctx: TestContext, userId: string) =>
  ctx.db
    .selectFrom('agent_configs')
    .select(['voice_id', 'eleven_agent_id', 'status', 'config_data'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

describe.each(databaseTargets())('activation with the local runtime (%s)', (target) => {
  const ctx = useTestApp(target, { env: { DATA_DIR: dataDir } });

  it('refuses without a configuration', async () => {
    const { client, user } = await signUp(ctx().app);
    await subscribe(ctx(), user.id);
    const response = await activate(client, 'en-us+f3');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('No configuration found. Please configure your agent first.');
  });

  it('refuses without an active subscription', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    const response = await activate(client, 'en-us+f3');
    expect(response.statusCode).toBe(402);
    expect(response.json().detail).toMatch(/active subscription is required/);
    expect((await agentRow(ctx(), user.id)).status).toBe('inactive');
  });

  it('refuses when no minutes are left', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    await subscribe(ctx(), user.id, 20);
    await debitCallMinutes(ctx().db, {
      userId: user.id,
      callId: '00000000-0000-4000-8000-000000000001',
      minutes: 20,
      now: ctx().clock.now(),
    });
    const response = await activate(client, 'en-us+f3');
    expect(response.statusCode).toBe(402);
    expect(response.json().detail).toMatch(/no call minutes left/);
    const row = await agentRow(ctx(), user.id);
    expect(row.eleven_agent_id).toBeNull();
  });

  it('refuses a missing or unknown voice', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    await subscribe(ctx(), user.id);
    const missing = await activate(client, undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('Please select a voice');
    const unknown = await activate(client, 'xx-nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/Unknown voice/);
  });

  it('activates: saves the voice, a local agent id and status active; the config shows them', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    await subscribe(ctx(), user.id);
    const response = await activate(client, 'en-gb-scotland+f3');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('AI Voice Agent activated! Your phone is now live.');
    expect(body.agent_id).toMatch(/^local_agent_[0-9a-f]{8}$/);
    const row = await agentRow(ctx(), user.id);
    expect(row).toMatchObject({
      voice_id: 'en-gb-scotland+f3',
      eleven_agent_id: body.agent_id,
      status: 'active',
    });
    expect(row.config_data.eleven_agent_id).toBe(body.agent_id);
    expect(row.config_data.voice_name).toBe('Isla — Scottish English, warm young female');

    const config = await client.get('/api/agent/config');
    expect(config.json().config).toMatchObject({ eleven_agent_id: body.agent_id, status: 'active' });

    // Another voice later keeps the same agent.
    const again = await activate(client, 'en-us+m3');
    expect(again.json().agent_id).toBe(body.agent_id);
    expect((await agentRow(ctx(), user.id)).voice_id).toBe('en-us+m3');
  });

  it("cannot touch another user's configuration", async () => {
    const owner = await signUp(ctx().app);
    await configure(ctx(), owner.user.id);
    await subscribe(ctx(), owner.user.id);
    const other = await signUp(ctx().app);
    await subscribe(ctx(), other.user.id);
    const response = await activate(other.client, 'en-us+f3');
    expect(response.statusCode).toBe(404);
    const row = await agentRow(ctx(), owner.user.id);
    expect(row).toMatchObject({ voice_id: null, eleven_agent_id: null, status: 'inactive' });
  });

  it('requires sign-in and the CSRF header', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    await subscribe(ctx(), user.id);
    const response = await client.request({
      method: 'POST',
      url: '/api/agent/create-eleven-labs-agent',
      payload: { voice_id: 'en-us+f3' },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
  });

  it('deleteHostedAgent clears the activation', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    await subscribe(ctx(), user.id);
    expect((await activate(client, 'en-us+f3')).statusCode).toBe(200);
    await deleteHostedAgent(ctx().deps, await agentRefOf(ctx().db, user.id));
    expect(await agentRow(ctx(), user.id)).toMatchObject({
      voice_id: null,
      eleven_agent_id: null,
      status: 'inactive',
    });
  });
});

describe.each(databaseTargets())('activation with ElevenLabs Agents through the SDK (%s)', (target) => {
  let fake: FakeElevenLabs;
  beforeAll(async () => {
    fake = await startFakeElevenLabs();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.failures.clear();
  });
  const twilio = { accountSid: 'AC00000000000000000000000000000001', authToken: 'twilio-token' };
  const ctx = useTestApp(target, {
    env: { DATA_DIR: dataDir },
    providers: () => ({
      voices: createElevenLabsVoices({ apiKey: fake.apiKey, baseUrl: fake.url }),
      hostedAgents: createElevenLabsHostedAgents({
        apiKey: fake.apiKey,
        baseUrl: fake.url,
        twilio,
        maxRetries: 0,
      }),
    }),
  });

  it('creates the agent with prompt, first message, voice, KB documents and transfer tool; imports and assigns the number', async () => {
    const { client, user } = await signUp(ctx().app);
    const phone = await configure(ctx(), user.id, '+14155552671');
    await subscribe(ctx(), user.id);
    await addDocument(ctx(), user.id, 'faq.txt', 'Opening hours: 8am to 6pm, Monday to Friday.');
    await addDocument(ctx(), user.id, 'prices.txt', 'A standard call-out costs $95.');
    const voiceId = fake.voices[3]!.voice_id;

    const response = await activate(client, voiceId);
    expect(response.statusCode).toBe(200);
    const agentId = response.json().agent_id;
    expect(agentId).toMatch(/^agent_/);

    const uploads = fake.find('POST', '/v1/convai/knowledge-base/file');
    expect(uploads.map((u) => u.body.name).sort()).toEqual(['faq.txt', 'prices.txt']);
    expect(uploads.find((u) => u.body.name === 'faq.txt')!.body.file.text).toContain('Opening hours');

    const [create] = fake.find('POST', '/v1/convai/agents/create');
    const config = create!.body.conversation_config;
    expect(config.agent.first_message).toBe('Thanks for calling Acme Plumbing, how can I help you today?');
    expect(config.agent.prompt.prompt).toContain('Acme Plumbing');
    expect(config.agent.prompt.prompt).toContain('transfer_to_number');
    expect(config.agent.prompt.knowledge_base).toHaveLength(2);
    expect(config.agent.prompt.knowledge_base[0]).toMatchObject({ type: 'file', name: 'faq.txt' });
    expect(new Set(config.agent.prompt.knowledge_base.map((k: { id: string }) => k.id))).toEqual(
      new Set(fake.documents.keys()),
    );
    expect(config.agent.prompt.built_in_tools.transfer_to_number.params).toMatchObject({
      system_tool_type: 'transfer_to_number',
      transfers: [{ transfer_destination: { type: 'phone', phone_number: '+14155552671' } }],
    });
    expect(config.tts.voice_id).toBe(voiceId);

    const [importNumber] = fake.find('POST', '/v1/convai/phone-numbers');
    expect(importNumber!.body).toMatchObject({
      provider: 'twilio',
      phone_number: phone,
      sid: twilio.accountSid,
      token: twilio.authToken,
    });
    const [assign] = fake.find('PATCH', '/v1/convai/phone-numbers/');
    expect(assign!.body).toEqual({ agent_id: agentId });
    expect([...fake.phoneNumbers.values()][0]!.assigned_agent).toBe(agentId);

    const row = await agentRow(ctx(), user.id);
    expect(row).toMatchObject({ voice_id: voiceId, eleven_agent_id: agentId, status: 'active' });
    expect(row.config_data.eleven_agent_id).toBe(agentId);
    const docs = await ctx().db.selectFrom('documents').select('provider_document_id').execute();
    expect(docs.every((d) => d.provider_document_id?.startsWith('kb_'))).toBe(true);

    // Knowledge-base change: one document deleted, one added -> the agent follows.
    await ctx().db.deleteFrom('documents').where('name', '=', 'prices.txt').execute();
    await addDocument(ctx(), user.id, 'warranty.txt', 'Every repair has a one year warranty.');
    fake.requests.length = 0;
    await syncHostedAgentKnowledge(ctx().deps, await agentRefOf(ctx().db, user.id));
    expect(fake.find('POST', '/v1/convai/knowledge-base/file').map((u) => u.body.name)).toEqual([
      'warranty.txt',
    ]);
    expect(fake.find('DELETE', '/v1/convai/knowledge-base/')).toHaveLength(1);
    const [update] = fake.find('PATCH', `/v1/convai/agents/${agentId}`);
    expect(
      update!.body.conversation_config.agent.prompt.knowledge_base.map((k: { name: string }) => k.name),
    ).toEqual(['faq.txt', 'warranty.txt']);
    expect(fake.documents.size).toBe(2);

    // Deleting the configuration removes the agent, the imported number and the documents.
    await deleteHostedAgent(ctx().deps, await agentRefOf(ctx().db, user.id));
    expect(fake.agents.has(agentId)).toBe(false);
    expect(fake.phoneNumbers.size).toBe(0);
    expect(fake.documents.size).toBe(0);
    expect(await agentRow(ctx(), user.id)).toMatchObject({ eleven_agent_id: null, status: 'inactive' });
  });

  it('two server instances activating one account at the same moment create one agent', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    await subscribe(ctx(), user.id);
    await addDocument(ctx(), user.id, 'faq.txt', 'Hours: 9 to 5.');
    const { env, db, clock, providers } = ctx().deps;
    const second = await buildApp({ env, db, clock, providers, authRateLimit: 1000 });
    try {
      const sameOwner = new TestClient(second);
      sameOwner.setCookie('session_token', client.cookie('session_token')!);
      sameOwner.setCookie('XSRF-TOKEN', client.cookie('XSRF-TOKEN')!);
      const [onFirst, onSecond] = await Promise.all([
        activate(client, fake.voices[0]!.voice_id),
        activate(sameOwner, fake.voices[1]!.voice_id),
      ]);
      expect([onFirst.statusCode, onSecond.statusCode]).toEqual([200, 200]);
      const agentId = onFirst.json().agent_id;
      expect(onSecond.json().agent_id).toBe(agentId);
      expect(fake.find('POST', '/v1/convai/agents/create')).toHaveLength(1);
      expect(fake.find('POST', '/v1/convai/knowledge-base/file')).toHaveLength(1);
      expect(fake.find('POST', '/v1/convai/phone-numbers')).toHaveLength(1);
      expect((await agentRow(ctx(), user.id)).eleven_agent_id).toBe(agentId);
    } finally {
      await second.close();
    }
  });

  it('a document uploaded while ElevenLabs is down reaches the agent on a later retry', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    await subscribe(ctx(), user.id);
    await addDocument(ctx(), user.id, 'faq.txt', 'Hours: 9 to 5.');
    const agentId = (await activate(client, fake.voices[0]!.voice_id)).json().agent_id;
    const pending = async () =>
      (
        await ctx()
          .db.selectFrom('agent_configs')
          .select('hosted_sync_pending_since')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).hosted_sync_pending_since;
    const log = pino({ level: 'silent' });

    await addDocument(ctx(), user.id, 'returns.txt', 'Returns within 30 days.');
    fake.failures.set('POST /v1/convai/knowledge-base/file', 503);
    await expect(syncHostedAgentKnowledge(ctx().deps, await agentRefOf(ctx().db, user.id))).rejects.toThrow(
      /provider is unavailable/,
    );
    expect(await pending()).not.toBeNull();
    expect(await retryHostedAgentSyncs(ctx().deps, log)).toBe(0); // still down: stays pending
    expect(await pending()).not.toBeNull();

    fake.failures.clear();
    expect(await retryHostedAgentSyncs(ctx().deps, log)).toBe(1);
    expect(await pending()).toBeNull();
    const names = [...fake.agents.get(agentId).conversation_config.agent.prompt.knowledge_base].map(
      (k: { name: string }) => k.name,
    );
    expect(names).toEqual(['faq.txt', 'returns.txt']);
    expect(await retryHostedAgentSyncs(ctx().deps, log)).toBe(0); // nothing left to do
  });

  it('moves the hosted agent to a new number when the owner changes it', async () => {
    const { client, user } = await signUp(ctx().app);
    const oldNumber = await configure(ctx(), user.id);
    await subscribe(ctx(), user.id);
    const agentId = (await activate(client, fake.voices[0]!.voice_id)).json().agent_id;
    const [oldImport] = [...fake.phoneNumbers.entries()].filter(([, n]) => n.phone_number === oldNumber);
    expect(oldImport).toBeDefined();

    const newNumber = '+15550109999';
    await ctx()
      .db.updateTable('agent_configs')
      .set({ twilio_phone_number: newNumber })
      .where('user_id', '=', user.id)
      .execute();
    await syncHostedAgentKnowledge(ctx().deps, await agentRefOf(ctx().db, user.id));

    expect(fake.phoneNumbers.has(oldImport![0])).toBe(false);
    const moved = [...fake.phoneNumbers.values()].filter((n) => n.phone_number === newNumber);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.assigned_agent).toBe(agentId);
    const hosted = (await agentRow(ctx(), user.id)).config_data.hosted_agent as { phone_number: string };
    expect(hosted.phone_number).toBe(newNumber);
  });

  it('creates no transfer tool without a transfer number', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id, null);
    await subscribe(ctx(), user.id);
    expect((await activate(client, fake.voices[0]!.voice_id)).statusCode).toBe(200);
    const [create] = fake.find('POST', '/v1/convai/agents/create');
    const tools = create!.body.conversation_config.agent.prompt.built_in_tools;
    expect(tools.transfer_to_number).toBeUndefined();
    expect(tools.end_call).toBeDefined();
    expect(create!.body.conversation_config.agent.prompt.prompt).toContain('take a message');
  });

  it('re-activating with another voice updates the same agent', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    await subscribe(ctx(), user.id);
    const first = (await activate(client, fake.voices[0]!.voice_id)).json().agent_id;
    const second = await activate(client, fake.voices[1]!.voice_id);
    expect(second.json().agent_id).toBe(first);
    expect(fake.find('POST', '/v1/convai/agents/create')).toHaveLength(1);
    const [update] = fake.find('PATCH', `/v1/convai/agents/${first}`);
    expect(update!.body.conversation_config.tts.voice_id).toBe(fake.voices[1]!.voice_id);
    expect(fake.find('POST', '/v1/convai/phone-numbers')).toHaveLength(1);
  });

  it('imports no number without Twilio credentials (the local phone network has nothing to import)', async () => {
    const withoutTwilio = createElevenLabsHostedAgents({
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      maxRetries: 0,
    });
    const id = await withoutTwilio.connectPhoneNumber({
      phoneNumber: '+15550100999',
      label: 'x',
      agentId: 'a',
    });
    expect(id).toBeNull();
    expect(fake.find('POST', '/v1/convai/phone-numbers')).toHaveLength(0);
  });

  it('removes what it created when importing the number fails, and says so', async () => {
    const { client, user } = await signUp(ctx().app);
    await configure(ctx(), user.id);
    await subscribe(ctx(), user.id);
    await addDocument(ctx(), user.id, 'faq.txt', 'Hours: 9 to 5.');
    const agentsBefore = fake.agents.size;
    const docsBefore = fake.documents.size;
    fake.failures.set('POST /v1/convai/phone-numbers', 500);
    const response = await activate(client, fake.voices[0]!.voice_id);
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/voice agent provider is unavailable/);
    expect(fake.agents.size).toBe(agentsBefore);
    expect(fake.documents.size).toBe(docsBefore);
    expect(await agentRow(ctx(), user.id)).toMatchObject({ eleven_agent_id: null, status: 'inactive' });
  });
});
