/**
 * The figures every quality benchmark prints (issue 20), from a list of judged questions, so that sets can be
 * compared: answer precision, answerable coverage, decline rate on unanswerable questions, wrong-answer rate and
 * token F1, on all questions and on two halves split by a seeded hash of the question id (a figure that differs
 * much between the halves is noise, not a result).
 */
import type { AgentReply, ConversationState } from '#server/agent/turn-engine.ts';
import type { KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { TRUSTING_CALLER } from './call.ts';
import { containsAnswer, mean, percentile, round, tokenF1 } from './metrics.ts';

export type Outcome = 'answered' | 'declined' | 'other';

export interface JudgedQuestion {
  id: string;
  set: string;
  answerable: boolean;
  /** What the reply that settled the question did (classifyReply). */
  outcome: Outcome;
  /** Answered, and correctly (each benchmark judges what correct means). */
  right: boolean;
  spoken: string;
  /** Reference answers or responses; F1 is taken against the best one. */
  gold: string[];
  turnMs: number;
}

export interface Figures {
  questions: number;
  answerable: number;
  unanswerable: number;
  answered: number;
  /** Right answers / answers given. */
  precision: number;
  /** Right answers to answerable questions / answerable questions. */
  coverage: number;
  /** Declined / unanswerable questions. */
  declineRate: number;
  /** Answers given that are wrong / all questions. */
  wrongRate: number;
  /** Token F1 of the spoken reply against the best gold, mean over answerable questions. */
  f1: number;
}

export interface Report {
  seed: number;
  all: Figures;
  halves: [Figures, Figures];
  turnMs: { p50: number; p95: number };
}

/**
 * What a reply did with the question, decided here only. Declined: it hands over for want of an answer, says the
 * documents do not say (`declined`, kept on the call), or asks for a message after finding no answer (no transfer
 * number: pass the conversation's state right after the reply). Answered: it answers a question from a passage.
 * A "are you asking …?" (intent 'confirm') is for the caller simulation to settle; anything else is 'other'.
 */
export function classifyReply(reply: AgentReply, state?: ConversationState): Outcome {
  const declined = (reply as AgentReply & { declined?: boolean }).declined === true;
  if (declined || reply.handoff?.reason === 'no_answer') return 'declined';
  const e = state?.escalation;
  if (state && !state.ended && e?.reason === 'no_answer' && e.message === null) return 'declined';
  if (reply.answer !== undefined && reply.intent === 'question') return 'answered';
  return 'other';
}

/** Whether a passage holds a gold answer of an answerable question: what the caller simulation confirms. */
export function holdsGoldAnswer(
  passage: KnowledgePassage | undefined,
  answerable: boolean,
  answers: readonly string[],
): boolean {
  return (
    answerable &&
    passage !== undefined &&
    containsAnswer(`${passage.heading ?? ''}\n${passage.text}`, answers)
  );
}

/** The reply that settled a question: its outcome, and right when an answerable question is answered with a gold answer. */
export function judgeReply(
  reply: AgentReply,
  state: ConversationState,
  answerable: boolean,
  answers: readonly string[],
): { outcome: Outcome; right: boolean } {
  const outcome = classifyReply(reply, state);
  return { outcome, right: answerable && outcome === 'answered' && containsAnswer(reply.text, answers) };
}

const ratio = (n: number, d: number) => (d === 0 ? Number.NaN : round(n / d));

export function figuresOf(qs: readonly JudgedQuestion[]): Figures {
  const answerable = qs.filter((q) => q.answerable);
  const unanswerable = qs.filter((q) => !q.answerable);
  const answered = qs.filter((q) => q.outcome === 'answered');
  const right = answered.filter((q) => q.right);
  return {
    questions: qs.length,
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    answered: answered.length,
    precision: ratio(right.length, answered.length),
    coverage: ratio(answerable.filter((q) => q.outcome === 'answered' && q.right).length, answerable.length),
    declineRate: ratio(unanswerable.filter((q) => q.outcome === 'declined').length, unanswerable.length),
    wrongRate: ratio(answered.length - right.length, qs.length),
    f1: round(mean(answerable.map((q) => Math.max(0, ...q.gold.map((g) => tokenF1(q.spoken, g)))))),
  };
}

/** A number in [0, 1) from a string and a seed (FNV-1a), stable across runs and machines. */
export function seededHash(text: string, seed: number): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 2246822507);
  h ^= h >>> 13;
  return (h >>> 0) / 2 ** 32;
}

export const REPORT_SEED = 20;

export function reportOf(qs: readonly JudgedQuestion[], seed = REPORT_SEED): Report {
  const first = qs.filter((q) => seededHash(`${q.set}:${q.id}`, seed) < 0.5);
  const second = qs.filter((q) => seededHash(`${q.set}:${q.id}`, seed) >= 0.5);
  const ms = qs.map((q) => q.turnMs);
  return {
    seed,
    all: figuresOf(qs),
    halves: [figuresOf(first), figuresOf(second)],
    turnMs: { p50: round(percentile(ms, 50), 2), p95: round(percentile(ms, 95), 2) },
  };
}

const ROWS: [keyof Figures, string][] = [
  ['precision', 'answer precision       (right answers / answers given)'],
  ['coverage', 'answerable coverage    (right answers / answerable)'],
  ['declineRate', 'decline rate           (declined / unanswerable)'],
  ['wrongRate', 'wrong-answer rate      (wrong answers / all questions)'],
  ['f1', 'token F1               (spoken vs best gold, answerable)'],
];

export function printReport(title: string, r: Report): void {
  const cell = (f: Figures, k: keyof Figures) =>
    (Number.isNaN(f[k]) ? '-' : k === 'f1' ? f[k].toFixed(3) : `${(f[k] * 100).toFixed(1)}%`).padStart(8);
  const [a, b] = r.halves;
  console.log(
    `\n${title}: ${r.all.questions} questions (${r.all.answerable} answerable), ${r.all.answered} answered${TRUSTING_CALLER ? ' [trusting caller]' : ''}`,
  );
  console.log(`${''.padEnd(56)}     all  half 1  half 2   (halves by hash of the id, seed ${r.seed})`);
  for (const [k, label] of ROWS)
    console.log(`${label.padEnd(56)}${cell(r.all, k)}${cell(a, k)}${cell(b, k)}`);
  console.log(
    `${'questions'.padEnd(56)}${[r.all, a, b].map((f) => String(f.questions).padStart(8)).join('')}`,
  );
  console.log(`turn ms                p50 ${r.turnMs.p50}  p95 ${r.turnMs.p95}`);
}
