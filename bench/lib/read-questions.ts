/**
 * How the engine reads a development set's questions, to find faults in stage 1 by eye (pass 26 found five this way):
 *
 *   npx tsx bench/lib/read-questions.ts [sets]      (default: sites,sites5,sites6,multiturn,multiturn2)
 *   READ=types npx tsx bench/lib/read-questions.ts  (each question's kind of answer, grouped by kind)
 *
 * READ=terms (the default) prints every search term that is not one of the caller's own words as said (a compound, a
 * joined or misheard word, a phrase read as another word) with the index terms it matched and their strengths:
 * "howlong" matched to "housing" at 0.75 was a fault. Only for development sets: a blind set's turns are never read.
 */
import { readMultiturn, indexBusiness } from './multiturn-data.ts';
import { answerTypeOf, questionOf } from '#server/agent/question.ts';
import { normalizeText } from '#server/agent/retrieval/text.ts';

const BLIND = new Set(['sites2', 'sites3', 'sites4']);
const sets = (process.argv[2] ?? 'sites,sites5,sites6,multiturn,multiturn2').split(',');
const mode = process.env.READ ?? 'terms';

const byType = new Map<string, string[]>();
for (const set of sets) {
  if (BLIND.has(set)) throw new Error(`${set} is a blind set: its turns are not read`);
  const file = `bench/data/${set}/conversations.json`;
  const data = readMultiturn(file);
  for (const business of data.businesses) {
    const { knowledge } = await indexBusiness(file, business);
    for (const conversation of data.conversations.filter((c) => c.business === business.id)) {
      for (const turn of conversation.turns) {
        const question = questionOf(turn.caller);
        if (mode === 'types') {
          const type = answerTypeOf(question);
          byType.set(type, [...(byType.get(type) ?? []), `${set.padEnd(10)} ${question}`]);
          continue;
        }
        const said = new Set(normalizeText(question).split(/\s+/));
        for (const term of knowledge.search(question).terms) {
          if (said.has(term.word)) continue;
          const matched = term.alternatives.map((a) => `${a.term} ${a.strength}`).join(', ') || 'nothing';
          console.log(`${set.padEnd(10)} ${term.word.padEnd(16)} ${matched.padEnd(40)} | ${question}`);
        }
      }
    }
  }
}
for (const [type, questions] of byType) {
  console.log(`\n${type} (${questions.length})`);
  for (const q of questions) console.log(`  ${q}`);
}
