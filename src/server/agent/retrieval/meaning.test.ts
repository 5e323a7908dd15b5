import { describe, expect, it } from 'vitest';
import type { KnowledgePassage } from './knowledge-index.ts';
import {
  bestSupported,
  MeaningIndex,
  passageSentence,
  questionSentence,
  vectorFromBytes,
  vectorToBytes,
} from './meaning.ts';

const passage = (id: string, heading: string | null, text = 'Text.'): KnowledgePassage => ({
  id,
  documentName: 'faq.txt',
  heading,
  page: null,
  text,
});

describe('search by meaning', () => {
  const parking = passage('p', 'Is there parking?');
  const delivery = passage('d', 'Do you deliver?');
  const index = new MeaningIndex([
    { passage: parking, vector: Float32Array.of(1, 0, 0) },
    { passage: delivery, vector: Float32Array.of(0, 2, 0) }, // not unit length: normalised
    { passage: passage('x', 'Not embedded yet'), vector: null },
  ]);

  it('finds the passage nearest in meaning, skipping passages without a vector', () => {
    expect(index.size).toBe(2);
    const near = index.nearest(Float32Array.of(0.2, 0.9, 0.1));
    expect(near?.passage.id).toBe('d');
    expect(near?.cosine).toBeCloseTo(0.9 / Math.hypot(0.2, 0.9, 0.1), 5);
  });

  it('offers nothing when the nearest is not close enough or not clearly the nearest', () => {
    expect(index.nearest(Float32Array.of(0.3, 0.3, 0.9))).toBeNull(); // cosine 0.3
    expect(index.nearest(Float32Array.of(1, 1, 0))).toBeNull(); // a tie
  });

  it('needs less closeness for the passage the words found too', () => {
    const question = Float32Array.of(0.1, 0.4, 0.91); // cosine 0.40 to 'd', 0.10 to 'p'
    expect(index.nearest(question)).toBeNull();
    expect(index.nearest(question, 'd')?.passage.id).toBe('d');
    expect(index.nearest(question, 'p')).toBeNull();
  });

  it('names the passage it prefers over the one the words found, when it is close enough', () => {
    const question = Float32Array.of(0.2, 0.9, 0.1);
    expect(index.preferredOver(question, 'p')?.passage.id).toBe('d');
    expect(index.preferredOver(question, 'd')).toBeNull(); // it agrees
    expect(index.preferredOver(question, 'x')).toBeNull(); // no vector for it yet
    expect(index.preferredOver(Float32Array.of(0.1, 0.35, 0.93), 'p')).toBeNull(); // cosine 0.35
  });

  it("gives the question's cosine to each passage asked about, none for one without a vector", () => {
    const [p, d, x] = index.cosines(Float32Array.of(0.6, 0.8, 0), ['p', 'd', 'x']);
    expect(p).toBeCloseTo(0.6, 5);
    expect(d).toBeCloseTo(0.8, 5);
    expect(x).toBeNull();
  });

  it('finds the same when its rows are written a slice at a time, for a large index as for a small one', async () => {
    // A seeded generator: the same vectors on every run.
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (const size of [3, 2_500]) {
      const entries = Array.from({ length: size }, (_, i) => ({
        passage: passage(`p${i}`, `Heading ${i}`),
        vector: i % 10 === 9 ? null : Float32Array.from({ length: 16 }, random),
      }));
      const whole = new MeaningIndex(entries);
      const sliced = await MeaningIndex.inSlices(entries);
      expect(sliced.size).toBe(whole.size);
      for (let q = 0; q < 5; q++) {
        const question = Float32Array.from({ length: 16 }, random);
        const ids = entries.slice(0, 12).map((e) => e.passage.id);
        expect(sliced.cosines(question, ids)).toEqual(whole.cosines(question, ids));
        expect(sliced.preferredOver(question, 'p0')).toEqual(whole.preferredOver(question, 'p0'));
      }
    }
  });

  it('picks the passage the words and the meaning together clearly support best', () => {
    const found = [
      { passage: passage('dry', 'How can I dry clean my clothes?'), relevance: 0.22 },
      { passage: passage('bags', 'Do you have luggage service?'), relevance: 0.6 },
    ];
    // The words put dry cleaning first; relevance and closeness together favour the luggage entry.
    expect(bestSupported(found, [0.15, 0.36])?.passage.id).toBe('bags');
    expect(bestSupported(found, [0.15, null])?.passage.id).toBe('bags'); // its relevance alone leads
    // Not clearly ahead of the other, or not supported enough: nothing.
    expect(bestSupported(found, [0.6, 0.3])).toBeNull();
    expect(bestSupported(found.slice(0, 1), [0.3])).toBeNull();
    expect(bestSupported(found.slice(0, 1), [0.35])?.passage.id).toBe('dry');
  });

  it('embeds a passage as its heading, then the start of its text', () => {
    expect(passageSentence(passage('a', 'Hours', 'We open at 9.'))).toBe('Hours. We open at 9.');
    expect(passageSentence(passage('b', null, 'x'.repeat(500)))).toHaveLength(120);
    // At the end of a word, never in the middle of one.
    const words =
      'Bring your bike in during service hours and a mechanic will look at it with you and give you a written estimate before any work.';
    expect(passageSentence(passage('c', 'Repairs', words))).toBe(
      'Repairs. Bring your bike in during service hours and a mechanic will look at it with you and give you a written estimate before',
    );
  });

  it("embeds a question's last sixteen words, without its filler", () => {
    expect(questionSentence('uh great thanks um if there is parking')).toBe('if there is parking');
    const long =
      'so we are driving up on saturday with my mother and the kids and the dog and she uses a wheelchair is there a ramp at the front door';
    expect(questionSentence(long)).toBe(
      'and the dog and she uses a wheelchair is there a ramp at the front door',
    );
    expect(questionSentence(long).split(' ')).toHaveLength(16);
  });

  it('stores a vector as bytes and reads it back unchanged', () => {
    const v = Float32Array.of(0.25, -1.5, 3);
    expect([...vectorFromBytes(new Uint8Array(vectorToBytes(v)))!]).toEqual([0.25, -1.5, 3]);
    expect(vectorFromBytes(null)).toBeNull();
    expect(vectorFromBytes(new Uint8Array(0))).toBeNull();
  });
});
