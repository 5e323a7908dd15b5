/**
 * Text analysis shared by indexing and queries: normalisation, tokens, stop words, stems.
 *
 * Callers' text is speech-recognition output (lower case, no punctuation, fillers such as "um", words split or
 * misheard) while documents are written text (capitals, hyphens, "Wi-Fi", "3:30pm"); both go through the same
 * analysis so that they meet in the middle.
 */
import { stem } from './stemmer.ts';

export interface Token {
  /** Lower-case surface form, e.g. "parking". */
  word: string;
  /** Porter stem, e.g. "park". */
  stem: string;
  /** Position in the token stream (stop words included), used for adjacency. */
  pos: number;
  /** True for stop words and fillers: kept for adjacency, never scored. */
  stop: boolean;
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\b(can)'?t\b/g, 'can not'],
  [/\bwon'?t\b/g, 'will not'],
  [/\b(\w+)n't\b/g, '$1 not'],
  [/\b(\w+)'re\b/g, '$1 are'],
  [/\b(\w+)'ve\b/g, '$1 have'],
  [/\b(\w+)'ll\b/g, '$1 will'],
  [/\b(\w+)'d\b/g, '$1 would'],
  [/\b(i)'m\b/g, '$1 am'],
  [/\b(it|that|what|where|there|here|who|how|when|he|she)'s\b/g, '$1 is'],
  [/'s\b/g, ''],
];

/**
 * The same contractions written without their apostrophe, as speech transcripts and typed questions often have them
 * ("whats the cost", "i dont have"). Only forms that are no English word of their own ("were", "ill", "id" and "well"
 * stay as they are).
 */
const BARE_CONTRACTION =
  /\b(?:(?:what|that|how|where|who|when|there|here)s|(?:do|does|did|is|are|was|were|has|have|had|would|should|could|must|need)nt|cant|wont|im|ive|(?:you|they)(?:re|ll|d)|(?:you|we|they)ve)\b/;
const BARE_CONTRACTIONS: [RegExp, string][] = [
  [/\b(what|that|how|where|who|when|there|here)s\b/g, '$1 is'],
  [/\b(do|does|did|is|are|was|were|has|have|had|would|should|could|must|need)nt\b/g, '$1 not'],
  [/\bcant\b/g, 'can not'],
  [/\bwont\b/g, 'will not'],
  [/\bim\b/g, 'i am'],
  [/\b(i|you|we|they)ve\b/g, '$1 have'],
  [/\b(you|they)re\b/g, '$1 are'],
  [/\b(you|they)ll\b/g, '$1 will'],
  [/\b(you|they)d\b/g, '$1 would'],
];

/**
 * The conversational part of the stop words: what callers wrap a question in ("um", "great thanks", "do you know
 * if", "could you check") rather than what they ask. Deliberately generic: no business words.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  `um umm ummm uh uhh uhhh uhm hm hmm hmmm hh mm mhm ah oh ooh eh er erm huh ha okay ok alright right yeah yep yup
   nope hey hi hello hmmm great perfect awesome cool nice excellent fine good wonderful sounds sound thanks thank
   also actually basically anyway btw tell know knows wonder wondering wondered check checking see find found
   look looking help able possible happen happens chance guys folks place establishment business
   question questions ask asking last final another else fantastic lovely interested curious
   say said mean means info information`
    .split(/\s+/)
    .filter((w) => w !== ''),
);

/** Stop words: English function words plus FILLER_WORDS. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...`a about above after again against all am an and any anybody anyone anything are aren as at be because been before
   being below between both but by can cannot could couldn did didn do does doesn doing don done down during each
   either else even ever every few for from further get gets getting give go goes going gonna got gotta had has have
   having he her here hers herself him himself his how i if in into is isn it its itself just kind let lets like
   ll may maybe me might mine more most much must my myself need needs no nor not now of off often on once one only
   or other ought our ours ourselves out over own per perhaps please pretty quite rather re really s same shall she
   should so some someone something sort still such sure t than that the their theirs them themselves then there
   these they thing things this those though through to too under until up upon us use very via wanna want wanted
   wants was wasn way we well were weren what whatever when where whether which while who whom whose why will with
   within without would wouldn yes yet you your yours yourself yourselves`
    .split(/\s+/)
    .filter((w) => w !== ''),
  ...FILLER_WORDS,
]);

/**
 * Light verbs: in "look at it", "make sure", "tell me", "put it" they carry the sentence, not its topic, and a
 * document rarely repeats them. (Not "come": "can you come to my house" asks for a visit.) They count for a third of their weight in a question (general English).
 */
export const LIGHT_VERBS: ReadonlySet<string> = new Set(
  'look looks looked looking make makes made making put puts putting tell tells told know knows knew think thinks thought say says said try tries tried trying happen happens happened mean means meant'.split(
    ' ',
  ),
);
export const LIGHT_VERB_WEIGHT = 1 / 3;

/**
 * Words that frame a question to a business rather than name its topic ("Does X *offer* parking?", "Are dogs
 * *allowed*?", "What payment *options* are *accepted*?"). General English of questions, not business words.
 */
export const FRAMING_WORDS: ReadonlySet<string> = new Set(
  'offer offers offered provide provides provided available availability allow allows allowed permit permits permitted accept accepts accepted option options service services type types bring friendly time'.split(
    ' ',
  ),
);

const NUMBER_WORDS: Readonly<Record<string, string>> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  seventy: '70',
  eighty: '80',
  ninety: '90',
  hundred: '100',
};

const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
/** "twenty four" / "twenty-four" -> 24, so a caller's spoken number meets the documents' digits. */
const COMPOUND_NUMBER = new RegExp(
  `\\b(${Object.keys(TENS).join('|')})[\\s-]+(${Object.keys(UNITS).join('|')})\\b`,
  'g',
);

/** Lower-cases, expands contractions, drops punctuation and URLs. Cheap checks skip work most texts don't need. */
export function normalizeText(text: string): string {
  let t = text;
  if (t.includes('http') || t.includes('www.')) t = t.replace(/https?:\/\/\S+|www\.\S+/gi, ' ');
  t = t.toLowerCase();
  if (/[\u2018\u2019`]/.test(t)) t = t.replace(/[\u2018\u2019`]/g, "'");
  if (t.includes('&')) t = t.replace(/&/g, ' and ');
  if (/\d\s*[ap]\.?m\b/.test(t)) t = t.replace(/(\d)\s*(am|pm|a\.m\.|p\.m\.)/g, '$1 $2');
  if (t.includes("'")) {
    for (const [re, rep] of CONTRACTIONS) t = t.replace(re, rep);
    t = t.replace(/'/g, '');
  }
  if (BARE_CONTRACTION.test(t)) for (const [re, rep] of BARE_CONTRACTIONS) t = t.replace(re, rep);
  if (/ty[\s-]+[a-z]/.test(t))
    t = t.replace(COMPOUND_NUMBER, (_, tens: string, unit: string) => ` ${TENS[tens]! + UNITS[unit]!} `);
  return t
    .replace(/[^a-z0-9\s]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Tokenises raw text (normalising it first). */
export function tokenize(text: string): Token[] {
  return tokenizeNormalized(normalizeText(text));
}

/** Tokenises text that normalizeText (and possibly applyPhrases) already produced. */
/** The digits of a number word; own keys only: "constructor" is a word of a document, not Object's constructor. */
function numberWord(word: string): string | undefined {
  return Object.hasOwn(NUMBER_WORDS, word) ? NUMBER_WORDS[word] : undefined;
}

export function tokenizeNormalized(normalized: string): Token[] {
  const words = normalized === '' ? [] : normalized.split(' ');
  const tokens: Token[] = [];
  for (let pos = 0; pos < words.length; pos++) {
    const raw = words[pos]!;
    // An ordinal day is its number ("the 26th" is the 26 of "26 December").
    const word = numberWord(raw) ?? raw.replace(/^(\d{1,2})(?:st|nd|rd|th)$/, '$1');
    // Dimensions: "ten by ten", "10 x 10" and "10x10" are one word, "10x10".
    const next = words[pos + 2];
    const other = next === undefined ? undefined : (numberWord(next) ?? next);
    if (/^\d+$/.test(word) && /^(x|by)$/.test(words[pos + 1] ?? '') && other && /^\d+$/.test(other)) {
      const joined = `${word}x${other}`;
      tokens.push({ word: joined, stem: joined, pos, stop: false });
      pos += 2;
      continue;
    }
    tokens.push({ word, stem: termOf(word), pos, stop: STOP_WORDS.has(raw) });
  }
  return tokens;
}

/** The indexed form of a word: its Porter stem (numbers kept as they are). */
export function termOf(word: string): string {
  return /^\d/.test(word) ? word : stem(word);
}

/**
 * Compound forms of adjacent words, so "check in" / "check-in" / "checkin" and "wi fi" / "WiFi" meet.
 * Returns [joined word, position of the first part].
 */
export function adjacentCompounds(tokens: Token[]): { word: string; pos: number }[] {
  const out: { word: string; pos: number }[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    if (b.pos !== a.pos + 1) continue;
    if (/^\d/.test(a.word) || /^\d/.test(b.word)) continue;
    const joined = a.word + b.word;
    // Spelled-out letters ("t v", "a c") join too; otherwise a compound is at least four letters.
    if (joined.length >= 4 || (a.word.length === 1 && b.word.length === 1))
      out.push({ word: joined, pos: a.pos });
  }
  return out;
}

const HYPHEN = /[-\u2010\u2011]/;

/**
 * Joined forms of hyphenated words in written text ("check-in" -> "checkin", "Wi-Fi" -> "wifi"). Inside a longer
 * chain, two parts one of which is a function word make no word: "trail-a-bike" gives no "abike" to swallow a
 * caller's "a bike", "state-of-the-art" no "ofthe".
 */
export function hyphenCompounds(text: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(/\b([a-z]+)[-\u2010\u2011](?=([a-z]+)\b)/g)) {
    const first = m[1]!;
    const second = m[2]!;
    const end = m.index + first.length + 1 + second.length;
    const chained = HYPHEN.test(lower.charAt(m.index - 1)) || HYPHEN.test(lower.charAt(end));
    if (chained && (STOP_WORDS.has(first) || STOP_WORDS.has(second))) continue;
    out.push(first + second);
  }
  return out;
}

/**
 * The words inside identifiers written in camel case, as software documentation names its options
 * ("keepAliveTimeout" -> keep, alive, timeout; "ReadableStream" -> readable, stream): a caller says the words.
 * Only words of at least two humps, each hump a lower-case run, so "iPhone" and "McDonald" are left alone.
 */
export function camelCaseParts(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b[A-Za-z][a-z]+(?:[A-Z][a-z]+)+\b/g)) {
    const parts = m[0].split(/(?=[A-Z])/).map((p) => p.toLowerCase());
    if (parts.length >= 2 && parts.every((p) => p.length >= 2)) out.push(...parts);
  }
  return out;
}

export const PARTICLES: ReadonlySet<string> = new Set(['in', 'out', 'up', 'off', 'on', 'over', 'back']);

/**
 * Joined forms of a verb and its particle in written text ("check out" -> "checkout", "pick up" -> "pickup"), so
 * a document's phrasal verb meets the caller's compound and "check in" is not the same topic as "check out".
 */
export function particleCompounds(tokens: Token[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    if (!PARTICLES.has(b.word) || a.word.length < 3 || /^\d/.test(a.word)) continue;
    out.push(a.word + b.word);
  }
  return out;
}

/** The part of a word its stem keeps ("parking" -> park, "delivery" -> deliver), or the word when short. */
export function writtenStem(word: string, stem: string): string {
  let i = 0;
  while (i < word.length && i < stem.length && word[i] === stem[i]) i++;
  return i >= 4 ? word.slice(0, i) : word;
}
