import { afterAll, describe, expect, it } from 'vitest';
import { WorkerSentenceEncoder } from './use-encoder.ts';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('the shipped sentence encoder (Universal Sentence Encoder lite, in a worker thread)', () => {
  const encoder = new WorkerSentenceEncoder();
  afterAll(() => encoder.close());

  it('loads offline from its package and places a paraphrase nearer its entry than another entry', async () => {
    const [question, parking, delivery] = await encoder.embed([
      'where do I leave my car',
      'Is there parking? Free parking behind the building.',
      'Do you deliver? We deliver within five miles.',
    ]);
    expect(question).toHaveLength(512);
    expect(dot(question!, question!)).toBeCloseTo(1, 2);
    expect(dot(question!, parking!)).toBeGreaterThan(dot(question!, delivery!) + 0.1);
  });

  it("answers a caller's question before a caller's unfinished words, and both before queued passages", async () => {
    const finished: string[] = [];
    const passages = encoder
      .embed(Array.from({ length: 24 }, (_, i) => `Passage ${i} about opening hours and holidays.`))
      .then((v) => finished.push(`passages ${v.length}`));
    const early = encoder
      .embed(['is there somewhere to'], 'early')
      .then((v) => finished.push(`early ${v.length}`));
    const question = encoder
      .embed(['do you open on sundays'], 'call')
      .then((v) => finished.push(`question ${v.length}`));
    await Promise.all([passages, early, question]);
    expect(finished).toEqual(['question 1', 'early 1', 'passages 24']);
  });

  it('starts a new thread after being closed', async () => {
    await encoder.close();
    expect(await encoder.embed(['hello'])).toHaveLength(1);
  });
});
