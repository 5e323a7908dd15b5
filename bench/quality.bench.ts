/**
 * `npm run bench:quality`: issue 20's headline figures in one table. Every multi-turn set (bench/data/<set>/) is run
 * with every simulated caller (truthful, topical, trusting: see bench/lib/call.ts; polite and wordy: the truthful
 * caller in full, polite sentences, bench/lib/caller-style.ts), each run being
 * `npm run bench:multiturn` in a child process; the table gives precision / coverage / declined over all turns, and
 * the precision of each half (by hash of the id).
 *
 * BENCH_SETS=sites,multiturn and BENCH_CALLERS=truthful,topical pick some (default: all); BENCH_JOBS (default 2) runs
 * that many at a time: these figures do not depend on timing, so the runs may share the machine. `sites2`, `sites3` and
 * `sites4` (two invented public-sector sites, written in session 21) are the blind sets: read their figures, never
 * their turns; `sites5` (two more, a school district and a transit agency) and `sites6` (two invented software help
 * centres, written in session 26) and `sites7` (Debian's Postfix, SQLite and Git manuals as whole HTML pages, written
 * in session 31) are for development. About 6-9 minutes for all forty-five runs on a 2-core machine
 * (vectors cached).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMultiturn } from './lib/multiturn-data.ts';
import type { Report } from './lib/report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ALL_SETS = [
  'sites',
  'sites2',
  'sites3',
  'sites4',
  'sites5',
  'sites6',
  'sites7',
  'multiturn',
  'multiturn2',
];
/** `polite`, `wordy`: the truthful caller, saying each question in full, polite sentences (BENCH_STYLE). */
const ALL_CALLERS = ['truthful', 'topical', 'trusting', 'polite', 'wordy'] as const;
type Caller = (typeof ALL_CALLERS)[number];

const listOf = (value: string | undefined, all: readonly string[]) => {
  const picked = value ? value.split(',').map((s) => s.trim()) : [...all];
  const unknown = picked.filter((s) => !all.includes(s));
  if (unknown.length > 0) throw new Error(`unknown: ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return picked;
};
/**
 * The blind sets read pages installed on the machine (`sites2`: the Rust toolchain's Cargo book and Debian's Valgrind
 * and Node.js docs; `sites3`: Debian's apache2-doc, debian-handbook and postgresql-doc-15), as does the development
 * set `sites7` (postfix-doc, sqlite3-doc, git-doc): a set whose pages are not there is left out with a note, its README
 * says what to install.
 */
function missingPages(set: string): string[] {
  const file = path.join(here, 'data', set, 'conversations.json');
  return readMultiturn(file)
    .businesses.flatMap((b) => b.documents)
    .map((d) => path.resolve(path.dirname(file), d))
    .filter((d) => !existsSync(d));
}
const sets = listOf(process.env.BENCH_SETS, ALL_SETS).filter((set) => {
  const missing = missingPages(set);
  if (missing.length > 0)
    console.log(
      `${set} left out: ${missing.length} of its pages are not installed (${missing[0]}); see bench/data/${set}/README.md`,
    );
  return missing.length === 0;
});
const callers = listOf(process.env.BENCH_CALLERS, ALL_CALLERS) as Caller[];
const jobs = Math.max(1, Number(process.env.BENCH_JOBS ?? 2));

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-quality-'));
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');

/** One `bench:multiturn` run; its report, read from the JSON file it writes (BENCH_JSON). */
function run(set: string, caller: Caller): Promise<Report> {
  const out = path.join(scratch, `${set}-${caller}.json`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_MULTITURN_FILE: path.join(here, 'data', set, 'conversations.json'),
    BENCH_JSON: out,
  };
  delete env.BENCH_CALLER;
  delete env.BENCH_STYLE;
  if (caller === 'polite' || caller === 'wordy') env.BENCH_STYLE = caller;
  else if (caller !== 'truthful') env.BENCH_CALLER = caller;
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(here, 'multiturn.bench.ts')], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${set} (${caller}) failed with exit ${code}:\n${errors}`));
      else resolve(JSON.parse(readFileSync(out, 'utf8')) as Report);
    });
  });
}

const started = Date.now();
const work = sets.flatMap((set) => callers.map((caller) => ({ set, caller })));
const reports = new Map<string, Report>();
let next = 0;
async function worker(): Promise<void> {
  while (next < work.length) {
    const { set, caller } = work[next++]!;
    reports.set(`${set}/${caller}`, await run(set, caller));
    process.stderr.write(`  ${set} (${caller}) done\n`);
  }
}
try {
  await Promise.all(Array.from({ length: Math.min(jobs, work.length) }, worker));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const pct = (x: number) => (Number.isNaN(x) ? '-' : (100 * x).toFixed(1));
const cell = (r: Report) =>
  `${pct(r.all.precision)} / ${pct(r.all.coverage)} / ${pct(r.all.declineRate)} (halves ${pct(r.halves[0].precision)}, ${pct(r.halves[1].precision)})`;
console.log('precision / coverage / declined over all turns, in %; the halves give precision\n');
console.log(`| set | ${callers.join(' | ')} |`);
console.log(`| --- | ${callers.map(() => '---').join(' | ')} |`);
for (const set of sets)
  console.log(`| ${set} | ${callers.map((c) => cell(reports.get(`${set}/${c}`)!)).join(' | ')} |`);
console.log(
  `\n${work.length} run${work.length === 1 ? '' : 's'} in ${((Date.now() - started) / 60000).toFixed(1)} min, up to ${Math.min(jobs, work.length)} at a time`,
);
