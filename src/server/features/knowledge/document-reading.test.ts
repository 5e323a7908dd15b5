/**
 * Issue 26: the owner sees how far the agent has read the documents for search by meaning (knowledge-base listing
 * and agent config), and a passage whose text was embedded before is never sent to the encoder again.
 */
import { describe, expect, it } from 'vitest';
import type { SentenceEncoder } from '../../agent/retrieval/meaning.ts';
import {
  databaseTargets,
  signUp,
  useTestApp,
  type TestClient,
  type TestContext,
} from '../../test/harness.ts';
import { seedSubscription } from '../../test/seed.ts';
import { CONFIG_FIELDS, deleteMultipart, postMultipart } from './knowledge-test-helpers.ts';
import { embedPendingPassages, passageVectorTask } from './passage-vectors.ts';

const FAQ = `Do you deliver?
We deliver within five miles of the shop, every weekday.

Is there parking?
Free parking behind the shop, twenty spaces.

Do you repair electric bikes?
Yes, we repair electric bikes and their batteries.

Can I book a fitting?
Fittings are booked online and take one hour.
`;

/** FAQ with its parking answer changed: three passages as before, one new. */
const FAQ_EDITED = FAQ.replace('twenty spaces', 'thirty spaces');

/** A stand-in encoder that counts the sentences it is asked to embed. */
function countingEncoder(): SentenceEncoder & { sentences: string[] } {
  const sentences: string[] = [];
  return {
    kind: 'counting',
    sentences,
    async embed(texts) {
      sentences.push(...texts);
      return texts.map((t) => Float32Array.of(t.length, t.charCodeAt(0), 1));
    },
  };
}

describe.each(databaseTargets())('reading the documents for search by meaning (%s)', (target) => {
  const ctx = useTestApp(target);

  async function configuredOwner(c: TestContext, faq = FAQ): Promise<{ client: TestClient; userId: string }> {
    const { client, user } = await signUp(c.app);
    await seedSubscription(c.db, user.id, { now: c.clock.now(), minutes: null });
    const response = await postMultipart(
      client,
      '/api/agent/configure',
      { ...CONFIG_FIELDS, twilio_phone_number: '+15550100100' },
      [{ name: 'faq.txt', data: faq, type: 'text/plain' }],
    );
    expect(response.statusCode, response.body).toBe(200);
    return { client, userId: user.id };
  }

  async function readingOf(client: TestClient) {
    const list = await client.get('/api/agent/knowledge-base');
    expect(list.statusCode).toBe(200);
    const config = await client.get('/api/agent/config');
    expect(config.statusCode).toBe(200);
    // Both places say the same.
    expect(config.json().config.reading).toEqual(list.json().reading);
    return list.json().reading as { passages_read: number; passages_total: number; ready: boolean };
  }

  async function vectorsOf(c: TestContext, userId: string): Promise<Map<string, string>> {
    const rows = await c.db
      .selectFrom('passages')
      .select(['text', 'vector'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((r) => [r.text, r.vector ? Buffer.from(r.vector).toString('hex') : 'none']));
  }

  it('shows passages read of the total after an upload, counting up until the agent is fully ready', async () => {
    const c = ctx();
    const { client } = await configuredOwner(c);
    const encoder = countingEncoder();

    expect(await readingOf(client)).toEqual({ passages_read: 0, passages_total: 4, ready: false });

    expect(await embedPendingPassages(c.db, encoder, 3)).toBe(3);
    expect(await readingOf(client)).toEqual({ passages_read: 3, passages_total: 4, ready: false });

    expect(await passageVectorTask(c.db, encoder)()).toBe(1);
    expect(await readingOf(client)).toEqual({ passages_read: 4, passages_total: 4, ready: true });

    // Adding a document starts the count again, for its new passages only.
    const added = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'hours.txt', data: 'Opening hours\nWe open at nine and close at six.\n', type: 'text/plain' },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(await readingOf(client)).toEqual({ passages_read: 4, passages_total: 5, ready: false });
    await passageVectorTask(c.db, encoder)();
    expect(await readingOf(client)).toEqual({ passages_read: 5, passages_total: 5, ready: true });

    // Deleting every document leaves nothing to read: ready.
    for (const name of ['faq.txt', 'hours.txt']) {
      const documents = (await client.get('/api/agent/knowledge-base')).json().documents as {
        name: string;
        path: string;
      }[];
      const path = documents.find((d) => d.name === name)!.path;
      expect(
        (await deleteMultipart(client, '/api/agent/knowledge-base/document', { document_path: path }))
          .statusCode,
      ).toBe(200);
    }
    expect(await readingOf(client)).toEqual({ passages_read: 0, passages_total: 0, ready: true });
  });

  it("counts only the account's own passages", async () => {
    const c = ctx();
    const first = await configuredOwner(c);
    await passageVectorTask(c.db, countingEncoder())();
    const { client, user } = await signUp(c.app);
    await seedSubscription(c.db, user.id, { now: c.clock.now(), minutes: null });
    const response = await postMultipart(
      client,
      '/api/agent/configure',
      { ...CONFIG_FIELDS, twilio_phone_number: '+15550100101' },
      [{ name: 'hours.txt', data: 'Opening hours\nWe open at nine and close at six.\n', type: 'text/plain' }],
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await readingOf(client)).toEqual({ passages_read: 0, passages_total: 1, ready: false });
    expect(await readingOf(first.client)).toEqual({ passages_read: 4, passages_total: 4, ready: true });
  });

  it('never embeds an unchanged passage twice: re-upload, a copy under another name, another account', async () => {
    const c = ctx();
    const { client, userId } = await configuredOwner(c);
    const encoder = countingEncoder();
    await passageVectorTask(c.db, encoder)();
    expect(encoder.sentences).toHaveLength(4);
    const original = await vectorsOf(c, userId);

    // The same file uploaded again (it replaces the stored one: new passages, same text).
    const again = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'faq.txt', data: FAQ, type: 'text/plain' },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect((await readingOf(client)).ready).toBe(false);
    expect(await passageVectorTask(c.db, encoder)()).toBe(4);
    expect(encoder.sentences).toHaveLength(4); // no encoder call
    expect(await readingOf(client)).toEqual({ passages_read: 4, passages_total: 4, ready: true });
    expect(await vectorsOf(c, userId)).toEqual(original);

    // An edited copy under another name: only the changed paragraph goes to the encoder.
    const edited = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'faq-2026.txt', data: FAQ_EDITED, type: 'text/plain' },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await passageVectorTask(c.db, encoder)()).toBe(4);
    expect(encoder.sentences).toHaveLength(5);
    expect(encoder.sentences[4]).toContain('thirty spaces');

    // Another account uploading the same text: nothing to embed either.
    const other = await configuredOwnerWithNumber(c, '+15550100102');
    expect(await passageVectorTask(c.db, encoder)()).toBe(4);
    expect(encoder.sentences).toHaveLength(5);
    expect(await readingOf(other)).toEqual({ passages_read: 4, passages_total: 4, ready: true });
  });

  it('embeds a sentence repeated within one batch once', async () => {
    const c = ctx();
    const encoder = countingEncoder();
    const { client } = await configuredOwner(c);
    const copy = await postMultipart(client, '/api/agent/knowledge-base/add', {}, [
      { name: 'faq-copy.txt', data: FAQ, type: 'text/plain' },
    ]);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(await readingOf(client)).toEqual({ passages_read: 0, passages_total: 8, ready: false });
    expect(await passageVectorTask(c.db, encoder)()).toBe(8);
    expect(encoder.sentences).toHaveLength(4);
    expect(await readingOf(client)).toEqual({ passages_read: 8, passages_total: 8, ready: true });
  });

  async function configuredOwnerWithNumber(c: TestContext, phone: string): Promise<TestClient> {
    const { client, user } = await signUp(c.app);
    await seedSubscription(c.db, user.id, { now: c.clock.now(), minutes: null });
    const response = await postMultipart(
      client,
      '/api/agent/configure',
      { ...CONFIG_FIELDS, twilio_phone_number: phone },
      [{ name: 'faq.txt', data: FAQ, type: 'text/plain' }],
    );
    expect(response.statusCode, response.body).toBe(200);
    return client;
  }
});
