import { describe, expect, it } from 'vitest';
import type { SentenceEncoder } from '../../agent/retrieval/meaning.ts';
import { databaseTargets, useTestApp, signUp } from '../../test/harness.ts';
import { seedDocument } from '../calls/calls-test-helpers.ts';
import { embedPendingPassages, passageVectorTask } from './passage-vectors.ts';

const FAQ = `Do you deliver?
We deliver within five miles.

Is there parking?
Free parking behind the shop.
`;

const working: SentenceEncoder = {
  kind: 'stand-in',
  async embed(texts) {
    return texts.map((t) => Float32Array.of(t.length, 1, 0));
  },
};

describe.each(databaseTargets())('passage vectors (%s)', (target) => {
  const ctx = useTestApp(target);

  async function pendingCount(): Promise<number> {
    const rows = await ctx().db.selectFrom('passages').select('id').where('vector', 'is', null).execute();
    return rows.length;
  }

  it('fills in every passage without a vector, in batches, once', async () => {
    const { user } = await signUp(ctx().app);
    await seedDocument(ctx().db, user.id, 'faq.txt', FAQ);
    expect(await pendingCount()).toBe(2);
    expect(await embedPendingPassages(ctx().db, working, 1)).toBe(1);
    expect(await passageVectorTask(ctx().db, working)()).toBe(1);
    expect(await pendingCount()).toBe(0);
    expect(await passageVectorTask(ctx().db, working)()).toBe(0);
  });

  it('rests after the encoder fails instead of failing every tick, longer each time', async () => {
    const { user } = await signUp(ctx().app);
    await seedDocument(ctx().db, user.id, 'faq.txt', FAQ);
    let calls = 0;
    let broken = true;
    const flaky: SentenceEncoder = {
      kind: 'stand-in',
      async embed(texts) {
        calls++;
        if (broken) throw new Error('model failed to load');
        return working.embed(texts);
      },
    };
    let clock = 0;
    const tick = passageVectorTask(ctx().db, flaky, () => clock);

    await expect(tick()).rejects.toThrow('model failed to load');
    expect(await tick()).toBe(0); // resting: the encoder is not asked again
    clock += 30_000;
    await expect(tick()).rejects.toThrow('model failed to load');
    clock += 30_000;
    expect(await tick()).toBe(0); // the second rest is a minute
    expect(calls).toBe(2);

    broken = false;
    clock += 30_000;
    expect(await tick()).toBe(2);
    expect(await pendingCount()).toBe(0);
  });
});
