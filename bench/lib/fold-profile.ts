/**
 * `npx tsx bench/lib/fold-profile.ts <file.cpuprofile> [min share]`: a V8 CPU profile (`node --cpu-prof`) as folded
 * stacks ("root;caller;callee samples" a line), the input of any flame graph tool (speedscope, flamegraph.pl,
 * inferno), on standard output; then, on standard error, the functions with the most self time. Frames are named
 * `function (package or file)`; stacks under `min share` of the samples (default 0.001) are left out.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, minArg] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file!, 'utf8')) as { nodes: Node[]; samples: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function frameName(n: Node): string {
  const { functionName, url } = n.callFrame;
  const where = url.includes('node_modules/')
    ? url.replace(/.*node_modules\/((?:@[^/]+\/)?[^/]+).*/, '$1')
    : url.replace(/^file:\/\/.*?\/(src|bench)\//, '$1/').replace(/^node:/, 'node:');
  return `${functionName || '(anonymous)'}${where ? ` (${where})` : ''}`.replace(/;/g, ',');
}

const counts = new Map<number, number>();
for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = profile.samples.length;
const min = Number(minArg ?? 0.001) * total;
const folded = new Map<string, number>();
const self = new Map<string, number>();
for (const [id, n] of counts) {
  const frames: string[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
    frames.push(frameName(byId.get(at)!));
  frames.reverse();
  const key = frames.join(';');
  folded.set(key, (folded.get(key) ?? 0) + n);
  self.set(frames.at(-1)!, (self.get(frames.at(-1)!) ?? 0) + n);
}
for (const [stack, n] of [...folded].sort((a, b) => b[1] - a[1])) if (n >= min) console.log(`${stack} ${n}`);
console.error(`${total} samples; most self time:`);
for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.error(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${name}`);
