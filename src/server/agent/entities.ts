/**
 * What kinds of answer a sentence states: amounts of money, numbers, dates and times, durations, names. Read by
 * wink-nlp with its packaged English model (named entities for numbers, money, dates, times and durations;
 * capitalised words inside a sentence for names), so "Monday to Friday", "12 euros" and "the 19th century" are recognised as what
 * they are rather than by a list of words. Measured against compromise and the word lists it replaced:
 * `npm run bench:entities` (docs/experiments/2026-11-25-entity-types.md).
 *
 * A sentence is read once and remembered (passages are read again on every question about them).
 */
import winkNLP, { type ItemEntity, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import lemmatizer from 'wink-lemmatizer';
import { remembered } from '../lib/memo.ts';

export type EntityKind = 'money' | 'percent' | 'number' | 'ordinal' | 'date' | 'time' | 'duration' | 'name';

export interface StatedEntity {
  kind: EntityKind;
  /** The entity's words, lower-cased, to tell an answer's words from the question's own. */
  words: string[];
}

let nlp: WinkMethods | null = null;
function reader(): WinkMethods {
  nlp ??= winkNLP(model, ['ner']);
  return nlp;
}

const KIND_OF: Record<string, EntityKind> = {
  MONEY: 'money',
  PERCENT: 'percent',
  CARDINAL: 'number',
  ORDINAL: 'ordinal',
  DATE: 'date',
  TIME: 'time',
  DURATION: 'duration',
};

const MEMO_LIMIT = 50_000;
const memo = new Map<string, StatedEntity[]>();

/** The entities one sentence states: the model's named entities, then the names (capitalised words) in it. */
export function entitiesOf(sentence: string): StatedEntity[] {
  return remembered(memo, sentence, readEntities, MEMO_LIMIT);
}

function readEntities(sentence: string): StatedEntity[] {
  const nlp = reader();
  const its = nlp.its;
  const doc = nlp.readDoc(sentence);
  const out: StatedEntity[] = [];
  doc.entities().each((e: ItemEntity) => {
    const kind = KIND_OF[e.out(its.type)];
    if (kind) out.push({ kind, words: wordsOf(e.out()) });
  });
  // Capitalised words name people, places and organisations; a sentence's first word is capitalised whatever it
  // is. (The model's part-of-speech tagger would double the time per sentence and tags sentence starts alike.)
  const words = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? [];
  words.forEach((word, k) => {
    if (k > 0 && /^\p{Lu}/u.test(word) && !/^(?:I|A|The)$/.test(word) && !/[.!?]$/.test(words[k - 1]!))
      out.push({ kind: 'name', words: wordsOf(word) });
  });
  return out;
}

let tagger: WinkMethods | null = null;
const nounMemo = new Map<string, ReadonlySet<string>>();

/**
 * The words a question names things with: those wink-nlp's part-of-speech tagger reads as nouns or proper nouns
 * ("server" in "can I test against a real running server?", "hostname" in "can I leave out the hostname?"), lower-cased.
 * What a question is about is named by a noun; a rare verb or adjective ("suggest", "real") is not its subject.
 * About 0.05 ms a question (a separate reader: tagging every sentence read would double the evidence stage's time).
 */
export function nounsOf(question: string): ReadonlySet<string> {
  return remembered(nounMemo, question, readNouns, MEMO_LIMIT);
}

function readNouns(question: string): ReadonlySet<string> {
  const { words, tags } = partsOfSpeech(question);
  const nouns = new Set<string>();
  words.forEach((token, i) => {
    if (tags[i] === 'NOUN' || tags[i] === 'PROPN') for (const w of wordsOf(token)) nouns.add(w);
  });
  return nouns;
}

/** The text's tokens and their universal part-of-speech tags ("VERB", "NOUN", "DET", …), by wink-nlp's tagger. */
export function partsOfSpeech(text: string): { words: string[]; tags: string[] } {
  tagger ??= winkNLP(model, ['pos']);
  const tokens = tagger.readDoc(text).tokens();
  return { words: tokens.out(), tags: tokens.out(tagger.its.pos) as string[] };
}

const instructionMemo = new Map<string, boolean>();

/**
 * The sentence tells the reader what to do: it opens with a verb in its base form ("Click Start export.", "Run postfix
 * reload after …", "Be sure to …", "Do not …"), or with what for and then that ("To sign a cookie, provide one or
 * more secrets …"); a question does not. Read by the part-of-speech tagger with "you" put before the sentence, so an
 * order reads as a statement ("you click …"): alone, the tagger takes a capitalised first word for a name and
 * "search" or "use" there for nouns.
 */
export function isInstruction(sentence: string): boolean {
  return remembered(instructionMemo, sentence, readInstruction, MEMO_LIMIT);
}

function readInstruction(sentence: string): boolean {
  const text = sentence.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '').trim();
  if (text.endsWith('?')) return false;
  const purpose = /^to\s+[a-z]+\b[^,:;]*,\s*(.*)$/i.exec(text);
  const order = purpose ? purpose[1]! : text;
  if (order === '') return false;
  const { words, tags } = partsOfSpeech(`you ${order.charAt(0).toLowerCase()}${order.slice(1)}`);
  const verb = words[1]?.toLowerCase();
  if (verb === undefined) return false;
  // "Be sure to …", "Do not …": an order by an auxiliary.
  if (tags[1] === 'AUX') return verb === 'be' || verb === 'do' || verb === "don't";
  return tags[1] === 'VERB' && lemmatizer.verb(verb) === verb;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
