import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../../providers/blobs/local.ts';
import { createTwilioTelephony } from '../../providers/telephony/twilio.ts';
import { startFakeTwilio, type FakeTwilio } from '../../providers/telephony/twilio-fake.ts';
import {
  databaseTargets,
  signUp,
  useTestApp,
  type TestClient,
  type TestContext,
} from '../../test/harness.ts';
import { seedSubscription } from '../../test/seed.ts';
import {
  CONFIG_FIELDS,
  fixture,
  listBlobFiles,
  postMultipart,
  tempBlobDir,
  type FormFile,
} from '../knowledge/knowledge-test-helpers.ts';

const PDF: FormFile = { name: 'handbook.pdf', data: fixture('handbook.pdf') };
const TXT: FormFile = { name: 'faq.txt', data: fixture('faq-utf8.txt') };

async function availableNumbers(client: TestClient): Promise<string[]> {
  const response = await client.get('/api/twilio/available-numbers');
  expect(response.statusCode).toBe(200);
  return (response.json().numbers as { phone_number: string }[]).map((n) => n.phone_number);
}

async function subscribedOwner(c: TestContext) {
  const { client, user } = await signUp(c.app);
  await seedSubscription(c.db, user.id, { now: c.clock.now(), minutes: null });
  return { client, userId: user.id };
}

function configure(client: TestClient, fields: Record<string, string | undefined>, files: FormFile[] = []) {
  return postMultipart(client, '/api/agent/configure', { ...CONFIG_FIELDS, ...fields }, files);
}

describe.each(databaseTargets())('agent configuration, local phone network (%s)', (target) => {
  let blobDir = '';
  const ctx = useTestApp(target, {
    providers: ({ env }) => {
      blobDir = tempBlobDir(env.DATA_DIR);
      return { blobs: createLocalBlobStore(blobDir) };
    },
  });

  it('lists the fictional pool with friendly names, to signed-in users only', async () => {
    const c = ctx();
    const { client } = await signUp(c.app);
    const response = await client.get('/api/twilio/available-numbers');
    const numbers = response.json().numbers as { phone_number: string; friendly_name: string }[];
    expect(numbers).toHaveLength(100);
    expect(numbers[0]).toEqual({ phone_number: '+15550100100', friendly_name: '(555) 010-0100' });
    expect(numbers[23]).toEqual({ phone_number: '+15550100123', friendly_name: '(555) 010-0123' });
    expect(numbers[99]!.phone_number).toBe('+15550100199');
    expect((await c.app.inject({ method: 'GET', url: '/api/twilio/available-numbers' })).statusCode).toBe(
      401,
    );
  });

  it('refuses to configure without an active subscription, renting nothing', async () => {
    const c = ctx();
    const { client } = await signUp(c.app);
    const response = await configure(client, { twilio_phone_number: '+15550100100' }, [TXT]);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('An active subscription is required to configure an agent');
    expect(await availableNumbers(client)).toContain('+15550100100');
    expect((await client.get('/api/agent/config')).json()).toEqual({ configured: false, config: null });
  });

  it('rents the number, saves the details and documents, and shows them', async () => {
    const c = ctx();
    const { client } = await subscribedOwner(c);
    const response = await configure(
      client,
      { twilio_phone_number: '+15550100105', transfer_phone_number: '(415) 555-2671' },
      [PDF, TXT],
    );
    expect(response.statusCode, response.body).toBe(200);

    const config = (await client.get('/api/agent/config')).json();
    expect(config.configured).toBe(true);
    expect(config.config).toMatchObject({
      company_name: 'Harbor Bike Shop',
      contact_email: 'owner@harbor.example',
      twilio_phone_number: '+15550100105',
      transfer_phone_number: '+14155552671',
      eleven_agent_id: null,
      status: 'inactive',
      config_data: {},
    });
    expect(config.config.documents.map((d: { name: string }) => d.name).sort()).toEqual([
      'faq.txt',
      'handbook.pdf',
    ]);
    expect(config.config.documents[0].size_formatted).toMatch(/^\d+(\.\d)? (B|KB)$/);
    expect(await availableNumbers(client)).not.toContain('+15550100105');
    const rented = await c.db.selectFrom('local_phone_numbers').selectAll().execute();
    expect(rented).toHaveLength(1);
    expect(rented[0]).toMatchObject({
      phone_number: '+15550100105',
      voice_url: 'http://localhost:3000/api/twilio/voice',
      status_callback_url: 'http://localhost:3000/api/twilio/status',
    });
  });

  it('updates the details and adds documents on a second submit; another number releases the old one', async () => {
    const c = ctx();
    const { client } = await subscribedOwner(c);
    expect((await configure(client, { twilio_phone_number: '+15550100110' }, [TXT])).statusCode).toBe(200);

    const same = await configure(
      client,
      {
        company_name: 'Harbor Bikes & Repairs',
        twilio_phone_number: '+15550100110',
        transfer_phone_number: '',
      },
      [PDF],
    );
    expect(same.statusCode, same.body).toBe(200);
    let config = (await client.get('/api/agent/config')).json().config;
    expect(config.company_name).toBe('Harbor Bikes & Repairs');
    expect(config.transfer_phone_number).toBeNull();
    expect(config.documents.map((d: { name: string }) => d.name).sort()).toEqual(['faq.txt', 'handbook.pdf']);
    expect(await c.db.selectFrom('local_phone_numbers').select('phone_number').execute()).toEqual([
      { phone_number: '+15550100110' },
    ]);

    const moved = await configure(client, { twilio_phone_number: '+15550100111' });
    expect(moved.statusCode, moved.body).toBe(200);
    config = (await client.get('/api/agent/config')).json().config;
    expect(config.twilio_phone_number).toBe('+15550100111');
    expect(config.documents).toHaveLength(2);
    const available = await availableNumbers(client);
    expect(available).toContain('+15550100110');
    expect(available).not.toContain('+15550100111');
  });

  it('retries releasing the old number when the provider failed, until it is released', async () => {
    const c = ctx();
    const { client } = await subscribedOwner(c);
    expect((await configure(client, { twilio_phone_number: '+15550100120' })).statusCode).toBe(200);

    const telephony = c.deps.providers.telephony;
    const release = telephony.releaseNumber.bind(telephony);
    let outage = true;
    telephony.releaseNumber = async (number) => {
      if (outage) throw new Error('provider unavailable');
      return release(number);
    };
    const moved = await configure(client, { twilio_phone_number: '+15550100121' });
    expect(moved.statusCode, moved.body).toBe(200);
    // The owner moved on; the old number is still rented and waits to be released.
    expect(await availableNumbers(client)).not.toContain('+15550100120');
    const queued = await c.db.selectFrom('pending_number_releases').selectAll().execute();
    expect(queued.map((r) => r.phone_number)).toEqual(['+15550100120']);

    const { retryNumberReleases } = await import('./agents.service.ts');
    const silent = c.app.log;
    expect(await retryNumberReleases(c.deps, silent)).toBe(0); // still down: backs off
    c.clock.advance(60_000);
    outage = false;
    expect(await retryNumberReleases(c.deps, silent)).toBe(0); // not due yet
    c.clock.advance(10 * 60_000);
    expect(await retryNumberReleases(c.deps, silent)).toBe(1);
    expect(await availableNumbers(client)).toContain('+15550100120');
    expect(await c.db.selectFrom('pending_number_releases').selectAll().execute()).toEqual([]);
  });

  it.each([
    [{ company_name: '' }, 'Company name is required'],
    [{ contact_email: 'not-an-email' }, 'Please enter a valid contact email'],
    [{ twilio_phone_number: '' }, 'Please choose a phone number'],
    [{ transfer_phone_number: '12345' }, 'The transfer phone number "12345" is not a valid phone number'],
  ])('refuses %o with a clear detail, renting nothing', async (fields, detail) => {
    const c = ctx();
    const { client } = await subscribedOwner(c);
    const response = await configure(client, { twilio_phone_number: '+15550100120', ...fields }, [TXT]);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContain(detail);
    expect(await c.db.selectFrom('local_phone_numbers').selectAll().execute()).toEqual([]);
    expect((await client.get('/api/agent/config')).json().configured).toBe(false);
  });

  it('refuses a configuration with a bad document before renting the number', async () => {
    const c = ctx();
    const { client } = await subscribedOwner(c);
    const response = await configure(client, { twilio_phone_number: '+15550100121' }, [
      TXT,
      { name: 'scan.pdf', data: fixture('scanned.pdf') },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/^scan\.pdf: the PDF has no readable text/);
    expect(await c.db.selectFrom('local_phone_numbers').selectAll().execute()).toEqual([]);
    expect(await c.db.selectFrom('agent_configs').selectAll().execute()).toEqual([]);
    expect(await c.db.selectFrom('documents').selectAll().execute()).toEqual([]);
    expect(listBlobFiles(blobDir)).toEqual([]);
  });

  it('deletes the configuration: number back in the pool, documents and files gone, call history kept', async () => {
    const c = ctx();
    const { client, userId } = await subscribedOwner(c);
    expect((await configure(client, { twilio_phone_number: '+15550100130' }, [PDF, TXT])).statusCode).toBe(
      200,
    );
    await c.db
      .insertInto('calls')
      .values({ user_id: userId, provider: 'local', phone_number: '+14155552671', duration_s: 42 })
      .execute();
    expect(listBlobFiles(blobDir)).toHaveLength(2);

    const response = await client.delete('/api/agent/config');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Configuration deleted! You can now choose a new phone number.');
    expect((await client.get('/api/agent/config')).json()).toEqual({ configured: false, config: null });
    expect(await availableNumbers(client)).toContain('+15550100130');
    expect(await c.db.selectFrom('documents').selectAll().execute()).toEqual([]);
    expect(await c.db.selectFrom('passages').selectAll().execute()).toEqual([]);
    expect(listBlobFiles(blobDir)).toEqual([]);
    expect(await c.db.selectFrom('calls').select('user_id').execute()).toEqual([{ user_id: userId }]);
    expect((await client.get('/api/agent/knowledge-base')).statusCode).toBe(404);

    expect((await client.delete('/api/agent/config')).json().detail).toBe('No configuration found');
    // A new agent can be configured afterwards, even on the same number.
    expect((await configure(client, { twilio_phone_number: '+15550100130' })).statusCode).toBe(200);
  });

  it("keeps one owner's configuration out of another's reach", async () => {
    const c = ctx();
    const alice = await subscribedOwner(c);
    const bob = await subscribedOwner(c);
    expect((await configure(alice.client, { twilio_phone_number: '+15550100140' }, [TXT])).statusCode).toBe(
      200,
    );

    expect((await bob.client.get('/api/agent/config')).json()).toEqual({ configured: false, config: null });
    expect((await bob.client.delete('/api/agent/config')).statusCode).toBe(404);
    // Bob cannot take Alice's number either.
    const steal = await configure(bob.client, { twilio_phone_number: '+15550100140' });
    expect(steal.statusCode).toBe(409);
    expect(steal.json().detail).toContain('was just taken by someone else');
    const aliceConfig = (await alice.client.get('/api/agent/config')).json().config;
    expect(aliceConfig.twilio_phone_number).toBe('+15550100140');
    expect(aliceConfig.documents).toHaveLength(1);
    expect((await c.app.inject({ method: 'GET', url: '/api/agent/config' })).statusCode).toBe(401);
    const csrfless = await bob.client.request({ method: 'DELETE', url: '/api/agent/config', csrf: false });
    expect(csrfless.statusCode).toBe(403);
  });

  it('lets exactly one of two owners racing for one number win', async () => {
    const c = ctx();
    const alice = await subscribedOwner(c);
    const bob = await subscribedOwner(c);
    const results = await Promise.all([
      configure(alice.client, { twilio_phone_number: '+15550100150' }, [TXT]),
      configure(bob.client, { twilio_phone_number: '+15550100150' }, [TXT]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().detail).toBe(
      'The phone number +15550100150 was just taken by someone else. Please choose another number.',
    );
    expect(await c.db.selectFrom('agent_configs').select('twilio_phone_number').execute()).toEqual([
      { twilio_phone_number: '+15550100150' },
    ]);
    expect(await c.db.selectFrom('documents').selectAll().execute()).toHaveLength(1);
    expect(listBlobFiles(blobDir)).toHaveLength(1);
  });
});

describe.each(databaseTargets())('agent configuration through Twilio (fake Twilio API) (%s)', (target) => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio('AC11111111111111111111111111111111');
  });
  afterAll(async () => {
    await fake.close();
  });
  const ctx = useTestApp(target, {
    env: { PUBLIC_BASE_URL: 'https://desk.example' },
    providers: ({ env }) => {
      fake.owned.clear();
      fake.requests.length = 0;
      fake.holdPurchasesUntil = 0;
      fake.available = [
        { phoneNumber: '+14155550101', friendlyName: '(415) 555-0101' },
        { phoneNumber: '+14155550102', friendlyName: '(415) 555-0102' },
      ];
      return {
        blobs: createLocalBlobStore(tempBlobDir(env.DATA_DIR)),
        telephony: createTwilioTelephony({
          accountSid: 'AC11111111111111111111111111111111',
          authToken: 'token',
          apiBaseUrl: fake.baseUrl,
        }),
      };
    },
  });

  it('buys the number pointed at /api/twilio/voice and releases it on delete', async () => {
    const c = ctx();
    const { client } = await subscribedOwner(c);
    expect(await availableNumbers(client)).toEqual(['+14155550101', '+14155550102']);
    expect((await configure(client, { twilio_phone_number: '+14155550101' })).statusCode).toBe(200);
    const [bought] = [...fake.owned.values()];
    expect(bought).toMatchObject({
      phoneNumber: '+14155550101',
      voiceUrl: 'https://desk.example/api/twilio/voice',
      statusCallback: 'https://desk.example/api/twilio/status',
    });
    expect(await availableNumbers(client)).toEqual(['+14155550102']);

    expect((await client.delete('/api/agent/config')).statusCode).toBe(200);
    expect(fake.owned.size).toBe(0);
    expect(await availableNumbers(client)).toEqual(['+14155550101', '+14155550102']);
  });

  it('refuses a number Twilio says someone else bought, saving nothing', async () => {
    const c = ctx();
    const { client } = await subscribedOwner(c);
    fake.takenElsewhere.add('+14155550102');
    try {
      const response = await configure(client, { twilio_phone_number: '+14155550102' }, [TXT]);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toContain('was just taken by someone else');
      expect((await client.get('/api/agent/config')).json().configured).toBe(false);
    } finally {
      fake.takenElsewhere.clear();
    }
  });

  it('releases the purchase of the owner who loses the database race (unique number)', async () => {
    const c = ctx();
    const alice = await subscribedOwner(c);
    const bob = await subscribedOwner(c);
    // Both purchases reach Twilio before either configuration is saved; the database picks one winner.
    fake.holdPurchasesUntil = 2;
    const results = await Promise.all([
      configure(alice.client, { twilio_phone_number: '+14155550101' }, [TXT]),
      configure(bob.client, { twilio_phone_number: '+14155550101' }, [TXT]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(fake.owned.size).toBe(1);
    const winner = await c.db
      .selectFrom('agent_configs')
      .select(['phone_provider_id'])
      .executeTakeFirstOrThrow();
    expect([...fake.owned.keys()]).toEqual([winner.phone_provider_id]);
    expect(await c.db.selectFrom('documents').selectAll().execute()).toHaveLength(1);
  });
});
