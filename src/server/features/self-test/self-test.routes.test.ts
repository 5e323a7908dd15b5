import { describe, expect, it } from 'vitest';
import type { SentenceEncoder } from '../../agent/retrieval/meaning.ts';
import { databaseTargets, signUp, useTestApp, type TestClient } from '../../test/harness.ts';
import { seedActiveAgent } from '../calls/calls-test-helpers.ts';
import { deleteMultipart, postMultipart } from '../knowledge/knowledge-test-helpers.ts';
import { embedPendingPassages } from '../knowledge/passage-vectors.ts';
import { DEBOUNCE_MS, runDueSelfTests } from './self-test.service.ts';

/** A stand-in for the sentence encoder: words hashed to 64 axes (the real model's quality is benchmarked apart). */
const encoder: SentenceEncoder = {
  kind: 'stand-in',
  async embed(texts) {
    return texts.map((text) => {
      const v = new Float32Array(64).fill(0.01);
      for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) {
        let h = 0;
        for (const c of w) h = (h * 31 + c.charCodeAt(0)) % 64;
        v[h]! += 1;
      }
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    });
  },
};

const WARRANTY = `# Warranty
Every boiler we install carries a warranty on parts and labour for five years.

# Emergency call-outs
We charge 150 dollars for an emergency call-out at night.`;

interface Item {
  id: string;
  question: string;
  kind: 'document' | 'out_of_scope';
  made_from: string;
  source_document: string | null;
  outcome: string;
  reply: string;
  answer_document: string | null;
  answer_section: string | null;
  marked_wrong: boolean;
}
interface SelfTest {
  configured: boolean;
  status: string;
  knowledge_version: number | null;
  last_run: null | {
    id: string;
    ran_at: string;
    knowledge_version: number;
    documents_changed_since: boolean;
    document_questions: number;
    document_answered: number;
    probe_questions: number;
    probe_declined: number;
    items: Item[];
  };
}

describe.each(databaseTargets())('self-test (%s)', (target) => {
  const ctx = useTestApp(target, { providers: () => ({ encoder }) });

  const selfTestOf = async (client: TestClient) => {
    const response = await client.get('/api/self-test');
    expect(response.statusCode).toBe(200);
    return response.json() as SelfTest;
  };
  const embedAll = () => embedPendingPassages(ctx().db, encoder, 1000);
  const upload = (client: TestClient, name: string, text: string) =>
    postMultipart(client, '/api/agent/knowledge-base/add', {}, [{ name, data: text, type: 'text/plain' }]);
  /** Moves past the debounce, with the documents processed, and runs what is due. */
  const settle = async () => {
    await embedAll();
    ctx().clock.advance(DEBOUNCE_MS + 1);
    return runDueSelfTests(ctx().deps);
  };

  it('runs once after a burst of uploads, asking questions from the documents and probes, with no call and no minute', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await embedAll();
    expect((await selfTestOf(owner.client)).last_run).toBeNull();

    expect((await upload(owner.client, 'warranty.txt', WARRANTY)).statusCode).toBe(200);
    ctx().clock.advance(1000);
    expect(
      (await upload(owner.client, 'more.txt', 'We repair water heaters of every brand.')).statusCode,
    ).toBe(200);
    expect((await selfTestOf(owner.client)).status).toBe('scheduled');
    // Not yet: the burst is still going on.
    ctx().clock.advance(DEBOUNCE_MS - 1500);
    expect(await runDueSelfTests(ctx().deps)).toBe(0);
    // Once it is over, one test runs for the two uploads.
    expect(await settle()).toBe(1);
    expect(await runDueSelfTests(ctx().deps)).toBe(0);

    const test = await selfTestOf(owner.client);
    expect(test.status).toBe('idle');
    const run = test.last_run!;
    expect(run.documents_changed_since).toBe(false);
    expect(run.knowledge_version).toBe(test.knowledge_version);
    const fromDocuments = run.items.filter((i) => i.kind === 'document');
    const probes = run.items.filter((i) => i.kind === 'out_of_scope');
    expect(run.document_questions).toBe(fromDocuments.length);
    expect(run.probe_questions).toBe(probes.length);
    expect(probes.length).toBe(10);
    // Questions come from every document: headings, key sentences and paraphrases.
    expect(new Set(fromDocuments.map((i) => i.source_document))).toEqual(
      new Set(['faq.txt', 'warranty.txt', 'more.txt']),
    );
    expect(new Set(fromDocuments.map((i) => i.made_from))).toEqual(
      new Set(['heading', 'sentence', 'paraphrase']),
    );
    // What the agent would say, and from where.
    const hours = run.items.find((i) => i.question === 'When are you open?')!;
    expect(hours).toMatchObject({
      outcome: 'answered',
      answer_document: 'faq.txt',
      answer_section: 'Opening hours',
    });
    expect(hours.reply).toMatch(/Monday to Friday/);
    const charge = run.items.find(
      (i) => i.question === 'How much do you charge for an emergency call out at night?',
    );
    expect(charge).toMatchObject({ outcome: 'answered', answer_document: 'warranty.txt' });
    expect(charge!.reply).toMatch(/150 dollars/);
    // Most document questions answered, most probes declined; the figures are the items' own counts.
    expect(run.document_answered).toBe(fromDocuments.filter((i) => i.outcome === 'answered').length);
    expect(run.document_answered / run.document_questions).toBeGreaterThan(0.6);
    expect(run.probe_declined).toBe(probes.filter((i) => i.outcome === 'declined').length);
    expect(run.probe_declined).toBeGreaterThan(probes.length / 2);
    const hiring = probes.find((i) => i.question === 'Are you hiring at the moment?')!;
    expect(hiring).toMatchObject({ outcome: 'declined', answer_document: null });

    // Asked like calls, but none is recorded and no minute is billed.
    const calls = await ctx().db.selectFrom('calls').select('id').execute();
    expect(calls).toHaveLength(0);
    const status = await owner.client.get('/api/subscription/status');
    expect(status.json().subscription.usage.minutes_used).toBe(0);
  });

  it('shows the documents changed since the last test, and the figures after a deletion', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await upload(owner.client, 'warranty.txt', WARRANTY);
    await settle();
    const before = (await selfTestOf(owner.client)).last_run!;
    expect(before.items.some((i) => i.source_document === 'warranty.txt')).toBe(true);

    const documents = (await owner.client.get('/api/agent/knowledge-base')).json().documents as {
      name: string;
      path: string;
    }[];
    const deleted = await deleteMultipart(owner.client, '/api/agent/knowledge-base/document', {
      document_path: documents.find((d) => d.name === 'warranty.txt')!.path,
    });
    expect(deleted.statusCode).toBe(200);
    const changed = await selfTestOf(owner.client);
    expect(changed.status).toBe('scheduled');
    expect(changed.last_run!.documents_changed_since).toBe(true);
    // The last result stays on show until the new one is in.
    expect(changed.last_run!.id).toBe(before.id);

    expect(await settle()).toBe(1);
    const after = (await selfTestOf(owner.client)).last_run!;
    expect(after.documents_changed_since).toBe(false);
    expect(after.items.some((i) => i.source_document === 'warranty.txt')).toBe(false);
    expect(after.document_questions).toBeLessThan(before.document_questions);
    // What the deleted document answered is no longer answered from it.
    const charge = after.items.find((i) => i.question.startsWith('How much do you charge for an emergency'));
    expect(charge).toBeUndefined();
  });

  it('waits while the documents are being processed, and says so', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const now = await owner.client.post('/api/self-test/run');
    expect(now.statusCode).toBe(200);
    expect(now.json().message).toMatch(/still being processed/);
    expect(await runDueSelfTests(ctx().deps)).toBe(0);
    expect((await selfTestOf(owner.client)).status).toBe('waiting_for_documents');
    expect((await selfTestOf(owner.client)).last_run).toBeNull();

    await embedAll();
    ctx().clock.advance(2_001);
    expect(await runDueSelfTests(ctx().deps)).toBe(1);
    const test = await selfTestOf(owner.client);
    expect(test.status).toBe('idle');
    expect(test.last_run!.document_answered).toBeGreaterThan(0);

    // Processed documents: it runs at once.
    const again = await owner.client.post('/api/self-test/run');
    expect(again.json().message).toMatch(/is running/);
    expect(await runDueSelfTests(ctx().deps)).toBe(1);
  });

  it('requests a test after an added answer is saved, and not for an account without an agent', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const saved = await owner.client.post('/api/agent/knowledge-base/answers', {
      question: 'Do you sell gift vouchers?',
      answer: 'Yes, gift vouchers are sold at the front desk.',
    });
    expect(saved.statusCode).toBe(200);
    expect((await selfTestOf(owner.client)).status).toBe('scheduled');
    await settle();
    const run = (await selfTestOf(owner.client)).last_run!;
    expect(run.items.find((i) => i.question === 'Do you sell gift vouchers?')).toMatchObject({
      made_from: 'faq',
      outcome: 'answered',
      answer_document: 'Answers you added',
    });
    // The documents now cover gifts: that probe is left out.
    expect(run.items.some((i) => i.question === 'Do you sell gift cards?')).toBe(false);

    const { client } = await signUp(ctx().app);
    expect(await selfTestOf(client)).toMatchObject({ configured: false, last_run: null });
    const refused = await client.post('/api/self-test/run');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe('Please configure your agent first');
  });

  it("turns an answer marked wrong into a knowledge gap, once; another account's item is a 404", async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await upload(owner.client, 'warranty.txt', WARRANTY);
    await settle();
    const item = (await selfTestOf(owner.client)).last_run!.items.find((i) => i.outcome === 'answered')!;

    const stranger = await seedActiveAgent(ctx(), { plan: 'pro' });
    const foreign = await stranger.client.post(`/api/self-test/items/${item.id}/wrong`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toMatch(/not in your latest self-test/);
    expect((await stranger.client.get('/api/knowledge-gaps')).json().groups).toHaveLength(0);
    expect((await owner.client.post('/api/self-test/items/not-an-id/wrong')).statusCode).toBe(404);

    const marked = await owner.client.post(`/api/self-test/items/${item.id}/wrong`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().message).toMatch(/Marked wrong/);
    const twice = await owner.client.post(`/api/self-test/items/${item.id}/wrong`);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().gap_id).toBe(marked.json().gap_id);

    const groups = (await owner.client.get('/api/knowledge-gaps')).json().groups as {
      question: string;
      asks: { gap_id: string; kind: string; call_id: string | null }[];
    }[];
    expect(groups).toHaveLength(1);
    expect(groups[0]!.question).toBe(item.question);
    expect(groups[0]!.asks).toEqual([
      expect.objectContaining({ gap_id: marked.json().gap_id, kind: 'self_test', call_id: null }),
    ]);
    const shown = (await selfTestOf(owner.client)).last_run!.items.find((i) => i.id === item.id)!;
    expect(shown.marked_wrong).toBe(true);
  });

  it('stores nothing, and fails nothing, for an agent deleted while its test runs', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await upload(owner.client, 'warranty.txt', WARRANTY);
    await embedAll();
    ctx().clock.advance(DEBOUNCE_MS + 1);
    // The owner deletes the agent while the test asks its questions.
    const deleting: SentenceEncoder = {
      ...encoder,
      embed: async (texts, priority) => {
        await ctx().db.deleteFrom('agent_configs').where('user_id', '=', owner.userId).execute();
        return encoder.embed(texts, priority);
      },
    };
    const deps = { ...ctx().deps, providers: { ...ctx().deps.providers, encoder: deleting } };
    expect(await runDueSelfTests(deps)).toBe(0);
    expect(await ctx().db.selectFrom('self_tests').select('id').execute()).toHaveLength(0);
    expect(await ctx().db.selectFrom('self_test_requests').select('agent_id').execute()).toHaveLength(0);
  });

  it('runs each requested test on one instance only', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await upload(owner.client, 'warranty.txt', WARRANTY);
    await embedAll();
    ctx().clock.advance(DEBOUNCE_MS + 1);
    // Two instances' loops on one database, at the same moment: each claims with its own holder.
    const ran = await Promise.all([runDueSelfTests(ctx().deps), runDueSelfTests(ctx().deps)]);
    expect(ran[0]! + ran[1]!).toBe(1);
    const runs = await ctx().db.selectFrom('self_tests').select('id').execute();
    expect(runs).toHaveLength(1);
  });
});
