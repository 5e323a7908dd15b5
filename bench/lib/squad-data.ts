/** The SQuAD 2.0 dev half in ../shared/eval (SOURCE.txt there says what it is). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SquadFile {
  data: {
    title: string;
    paragraphs: {
      context: string;
      qas: { id: string; question: string; is_impossible: boolean; answers: { text: string }[] }[];
    }[];
  }[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The shared data sits next to the checkout (../shared), or next to the folder of worktrees (../../shared). */
export function squadDir(): string {
  if (process.env.BENCH_SQUAD_DIR) return process.env.BENCH_SQUAD_DIR;
  const repo = path.resolve(here, '..', '..');
  const candidates = ['..', path.join('..', '..')].map((up) =>
    path.resolve(repo, up, 'shared', 'eval', 'squad2-dev-half'),
  );
  return candidates.find((dir) => existsSync(dir)) ?? candidates[0]!;
}

export function readSquad(dir = squadDir()): SquadFile {
  return JSON.parse(readFileSync(path.join(dir, 'dev-v2.0-half.json'), 'utf8')) as SquadFile;
}
