/**
 * `npx tsx bench/lib/calibrate-offers.ts`: fits OFFER_MODEL (src/server/agent/decide.ts), the likelihood that the
 * passage the agent is about to offer ("are you asking about X?") holds the answer.
 *
 * Every turn of the multi-turn sets is asked as in `npm run bench:multiturn` (truthful caller). When the agent would
 * offer a passage, its signals (offerFeatures) are recorded with whether the passage holds an answer span. The model
 * is fitted on the development sets (multiturn, sites) and read on every set, multiturn2 included, which it was not
 * fitted on; sites2 is never read (it is the blind set). Figures: AUC, and for each bar the share of right offers kept
 * and of wrong offers removed. The first offer the agent weighs on a turn is recorded, before the bar decides whether it
 * is made, so the figures do not depend on the bar in force.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OFFER_FEATURES, offerLikelihood, type EvidenceModel } from '#server/agent/decide.ts';
import type { KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { askAndConfirm, greetedCall, replay, type CallerLine } from './call.ts';
import { fitLogistic } from './calibrate.ts';
import { questionVector } from './meaning.ts';
import { indexBusiness, readMultiturn } from './multiturn-data.ts';
import { holdsGoldAnswer } from './report.ts';
interface Offer {
  set: string;
  x: number[];
  right: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const FIT_SETS = ['multiturn', 'sites'];
const READ_SETS = [...FIT_SETS, 'multiturn2'];

async function offersOf(set: string): Promise<Offer[]> {
  const file = path.join(here, '..', 'data', set, 'conversations.json');
  const data = readMultiturn(file);
  const offers: Offer[] = [];
  for (const business of data.businesses) {
    const { companyName, knowledge, meaning } = await indexBusiness(file, business);
    let sink: ((x: readonly number[], passage: KnowledgePassage) => void) | null = null;
    const start = () =>
      greetedCall(companyName, knowledge, meaning, { observeOffer: (x, passage) => sink?.(x, passage) });
    for (const conversation of data.conversations.filter((c) => c.business === business.id)) {
      let lines: CallerLine[] = [];
      for (const turn of conversation.turns) {
        const holds = (p: KnowledgePassage | undefined) => holdsGoldAnswer(p, turn.answerable, turn.answers);
        // The turn once more on its own replay, to see the offer it weighs first.
        const probe = replay(start, lines);
        const wants = probe.needsMeaning(turn.caller);
        const vector = wants ? await questionVector(probe.meaningSentence(turn.caller)) : null;
        let seen: Offer | null = null;
        sink = (x, passage) => (seen ??= { set, x: [...x], right: holds(passage) });
        probe.onCallerText(turn.caller, vector?.vector ?? null);
        sink = null;
        if (seen) offers.push(seen);
        const call = await askAndConfirm(() => replay(start, lines), turn.caller, holds, questionVector);
        lines = call.conversation.state.ended ? [] : [...lines, ...call.lines];
      }
    }
  }
  return offers;
}

function auc(offers: readonly Offer[], model: EvidenceModel): number {
  const score = (o: Offer) => offerLikelihood(o.x, model);
  const pos = offers.filter((o) => o.right).map(score);
  const neg = offers.filter((o) => !o.right).map(score);
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / Math.max(1, pos.length * neg.length);
}

await questionVector('are you open today');
const offers: Offer[] = [];
for (const set of READ_SETS) offers.push(...(await offersOf(set)));
const fitOn = offers.filter((o) => FIT_SETS.includes(o.set));
const w = fitLogistic(
  fitOn.map((o) => ({ x: [1, ...o.x], label: o.right ? 1 : 0 })),
  1,
  50,
);
const model: EvidenceModel = { intercept: w[0]!, weights: w.slice(1) };
console.log(`features: ${OFFER_FEATURES.join(', ')}`);
console.log(
  `OFFER_MODEL = ${JSON.stringify({ intercept: +model.intercept.toFixed(4), weights: model.weights.map((x) => +x.toFixed(4)) })}`,
);
for (const set of READ_SETS) {
  const of = offers.filter((o) => o.set === set);
  const right = of.filter((o) => o.right).length;
  const line = [0.2, 0.25, 0.3, 0.35, 0.4].map((bar) => {
    const kept = of.filter((o) => offerLikelihood(o.x, model) >= bar);
    const keptRight = kept.filter((o) => o.right).length;
    const removedWrong = of.length - right - (kept.length - keptRight);
    return `${bar}: ${((100 * keptRight) / Math.max(1, right)).toFixed(0)}% right kept, ${((100 * removedWrong) / Math.max(1, of.length - right)).toFixed(0)}% wrong removed`;
  });
  console.log(
    `${set}${FIT_SETS.includes(set) ? ' (fitted on)' : ''}: ${of.length} offers, ${right} right, AUC ${auc(of, model).toFixed(3)}`,
  );
  for (const l of line) console.log(`  ${l}`);
}
