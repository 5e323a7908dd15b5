import { describe, expect, it } from 'vitest';
import { dotScanner } from './dot-scan.ts';
import { MeaningIndex } from './meaning.ts';

/** Deterministic pseudo-random numbers in [-0.5, 0.5). */
function numbers(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1_103_515_245 + 12_345) % 2_147_483_648;
    return a / 2_147_483_648 - 0.5;
  };
}

describe('dot products in WebAssembly', () => {
  it("give each row's dot product with the question, as the JavaScript loop does", () => {
    const next = numbers(7);
    const rows = 300;
    const dim = 512;
    const scanner = dotScanner(rows, dim)!;
    expect(scanner).not.toBeNull();
    for (let i = 0; i < rows * dim; i++) scanner.matrix[i] = next();
    const question = Float32Array.from({ length: dim }, next);
    const dots = scanner.dots(question);
    for (const row of [0, 1, 150, rows - 1]) {
      let expected = 0;
      for (let k = 0; k < dim; k++) expected += question[k]! * scanner.matrix[row * dim + k]!;
      expect(dots[row]).toBeCloseTo(expected, 4);
    }
  });

  it('are not used for vectors whose length is not a multiple of four', () => {
    expect(dotScanner(10, 3)).toBeNull();
  });

  it('find the nearest passage of a large index, and its lead over the next', () => {
    const next = numbers(11);
    const dim = 64;
    const vectors = Array.from({ length: 3_000 }, () => Float32Array.from({ length: dim }, next));
    const index = new MeaningIndex(
      vectors.map((vector, i) => ({
        passage: { id: `p${i}`, documentName: 'site.html', heading: `Page ${i}`, page: null, text: 'Text.' },
        vector,
      })),
    );
    // The question is passage 2,024's vector with a little noise: that passage is the nearest, clearly.
    const question = vectors[2_024]!.map((x) => x + 0.01 * next());
    const match = index.nearest(question);
    expect(match?.passage.id).toBe('p2024');
    expect(match!.cosine).toBeGreaterThan(0.99);
    expect(match!.lead).toBeGreaterThan(0.3);
  });
});
