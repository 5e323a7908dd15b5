/**
 * Several numbers per account (issue 24 section 1, ADR 044): a Pro account holds up to three agents, one number
 * each, with their own details and documents; the SPEC's routes act on the one named by agent_id; a call to each
 * number is answered from that agent's documents.
 */
import { describe, expect, it } from 'vitest';
import { databaseTargets, signUp, useTestApp, type TestClient } from '../../test/harness.ts';
import { seedSubscription } from '../../test/seed.ts';
import { postMultipart, type FormFile } from '../knowledge/knowledge-test-helpers.ts';
import { dial } from '../calls/calls-test-helpers.ts';
import type { PlanId } from '../../../shared/plans.ts';

const DOWNTOWN: FormFile = {
  name: 'faq.txt',
  data: Buffer.from(
    '# Parking\nFree parking is available in the garage under the downtown shop, entrance on Main Street.\n',
  ),
};
const UPTOWN: FormFile = {
  name: 'faq.txt',
  data: Buffer.from(
    '# Parking\nParking is on the street only at the uptown shop; the nearest lot is on Oak Avenue.\n',
  ),
};
const SALES: FormFile = {
  name: 'prices.txt',
  data: Buffer.from('# Bike rental\nRenting a city bike costs 25 dollars a day, helmet included.\n'),
};

async function owner(c: ReturnType<ReturnType<typeof useTestApp>>, plan: PlanId) {
  const { client, user } = await signUp(c.app);
  await seedSubscription(c.db, user.id, { now: c.clock.now(), plan });
  return { client, userId: user.id };
}

/** Saves through the API, then moves the clock on: each number is created at its own time (listed oldest first). */
async function save(
  c: ReturnType<ReturnType<typeof useTestApp>>,
  client: TestClient,
  url: string,
  fields: Record<string, string | undefined>,
  files: FormFile[] = [],
) {
  const response = await postMultipart(client, url, fields, files);
  c.clock.advance(1000);
  return response;
}

function details(company: string, number: string) {
  return { company_name: company, contact_email: 'owner@harbor.example', twilio_phone_number: number };
}

function activate(client: TestClient, agentId: string) {
  const boundary = '----activation' + Math.random().toString(16).slice(2);
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return client.post(
    '/api/agent/create-eleven-labs-agent',
    `${field('voice_id', 'en-us+f3')}${field('agent_id', agentId)}--${boundary}--\r\n`,
    { 'content-type': `multipart/form-data; boundary=${boundary}` },
  );
}

describe.each(databaseTargets())('several numbers per account (%s)', (target) => {
  const ctx = useTestApp(target);

  it('a Pro account adds its second and third number and is refused a fourth with a clear message', async () => {
    const c = ctx();
    const { client, userId } = await owner(c, 'pro');
    const first = await save(c, client, '/api/agent/configure', details('Harbor Downtown', '+15550100101'), [
      DOWNTOWN,
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect((await client.get('/api/agents')).json()).toMatchObject({ limit: 3, plan: 'pro', can_add: true });

    const second = await save(c, client, '/api/agents', details('Harbor Uptown', '+15550100102'), [UPTOWN]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().message).toBe('Number +15550100102 added for Harbor Uptown');
    const third = await save(c, client, '/api/agents', details('Harbor Sales', '+15550100103'), [SALES]);
    expect(third.statusCode, third.body).toBe(200);

    const fourth = await save(c, client, '/api/agents', details('Harbor Late', '+15550100104'));
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().detail).toBe(
      'Your Pro plan includes 3 phone numbers, and you have 3 already. Upgrade to Enterprise for up to 10 numbers.',
    );
    // Refused before renting: the fourth number is still free for anyone.
    const pool = (await client.get('/api/twilio/available-numbers')).json().numbers as {
      phone_number: string;
    }[];
    expect(pool.map((n) => n.phone_number)).toContain('+15550100104');

    const list = (await client.get('/api/agents')).json();
    expect(list.can_add).toBe(false);
    expect(list.agents.map((a: { company_name: string }) => a.company_name)).toEqual([
      'Harbor Downtown',
      'Harbor Uptown',
      'Harbor Sales',
    ]);
    expect(list.agents.map((a: { documents: { name: string }[] }) => a.documents.map((d) => d.name))).toEqual(
      [['faq.txt'], ['faq.txt'], ['prices.txt']],
    );
    const rows = await c.db.selectFrom('agent_configs').select('id').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(3);
  });

  it('a Basic account is refused a second number, naming its plan', async () => {
    const c = ctx();
    const { client } = await owner(c, 'basic');
    expect(
      (await save(c, client, '/api/agent/configure', details('Harbor', '+15550100111'))).statusCode,
    ).toBe(200);
    const refused = await save(c, client, '/api/agents', details('Harbor Two', '+15550100112'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Your Basic plan includes 1 phone number, and you have 1 already. Upgrade to Pro for up to 3 numbers.',
    );
  });

  it('a downgrade scheduled for the renewal holds the account to the numbers of the smaller plan until undone', async () => {
    const c = ctx();
    const { client } = await owner(c, 'pro');
    expect(
      (await save(c, client, '/api/agent/configure', details('Harbor Downtown', '+15550100121'))).statusCode,
    ).toBe(200);
    const scheduled = await client.postForm('/api/subscription/change-plan', {
      plan: 'basic',
      origin_url: c.env.PUBLIC_BASE_URL!,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await client.get('/api/agents')).json()).toMatchObject({ limit: 1, plan: 'pro', can_add: false });
    const refused = await save(c, client, '/api/agents', details('Harbor Uptown', '+15550100122'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Your plan changes to Basic at the renewal, which includes 1 phone number, and you have 1 already. ' +
        'Undo the plan change on Billing to add more numbers.',
    );

    expect((await client.post('/api/subscription/change-plan/undo')).statusCode).toBe(200);
    expect((await client.get('/api/agents')).json()).toMatchObject({ limit: 3, can_add: true });
    const added = await save(c, client, '/api/agents', details('Harbor Uptown', '+15550100122'));
    expect(added.statusCode, added.body).toBe(200);
    // With two numbers, the downgrade is refused and names both.
    const again = await client.postForm('/api/subscription/change-plan', {
      plan: 'basic',
      origin_url: c.env.PUBLIC_BASE_URL!,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain(
      '+1 555-010-0121 (Harbor Downtown), +1 555-010-0122 (Harbor Uptown)',
    );
  });

  it('the SPEC routes act on the agent named by agent_id, and ask which one when there are several', async () => {
    const c = ctx();
    const { client } = await owner(c, 'pro');
    await save(c, client, '/api/agent/configure', details('Harbor Downtown', '+15550100121'), [DOWNTOWN]);
    const uptown = (await save(c, client, '/api/agents', details('Harbor Uptown', '+15550100122'))).json()
      .config.id as string;

    for (const url of ['/api/agent/config', '/api/agent/knowledge-base', '/api/agent/hours']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail).toBe('Several numbers: say which agent (agent_id)');
    }
    const config = (await client.get(`/api/agent/config?agent_id=${uptown}`)).json();
    expect(config.config).toMatchObject({ id: uptown, company_name: 'Harbor Uptown', documents: [] });

    // Documents go to the agent named, and only there.
    const added = await postMultipart(client, `/api/agent/knowledge-base/add?agent_id=${uptown}`, {}, [
      UPTOWN,
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const agents = (await client.get('/api/agents')).json().agents as { id: string; documents: unknown[] }[];
    expect(agents.map((a) => a.documents.length)).toEqual([1, 1]);

    // Its details change without touching the other's.
    const saved = await save(c, client, '/api/agent/configure', {
      ...details('Harbor Uptown East', '+15550100122'),
      agent_id: uptown,
      transfer_phone_number: '+1 415 555 2671',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const names = ((await client.get('/api/agents')).json().agents as { company_name: string }[]).map(
      (a) => a.company_name,
    );
    expect(names).toEqual(['Harbor Downtown', 'Harbor Uptown East']);

    // Another account's agent is not one of yours.
    const other = await owner(c, 'pro');
    expect((await other.client.get(`/api/agent/config?agent_id=${uptown}`)).statusCode).toBe(404);

    // Releasing one number leaves the other, which the routes then act on without agent_id.
    const deleted = await client.delete(`/api/agent/config?agent_id=${uptown}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(
      'Number +15550100122 (Harbor Uptown East) released and its agent deleted.',
    );
    expect((await client.get('/api/agent/config')).json().config).toMatchObject({
      company_name: 'Harbor Downtown',
    });
  });

  it('a call to each number reaches the right agent and its own documents', async () => {
    const c = ctx();
    const { client } = await owner(c, 'pro');
    const downtown = (
      await save(c, client, '/api/agent/configure', details('Harbor Downtown', '+15550100131'), [DOWNTOWN])
    ).json().config.id as string;
    const uptown = (
      await save(c, client, '/api/agents', details('Harbor Uptown', '+15550100132'), [UPTOWN])
    ).json().config.id as string;
    for (const id of [downtown, uptown]) {
      const activated = await activate(client, id);
      expect(activated.statusCode, activated.body).toBe(200);
    }

    const ask = async (number: string) => {
      const relay = await dial(c.app, number);
      const greeting = (await relay.reply()).text;
      relay.prompt('Where can I park?');
      const answer = (await relay.reply()).text;
      relay.ws.close();
      return { greeting, answer };
    };
    const first = await ask('+15550100131');
    expect(first.greeting).toMatch(/Harbor Downtown/);
    expect(first.answer).toMatch(/garage/);
    expect(first.answer).not.toMatch(/Oak Avenue/);
    const second = await ask('+15550100132');
    expect(second.greeting).toMatch(/Harbor Uptown/);
    expect(second.answer).toMatch(/Oak Avenue/);
    expect(second.answer).not.toMatch(/garage/);

    // Each call is kept with its agent: /calls shows one number's calls, or all of them.
    const all = (await client.get('/api/calls/history')).json();
    expect(all.total).toBe(2);
    const one = (await client.get(`/api/calls/history?agent_id=${uptown}`)).json();
    expect(one.calls.map((call: { to_number: string }) => call.to_number)).toEqual(['+15550100132']);
  });
});
