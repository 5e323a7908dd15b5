/**
 * Walks every registered route with bad input (a NUL or a lone surrogate in each text field, huge numbers,
 * broken multipart bodies, wrong content types) as a signed-in admin whose agent is set up, so requests get as
 * deep as they can. No answer may be a 5xx, and every refusal carries a `detail`. Also: every state-changing route
 * but the provider webhooks needs the CSRF header, whatever spelling of its path the router decodes.
 */
import type { RouteOptions } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { FAQ, seedDocument } from '../features/calls/calls-test-helpers.ts';
import { databaseTargets, signInAdmin, useTestApp, type TestClient } from './harness.ts';
import { seedAgentConfig, seedSubscription } from './seed.ts';

const AGENT_NUMBER = '+15550009999';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** A plausible value for each field name our routes read, so a probe fails on the one bad field only. */
const GOOD_VALUES: Record<string, string> = {
  email: 'someone@example.com',
  password: 'correct horse battery',
  name: 'Someone',
  plan: 'pro',
  origin_url: 'http://localhost:3000',
  coupon_code: 'SAVE10',
  code: 'SAVE10',
  minutes: '100',
  note: 'thanks',
  discount_percent: '10',
  discount_type: 'once',
  action: 'immediate',
  before: SOME_ID,
  company_name: 'Acme Plumbing',
  contact_email: 'owner@acme.test',
  twilio_phone_number: '+15550001234',
  transfer_phone_number: '+15557654321',
  document_path: 'faq.txt',
  voice_id: 'en-us+f3',
  CallSid: 'CA0123456789abcdef0123456789abcdef',
  CallStatus: 'completed',
  CallDuration: '42',
  From: '+15553334444',
  To: AGENT_NUMBER,
  HandoffData: '{"reason":"caller asked"}',
  SpeechResult: 'This is Sam, call me back on 555 222 3333.',
};

/** Fields of routes that read a multipart or free-form body (no body schema to read the names from). */
const FREE_FORM_FIELDS = [
  'company_name',
  'contact_email',
  'twilio_phone_number',
  'transfer_phone_number',
  'document_path',
  'voice_id',
  'CallSid',
  'CallStatus',
  'CallDuration',
  'From',
  'To',
  'HandoffData',
  'SpeechResult',
];

interface Route {
  method: string;
  url: string;
  bodyFields: string[];
  queryFields: string[];
  hasBodySchema: boolean;
  providerWebhook: boolean;
}

function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function toRoutes(options: RouteOptions[]): Route[] {
  const routes: Route[] = [];
  for (const route of options) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const hasBodySchema = shapeKeys(schema.body).length > 0;
      routes.push({
        method,
        url: route.url,
        hasBodySchema,
        providerWebhook: route.config?.providerWebhook === true,
        bodyFields: method === 'GET' ? [] : hasBodySchema ? shapeKeys(schema.body) : FREE_FORM_FIELDS,
        queryFields: shapeKeys(schema.querystring),
      });
    }
  }
  return routes;
}

function goodFields(names: string[], userId: string): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, n === 'user_id' ? userId : (GOOD_VALUES[n] ?? 'x')]));
}

function multipartBody(fields: Record<string, string>, file?: { name: string; data: string }) {
  const boundary = '----answerdeskprobe';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="${file.name}"\r\n` +
        `Content-Type: text/plain\r\n\r\n${file.data}\r\n`,
    );
  }
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Probe {
  label: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

const BAD_TEXT: [string, (good: string) => string][] = [
  ['NUL', (good) => `${good}\u0000`],
  ['lone surrogate', (good) => `${good}\ud800`],
];
const HUGE_NUMBERS = ['1e308', '9007199254740993', '-1e308'];

function pathWith(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, value);
}

function probesOf(route: Route, userId: string): Probe[] {
  const probes: Probe[] = [];
  const url = pathWith(route.url, SOME_ID);
  const withQuery = (fields: Record<string, string>) =>
    Object.keys(fields).length > 0 ? `${url}?${new URLSearchParams(fields).toString()}` : url;
  const query = goodFields(route.queryFields, userId);
  const body = goodFields(route.bodyFields, userId);

  if (route.url.includes(':')) {
    probes.push({ label: 'NUL in the path', url: pathWith(route.url, `a%00b`) });
    probes.push({ label: 'huge number in the path', url: pathWith(route.url, '9007199254740993') });
  }
  const variants: [string, (good: string) => string][] = [
    ...BAD_TEXT,
    ...HUGE_NUMBERS.map((n): [string, (good: string) => string] => [n, () => n]),
  ];
  for (const field of route.queryFields) {
    for (const [name, bad] of variants) {
      probes.push({
        label: `${name} in query ${field}`,
        url: withQuery({ ...query, [field]: bad(query[field]!) }),
      });
    }
  }
  if (route.method === 'GET') return probes;

  const target = withQuery(query);
  for (const field of route.bodyFields) {
    for (const [name, bad] of variants) {
      const fields = { ...body, [field]: bad(body[field]!) };
      probes.push({
        label: `${name} in form ${field}`,
        url: target,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      if (route.hasBodySchema) {
        probes.push({
          label: `${name} in JSON ${field}`,
          url: target,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(fields),
        });
      } else {
        const form = multipartBody(fields);
        probes.push({
          label: `${name} in multipart ${field}`,
          url: target,
          headers: { 'content-type': form.contentType },
          payload: form.payload,
        });
      }
    }
    if (route.hasBodySchema) {
      probes.push({
        label: `huge JSON number in ${field}`,
        url: target,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body).replace(
          `"${field}":${JSON.stringify(body[field])}`,
          `"${field}":1e308`,
        ),
      });
    }
  }
  for (const [name, bad] of BAD_TEXT) {
    const form = multipartBody(body, { name: bad('notes.txt'), data: bad('Opening hours: 9 to 5.') });
    probes.push({
      label: `${name} in a multipart file name and content`,
      url: target,
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
  }
  const whole = multipartBody(body, { name: 'notes.txt', data: 'Opening hours: 9 to 5.' });
  probes.push(
    {
      label: 'multipart without a boundary',
      url: target,
      headers: { 'content-type': 'multipart/form-data' },
      payload: whole.payload,
    },
    {
      label: 'truncated multipart',
      url: target,
      headers: { 'content-type': whole.contentType },
      payload: whole.payload.subarray(0, Math.floor(whole.payload.length / 2)),
    },
    {
      label: 'multipart of garbage',
      url: target,
      headers: { 'content-type': whole.contentType },
      payload: 'not a multipart body at all',
    },
    {
      label: 'JSON that does not parse',
      url: target,
      headers: { 'content-type': 'application/json' },
      payload: '{"company_name": "Acme',
    },
    { label: 'a JSON array', url: target, headers: { 'content-type': 'application/json' }, payload: '[1,2]' },
    { label: 'JSON null', url: target, headers: { 'content-type': 'application/json' }, payload: 'null' },
    {
      label: 'a broken percent-encoding',
      url: target,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'company_name=%zz&document_path=%',
    },
    { label: 'text/plain', url: target, headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    {
      label: 'application/xml',
      url: target,
      headers: { 'content-type': 'application/xml' },
      payload: '<a>1</a>',
    },
  );
  return probes;
}

function describeFailure(route: Route, probe: Probe, response: LightMyRequestResponse): string | undefined {
  const where = `${route.method} ${route.url} [${probe.label}] -> ${response.statusCode}`;
  if (response.statusCode >= 500) return `${where} ${response.body.slice(0, 120)}`;
  if (response.statusCode < 400) return undefined;
  let detail: unknown;
  try {
    detail = (response.json() as { detail?: unknown }).detail;
  } catch {
    detail = undefined;
  }
  return typeof detail === 'string' && detail.trim() !== '' ? undefined : `${where} without a detail`;
}

describe.each(databaseTargets())('every registered route under bad input (%s)', (target) => {
  const registered: RouteOptions[] = [];
  // Each test builds its app afresh: this runs first, so the list holds the current app's routes only.
  beforeEach(() => {
    registered.length = 0;
  });
  const ctx = useTestApp(target, { build: { onRoute: (route) => registered.push(route) } });

  /** The admin, with a subscription and a live agent, signed in again if a probe signed them out. */
  async function readyAdmin(
    signedIn: TestClient | undefined,
  ): Promise<{ client: TestClient; userId: string }> {
    let client = signedIn;
    // A probe may have signed the admin out, or signed in someone else (register, login).
    const current = client && (await client.get('/api/auth/me'));
    if (!client || current?.statusCode !== 200 || current.json().email !== ctx().env.ADMIN_EMAIL) {
      client = await signInAdmin(ctx());
    }
    const me = (await client.get('/api/auth/me')).json() as { id: string };
    const agent = await ctx()
      .db.selectFrom('agent_configs')
      .select('user_id')
      .where('user_id', '=', me.id)
      .executeTakeFirst();
    if (!agent) {
      await seedAgentConfig(ctx().db, {
        user_id: me.id,
        twilio_phone_number: AGENT_NUMBER,
        transfer_phone_number: '+15557654321',
        voice_id: 'en-us+f3',
        status: 'active',
      });
      await seedDocument(ctx().db, me.id, 'faq.txt', FAQ);
    }
    return { client, userId: me.id };
  }

  it('names the field with a NUL, refuses a broken upload and an impossible call duration, clearly', async () => {
    const admin = await signInAdmin(ctx());
    const { userId, client } = await readyAdmin(admin);

    const gift = await client.postForm('/api/admin/gift-minutes', {
      user_id: userId,
      minutes: 5,
      note: 'hi\u0000',
    });
    expect(gift.statusCode).toBe(422);
    expect(gift.json().detail).toBe('note must not contain a NUL character');
    expect(await ctx().db.selectFrom('minute_gifts').select('id').execute()).toHaveLength(0);

    const register = await client.post('/api/auth/register', {
      email: 'new@example.com',
      password: 'correct horse battery',
      name: 'Ann\ud800',
    });
    expect(register.statusCode).toBe(422);
    expect(register.json().detail).toBe('name must be valid Unicode text');

    const coupon = await client.post('/api/coupons/validate?code=SAVE%00');
    expect(coupon.json()).toEqual({ detail: 'code must not contain a NUL character' });

    const form = multipartBody({ voice_id: 'en-us+f3' });
    for (const [contentType, payload] of [
      ['multipart/form-data', form.payload],
      [form.contentType, form.payload.subarray(0, 40)],
    ] as const) {
      const upload = await client.request({
        method: 'POST',
        url: '/api/agent/create-eleven-labs-agent',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(upload.statusCode).toBe(400);
      expect(upload.json().detail).toBe(
        'The form could not be read: it is incomplete or malformed. Please try again.',
      );
    }

    for (const duration of ['1e308', '9007199254740993', '-5', '90000']) {
      const status = await client.postForm('/api/twilio/status', {
        CallSid: 'CA0123',
        CallStatus: 'completed',
        CallDuration: duration,
      });
      expect(status.statusCode, duration).toBe(422);
      expect(status.json().detail).toBe('CallDuration must be a whole number of seconds, at most one day');
    }
  });

  it('never answers bad input to any registered route with a 5xx; every refusal carries a detail', async () => {
    const routes = toRoutes(registered).filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(30);
    const admin = await signInAdmin(ctx());
    const adminId = ((await admin.get('/api/auth/me')).json() as { id: string }).id;
    await seedSubscription(ctx().db, adminId, { now: ctx().clock.now(), plan: 'pro' });
    let session = await readyAdmin(admin);
    const failures: string[] = [];
    let probed = 0;
    for (const route of routes) {
      for (const probe of probesOf(route, session.userId)) {
        const response = await session.client.request({
          method: route.method as 'GET',
          url: probe.url,
          ...(probe.headers ? { headers: probe.headers } : {}),
          ...(probe.payload === undefined ? {} : { payload: probe.payload }),
        });
        probed += 1;
        const failure = describeFailure(route, probe, response);
        if (failure) failures.push(failure);
      }
      session = await readyAdmin(session.client);
    }
    expect(probed).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses every state-changing route but the provider webhooks without the CSRF header, however the path is spelt', async () => {
    const routes = toRoutes(registered).filter((r) => r.url.startsWith('/api/') && r.method !== 'GET');
    const exempt = routes.filter((r) => r.providerWebhook).map((r) => `${r.method} ${r.url}`);
    expect(exempt.sort()).toEqual([
      'POST /api/elevenlabs/webhook',
      'POST /api/stripe/webhook',
      'POST /api/twilio/connect-done',
      'POST /api/twilio/status',
      'POST /api/twilio/voice',
      'POST /api/twilio/voice-message',
    ]);
    const { client } = await readyAdmin(await signInAdmin(ctx()));
    const unguarded: string[] = [];
    for (const route of routes.filter((r) => !r.providerWebhook)) {
      const path = pathWith(route.url, SOME_ID);
      for (const url of [path, path.replace('/api/', '/%61pi/'), path.replace('/api/', '/api/%2E/')]) {
        const response = await client.request({ method: route.method as 'POST', url, csrf: false });
        if (response.statusCode !== 403) unguarded.push(`${route.method} ${url} -> ${response.statusCode}`);
      }
    }
    expect(unguarded).toEqual([]);
    expect(routes.length - exempt.length).toBeGreaterThanOrEqual(20);
  });
});
