import { describe, expect, it } from 'vitest';
import type { SentenceEncoder } from '../../agent/retrieval/meaning.ts';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { embedPendingPassages } from '../knowledge/passage-vectors.ts';
import { dial, eventually, seedActiveAgent } from './calls-test-helpers.ts';

/**
 * A stand-in for the sentence encoder: one axis per topic of the test FAQ, so "somewhere to put my car" and
 * "Parking" land together the way the real model places paraphrases (its own quality is measured in
 * `npm run bench:agent` / `bench:labels`, not here).
 */
const TOPICS = [
  ['car', 'park', 'parking', 'truck'],
  ['open', 'hours', 'sunday'],
  ['pay', 'payment', 'card', 'cash'],
  ['boiler', 'repair', 'heating'],
];
const encoder: SentenceEncoder & { sentences: number; last: readonly string[] } = {
  kind: 'stand-in',
  sentences: 0,
  /** The sentences of the last call to embed. */
  last: [],
  async embed(texts) {
    this.sentences += texts.length;
    this.last = texts;
    return texts.map((text) => {
      const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
      return Float32Array.from(TOPICS, (topic) => 0.05 + words.filter((w) => topic.includes(w)).length);
    });
  },
};

describe.each(databaseTargets())('search by meaning on a call (%s)', (target) => {
  const ctx = useTestApp(target, { providers: () => ({ encoder }) });

  /** A fresh call to `number`: past the greeting, the question asked; its relay and the agent's reply. */
  const ask = async (number: string, question: string) => {
    const relay = await dial(ctx().app, number);
    await relay.reply();
    relay.prompt(question);
    return { relay, reply: await relay.reply() };
  };

  it('offers the entry a question means once its vectors are computed, and answers it on a yes', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    const question = 'is there somewhere to put my car near the building';

    // Before the background loop has run, the agent declines as it would without search by meaning.
    const before = await ask(owner.number, question);
    expect(before.reply.text).toMatch(/don't have that information/);
    expect(before.reply.end).toBeNull();
    before.relay.close();

    const stored = await embedPendingPassages(ctx().db, encoder, 100);
    expect(stored).toBeGreaterThanOrEqual(4);
    expect(await embedPendingPassages(ctx().db, encoder, 100)).toBe(0); // nothing left to do

    const { relay, reply: asked } = await ask(owner.number, question);
    expect(asked.text).toBe('Just to make sure I understand: are you asking about parking?');
    expect(asked.end).toBeNull();
    relay.prompt('yes please');
    const answer = await relay.reply();
    expect(answer.text).toMatch(/Free parking is available behind the building/);
    relay.close();

    const calls = await eventually(async () => {
      const history = (await (await owner.client.get('/api/calls/history')).json()) as {
        calls: {
          outcome: string | null;
          transcript: { text: string; sources?: { heading: string | null }[] }[];
        }[];
      };
      return history.calls.every((c) => c.outcome !== null) && history.calls.length === 2
        ? history.calls
        : null;
    });
    const answered = calls.find((c) => c.outcome === 'answered')!;
    expect(answered.transcript.at(-1)?.sources?.[0]?.heading).toBe('Parking');
    expect(calls.map((c) => c.outcome).sort()).toEqual(['answered', 'escalated_no_answer']);
  });

  it('checks with the caller before an answer whose passage does not state all that was asked', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    // "Payment methods" holds credit cards, not the truck: the agent asks first, with or without the vectors.
    const question = 'do you accept credit cards for my truck';
    const before = await ask(owner.number, question);
    expect(before.reply.text).toMatch(/[Aa]re you asking about payment methods\?$/);
    before.relay.close();

    await embedPendingPassages(ctx().db, encoder, 100);
    const { relay, reply: asked } = await ask(owner.number, question);
    expect(asked.text).toMatch(/[Aa]re you asking about payment methods\?$/);
    expect(asked.end).toBeNull();
    relay.prompt('yes');
    expect((await relay.reply()).text).toMatch(/all major credit cards/);
    relay.close();
  });

  it("prepares a question's meaning from the caller's words while they speak, and uses it when they match", async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await embedPendingPassages(ctx().db, encoder, 100);
    const question = 'is there somewhere near the building to put my car';
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();

    // The words so far, then the whole question as a partial: both are embedded while the caller speaks.
    const before = encoder.sentences;
    relay.partial('is there somewhere near the building');
    relay.partial(question);
    await eventually(async () => (encoder.sentences === before + 2 ? true : null));
    // The final prompt says the same: its meaning is ready, so nothing more is embedded.
    relay.prompt(question);
    expect((await relay.reply()).text).toBe('Just to make sure I understand: are you asking about parking?');
    expect(encoder.sentences).toBe(before + 2);
    relay.prompt('yes');
    expect((await relay.reply()).text).toMatch(/Free parking is available behind the building/);
    relay.close();
  });

  it('embeds the final question afresh when it differs from what the caller had said so far', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await embedPendingPassages(ctx().db, encoder, 100);
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();

    const before = encoder.sentences;
    relay.partial('is there somewhere near the building');
    await eventually(async () => (encoder.sentences === before + 1 ? true : null));
    // Had the partial's vector (no topic) been used, nothing would be offered and the call would transfer.
    relay.prompt('is there somewhere near the building to put my car');
    expect((await relay.reply()).text).toBe('Just to make sure I understand: are you asking about parking?');
    expect(encoder.sentences).toBe(before + 2);
    relay.close();
  });

  it('embeds a question the words answer once, for a second opinion, and answers when the meaning agrees', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await embedPendingPassages(ctx().db, encoder, 100);
    const before = encoder.sentences;
    const { relay, reply } = await ask(owner.number, 'Which payment methods do you accept?');
    expect(reply.text).toMatch(/credit cards/);
    relay.close();
    expect(encoder.sentences).toBe(before + 1);
  });

  it('embeds a follow-up on the call with the question it leans on', async () => {
    const owner = await seedActiveAgent(ctx(), { plan: 'pro' });
    await embedPendingPassages(ctx().db, encoder, 100);
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();
    relay.prompt('Which payment methods do you accept?');
    expect((await relay.reply()).text).toMatch(/credit cards/);
    const before = encoder.sentences;
    // "and cash?" alone means nothing; with the payment question it is about payment.
    relay.prompt('and cash?');
    await relay.reply();
    expect(encoder.sentences).toBe(before + 1);
    expect(encoder.last).toEqual(['which payment methods do you accept and cash']);
    relay.close();
  });
});
