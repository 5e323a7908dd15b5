/**
 * Long CPU work done a slice at a time: `step(i)` for i from 0 to `count` - 1, with the event loop let through
 * whenever a slice has held the thread `sliceMs`. Indexing a business of 12,000 passages takes seconds; calls to other
 * businesses on the same instance take their turns between the slices (ADR 030).
 */
export const SLICE_MS = 15;

export async function inSlices(count: number, step: (i: number) => void, sliceMs = SLICE_MS): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < count; i++) {
    step(i);
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}
