/**
 * How well each detector tells that a sentence states the kind of answer a question asks for (an amount, a
 * number, a time or date, a place, a person), on SQuAD 2.0's dev half: for every answerable question of those
 * kinds, the sentence holding the gold answer should be flagged (recall) and the paragraph's other sentences
 * should not (false alarms). Detectors: the word lists the agent used before, wink-nlp with its English model
 * (what the agent uses now, entities.ts), and compromise. Also the time each takes per sentence.
 *
 *   npm run bench:entities
 */
import { performance } from 'node:perf_hooks';
import nlp from 'compromise';
import { questionWordsOf, statesType } from '#server/agent/evidence.ts';
import { splitSentences } from '#server/agent/passages.ts';
import { answerTypeOf, type AnswerType } from '#server/agent/question.ts';
import { statesTypeByWordLists } from './lib/entity-baselines.ts';
import { readSquad } from './lib/squad-data.ts';

type Detector = (sentence: string, type: AnswerType, questionWords: ReadonlySet<string>) => boolean;

/** compromise's entities (people, places, organisations, money, numbers, dates by its own lexicon). */
const byCompromise: Detector = (sentence, type, questionWords) => {
  const doc = nlp(sentence);
  const fresh = (list: string[]) =>
    list.some((x) => (x.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => !questionWords.has(w)));
  switch (type) {
    case 'amount':
      return fresh(doc.money().out('array') as string[]) || fresh(doc.numbers().out('array') as string[]);
    case 'count':
      return fresh(doc.numbers().out('array') as string[]);
    case 'time':
      return (
        fresh(doc.match('#Date').out('array') as string[]) || fresh(doc.numbers().out('array') as string[])
      );
    case 'place':
      return (
        fresh(doc.places().out('array') as string[]) || fresh(doc.organizations().out('array') as string[])
      );
    case 'person':
      return (
        fresh(doc.people().out('array') as string[]) || fresh(doc.organizations().out('array') as string[])
      );
    default:
      return true;
  }
};

const DETECTORS: [string, Detector][] = [
  ['word lists (before)', statesTypeByWordLists],
  ['wink-nlp (now)', statesType],
  ['compromise', byCompromise],
];

interface Case {
  type: AnswerType;
  words: ReadonlySet<string>;
  answer: string;
  others: string[];
}

const cases: Case[] = [];
for (const article of readSquad().data)
  for (const p of article.paragraphs) {
    const sentences = splitSentences(p.context);
    for (const qa of p.qas) {
      if (qa.is_impossible) continue;
      const type = answerTypeOf(qa.question);
      if (!['amount', 'count', 'time', 'place', 'person'].includes(type)) continue;
      const golds = qa.answers.map((a) => a.text);
      const answer = sentences.find((s) => golds.some((g) => s.includes(g)));
      if (!answer) continue;
      const others = sentences.filter((s) => !golds.some((g) => s.includes(g)));
      cases.push({ type, words: questionWordsOf(qa.question), answer, others });
    }
  }

const sentencesRead = new Set(cases.flatMap((c) => [c.answer, ...c.others]));
console.log(
  `SQuAD 2.0 dev half: ${cases.length} answerable questions asking for an amount, number, time, place or person`,
);
console.log(`${sentencesRead.size} distinct sentences\n`);
console.log('detector                 recall  false alarms  recall - false   ms per sentence (first read)');
for (const [name, detect] of DETECTORS) {
  const byType = new Map<AnswerType, { hit: number; n: number; fa: number; m: number }>();
  // First reads: each distinct sentence once, after the first 100 (loading the model is not counted).
  const distinct = [...sentencesRead];
  for (const x of distinct.slice(0, 100)) detect(x, 'person', new Set());
  const started = performance.now();
  for (const x of distinct.slice(100)) detect(x, 'person', new Set());
  const msPerSentence = (performance.now() - started) / (distinct.length - 100);
  let hit = 0;
  let fa = 0;
  let others = 0;
  for (const c of cases) {
    const t = byType.get(c.type) ?? { hit: 0, n: 0, fa: 0, m: 0 };
    const h = detect(c.answer, c.type, c.words) ? 1 : 0;
    hit += h;
    t.hit += h;
    t.n++;
    for (const o of c.others) {
      const f = detect(o, c.type, c.words) ? 1 : 0;
      fa += f;
      t.fa += f;
      t.m++;
    }
    others += c.others.length;
    byType.set(c.type, t);
  }
  const recall = hit / cases.length;
  const alarms = fa / others;
  console.log(
    `${name.padEnd(24)} ${pct(recall)}  ${pct(alarms).padStart(12)}  ${pct(recall - alarms).padStart(14)}   ${msPerSentence.toFixed(3)}`,
  );
  for (const [type, t] of byType)
    console.log(
      `  ${type.padEnd(8)} n=${String(t.n).padEnd(5)} recall ${pct(t.hit / t.n)}  false alarms ${pct(t.fa / t.m)}`,
    );
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`.padStart(6);
}
