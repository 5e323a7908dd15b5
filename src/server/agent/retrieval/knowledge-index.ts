/**
 * The in-memory index a call searches: BM25 over passage headings and text, with stems, compounds, synonyms and
 * spelling tolerance on the query side, and a calibrated relevance score for the answer/escalate decision.
 * Built once per call (or when the documents change): 12,000 passages index in a fraction of a second.
 * Everything here is synchronous and free of I/O so a turn's latency is what it computes.
 */
import lemmatizer from 'wink-lemmatizer';
import { calendarTerms } from './calendar.ts';
import { isGenericHeading, isQuestionHeading } from '../passages.ts';
import { toldAndAsked } from '../question.ts';
import { subjectOf } from '../topic-phrase.ts';
import { inSlices, SLICE_MS } from '../slices.ts';
import { alignStrength, lettersOf } from './align.ts';
import { allowedEdits, editDistance, phoneticKey, SOUND_MIN, soundsAlike, soundString } from './fuzzy.ts';
import {
  labelRelevanceOf,
  RELEVANCE_THRESHOLD,
  relevanceOf,
  type RelevanceFeatures,
  type RelevanceModel,
} from './relevance.ts';
import { spokenShare } from './spoken-english.ts';
import { wordNetDerived, wordNetRelated } from './wordnet.ts';
import { remembered } from '../../lib/memo.ts';
import { MATCH, SYNONYMS, SYNONYM_WORDS, THESAURUS_WORDS, applyPhrases } from './synonyms.ts';
import {
  FRAMING_WORDS,
  LIGHT_VERBS,
  LIGHT_VERB_WEIGHT,
  adjacentCompounds,
  camelCaseParts,
  hyphenCompounds,
  normalizeText,
  PARTICLES,
  particleCompounds,
  termOf,
  tokenize,
  writtenStem,
  tokenizeNormalized,
  type Token,
} from './text.ts';

export interface KnowledgePassage {
  id: string;
  documentName: string;
  heading: string | null;
  /** The heading's depth ("# " 1, "## " 2): absent or null when unknown (see PassageDraft). */
  headingLevel?: number | null;
  page: number | null;
  text: string;
}

export interface SearchHit {
  passage: KnowledgePassage;
  /** Raw BM25 score (only comparable within one search). */
  score: number;
  /** Calibrated probability that this passage answers the question, in [0, 1]. */
  relevance: number;
  features: RelevanceFeatures;
  /**
   * When the passage is a page's short introduction, the sections of the page that follow it (see leadInSections):
   * the introduction carries the page title's words, and the section under it may hold what was asked.
   */
  sections?: readonly KnowledgePassage[];
}

export interface SearchResult {
  /** Candidates, best first (at most `limit`). */
  hits: SearchHit[];
  /** True when the best hit is relevant enough to answer from. */
  answerable: boolean;
  /** Content words of the question that the knowledge base matched, for explanations and tests. */
  matchedTerms: string[];
  /** The content words of the question itself (context words excluded); empty means nothing to search for. */
  queryWords: string[];
  /**
   * Words of the question that name an everyday topic (a thesaurus word: "bike", "vegan") which the documents
   * never mention in any form: the best passage can at most answer part of what the caller asked.
   */
  missingTopics: string[];
  /**
   * Everyday topics the best passage's question names that the caller did not ask about in any form ("Is there
   * *bike* parking?" for "do you have parking"): that entry answers another question.
   */
  unaskedTopics: string[];
  /** The question's words as searched (context words with factor CONTEXT_WEIGHT), for the evidence stage. */
  terms: QueryTerm[];
}

export interface SearchOptions {
  /** Earlier caller text to fall back on for elliptical questions; its words count half. */
  context?: string | null;
  limit?: number;
  /** Override the calibrated model (used by the calibration script). */
  model?: RelevanceModel;
  /** Override the model for topic-label passages (used by the calibration script). */
  labelModel?: RelevanceModel;
}

/** Where targets of a sound string starting with `first` and `length` sounds long are kept. */
function soundKeyOf(first: string, length: number): string {
  return `${first}${length}`;
}

/** A word the documents contain, which a misheard one may be corrected to. */
interface CorrectionTarget {
  word: string;
  term: string;
  strength: number;
}

export interface KnowledgeIndex {
  readonly size: number;
  search(question: string, options?: SearchOptions): SearchResult;
  /**
   * The heading that names what a passage is about: its own, or for one under a heading that names nothing
   * ("Note", "Example:"), the topic heading before it in its document; for a passage without a heading, the subject
   * of its first sentence (topic-phrase.ts). Null when nothing names it.
   */
  topicOf?(passage: KnowledgePassage): string | null;
}

// BM25 parameters (the usual defaults) and field weighting: a heading is the passage's question, so its words
// count more than the body's.
const K1 = 1.2;
const B = 0.75;
const HEADING_WEIGHT = 2;
const FUZZY_MATCH = [1, 0.75, 0.55] as const; // by edit distance
const PHONETIC_MATCH = 0.6;
const PHONETIC_EDITS = 2;
/** Longest caller word taken for a piece of a word the recogniser cut in two ("coul chun" for kitchen). */
const SPLIT_PIECE_MAX = 5;
/** How many letters longer or shorter than the two pieces joined the word they were cut from may be. */
const SPLIT_LENGTH_DRIFT = 3;
const CONTEXT_WEIGHT = 0.5;
/** How much a word the caller only told before asking counts in what a passage holds of the question. */
const TOLD_WEIGHT = 0.5;
/** How much spoken English counts as passages in a word's weight (idf). */
const SPOKEN_PRIOR = 1;
const CANDIDATES = 12;
const NEAR_DUPLICATE = 0.5;
/**
 * Words that frame an FAQ question rather than name its topic ("Does X *offer* parking?", "Are dogs *allowed*?",
 * "What payment *options* are *accepted*?"): general English of questions to a business, so a caller who asks
 * "can I bring my dog" has asked about most of "Are dogs allowed?". They count this much of their IDF when
 * judging how much of a heading the caller asked about.
 */
const FRAMING_WEIGHT = 0.25;
const FRAMING_TERMS: ReadonlySet<string> = new Set([...FRAMING_WORDS].map(termOf));

interface DocEntry {
  passage: KnowledgePassage;
  tf: Map<string, number>;
  length: number;
  /** Content terms of the heading (or of the first sentence when there is no heading). */
  titleTerms: string[];
  /**
   * The heading asks a question (an FAQ entry), judged by RELEVANCE_MODEL; otherwise it labels a topic or there
   * is none, judged by LABEL_RELEVANCE_MODEL.
   */
  questionTitle: boolean;
  /** The written words of each title term, for letter-level alignment with the caller's words. */
  titleWords: Map<string, string[]>;
  /**
   * Title terms that are words of a proper name ("Apple Pay", "Golden Gate"): they match only the caller's own
   * words, never a thesaurus relation ("credit card" is a kind of payment, "Apple Pay" is not about it).
   */
  titleNameTerms: ReadonlySet<string>;
}

interface Postings {
  docs: number[];
  tfs: number[];
}

export interface QueryTerm {
  /** The caller's word (or compound) as heard. */
  word: string;
  /** Importance in the question: IDF of the word itself (unseen words get the highest IDF), times factor. */
  weight: number;
  /** 1 for the caller's own words, CONTEXT_WEIGHT for words carried over from the previous question. */
  factor: number;
  /** Index terms that count as this word, with the strength of the match (related: through the thesaurus). */
  alternatives: { term: string; strength: number; related?: boolean; broader?: boolean }[];
  /** A word of the business's own name ("cafe" calling Spoke Cafe): the caller is already talking to it. */
  businessName?: boolean;
}

/**
 * How much a match through WordNet counts: a synonym of the caller's word like a thesaurus synonym's "broader" match,
 * the general thing the caller's word is a kind of like a thesaurus "narrower" one. Lower than the hand-written
 * thesaurus, whose pairs were chosen for callers; WordNet's are general English.
 */
const WORDNET_MATCH = { synonym: MATCH.broader, 'kind-of': MATCH.narrower } as const;
/** How much a derived form of the caller's word counts ("invasion" for "invade"): as a thesaurus synonym. */
const DERIVED_MATCH = MATCH.same;

/** Builds the search index over a business's passages. */
export interface IndexOptions {
  /**
   * The business's own name. FAQ headings often repeat it ("Does Joe's Plumbing offer ...?") while callers,
   * already on the line with the business, do not; its words are left out when judging how much of a heading
   * the caller asked about.
   */
  companyName?: string | null;
}

export function buildKnowledgeIndex(
  passages: readonly KnowledgePassage[],
  options: IndexOptions = {},
): KnowledgeIndex {
  return new BM25Index(passages, options);
}

/**
 * The same index as buildKnowledgeIndex, built a slice of passages at a time with the event loop let through between
 * slices (inSlices): indexing 12,000 passages of web pages takes about 3 s of CPU, which calls to other businesses on
 * the same instance must not wait behind (ADR 030).
 */
export async function buildKnowledgeIndexInSlices(
  passages: readonly KnowledgePassage[],
  options: IndexOptions = {},
  sliceMs = SLICE_MS,
): Promise<KnowledgeIndex> {
  const index = new BM25Index(passages, options, true);
  await inSlices(passages.length, (i) => index.addPassage(i), sliceMs);
  index.finish();
  return index;
}

class BM25Index implements KnowledgeIndex {
  private readonly docs: DocEntry[] = [];
  private readonly postings = new Map<string, Postings>();
  private avgLength = 1;
  /** Surface words seen in the documents, by length, for spelling correction. */
  /**
   * Spelling targets by length: the documents' words (strength 1), and thesaurus words the documents do not use
   * but that relate to a term they do ("baggage" when they say luggage; strength of the relation), so a misheard
   * "bagage" is corrected to baggage and matches luggage through it.
   */
  private readonly targetsByLength = new Map<number, CorrectionTarget[]>();
  /**
   * The same targets by their sound string's first sound and length (`soundKeyOf`), long enough to be compared by
   * sound: a split word is compared with those one sound longer or shorter at most.
   */
  private readonly targetsBySound = new Map<string, { target: CorrectionTarget; sound: string }[]>();
  private readonly wordTerm = new Map<string, string>();
  private readonly byPhonetic = new Map<string, Set<string>>();
  private readonly correctionCache = new Map<string, { term: string; strength: number }[]>();
  /**
   * Function-like verbs the documents write joined with a particle, as a thing of its own ("checkout"): the caller's
   * "check in" is a topic. Written apart ("when prices go up") the pair is only a verb in use: "go out" is no topic.
   */
  private readonly phrasalVerbs = new Set<string>();
  /** Terms the documents write as one word (or hyphenated), as opposed to a word and its particle written apart. */
  private readonly writtenJoined = new Set<string>();
  /**
   * Words the documents spell (a token of their text, or a hyphenated pair joined), as opposed to the joined forms
   * the index makes of a word and its particle ("like in" -> likein) or the parts of an identifier.
   */
  private readonly spelled = new Set<string>();
  /** Words (lower-cased) the documents write as an identifier in camel case ("myPlugin", "theValue"). */
  private readonly camelWords = new Set<string>();
  /** Words (lower-cased) the documents also write as plain words, in lower case, capitalised or in capitals. */
  private readonly plainWords = new Set<string>();

  /** Stems of the business's name. */
  private readonly nameTerms: ReadonlySet<string>;
  /** The topic heading of each passage whose own heading names nothing (see topicOf), by passage id. */
  private readonly topics = new Map<string, string>();
  /** The sections a page's introduction leads in to, by the introduction's passage id (leadInSections). */
  private readonly leadIns: ReadonlyMap<string, readonly KnowledgePassage[]>;

  /** Built whole; `buildKnowledgeIndexInSlices` builds the same index a slice of passages at a time. */
  constructor(passages: readonly KnowledgePassage[], options: IndexOptions, deferred = false) {
    this.passages = passages;
    const nameTerms = new Set(
      tokenize(options.companyName ?? '')
        .filter((t) => !t.stop)
        .map((t) => t.stem),
    );
    this.nameTerms = nameTerms;
    // Passages come in reading order, document by document.
    let topic: { document: string; heading: string } | null = null;
    for (const passage of passages) {
      const heading = passage.heading?.trim() ?? '';
      if (heading === '') continue;
      if (namesTopic(heading)) topic = { document: passage.documentName, heading };
      else {
        // "Overview" or "It is extremely simple to use" names nothing a caller could say yes to: the section it
        // sits under does, or, before the document's first such heading, the document's own name.
        const named =
          topic?.document === passage.documentName ? topic.heading : documentTitle(passage.documentName);
        if (named !== null) this.topics.set(passage.id, named);
      }
    }
    this.leadIns = leadInSections(passages);
    if (deferred) return;
    for (let i = 0; i < passages.length; i++) this.addPassage(i);
    this.finish();
  }

  /** The passages given to the constructor, added to the postings in their order by addPassage. */
  private readonly passages: readonly KnowledgePassage[];
  /** Body and heading weight of every passage added so far (their mean is BM25's average length). */
  private totalLength = 0;

  /** Indexes the passage at `i` of the constructor's passages: call for each in order, then finish. */
  addPassage(i: number): void {
    const passage = this.passages[i]!;
    const nameTerms = this.nameTerms;
    const tf = new Map<string, number>();
    let length = 0;
    const add = (term: string, w: number) => {
      tf.set(term, (tf.get(term) ?? 0) + w);
      length += w;
    };
    const headingTokens = passage.heading ? this.analyzeDocText(passage.heading) : [];
    const bodyTokens = this.analyzeDocText(passage.text);
    for (const t of headingTokens) add(t, HEADING_WEIGHT);
    for (const t of bodyTokens) add(t, 1);
    // A passage that states an amount of money ("$45 per month") tells the price: "how much is a ten by ten".
    if (MONEY.test(passage.text) && !tf.has(PRICE_TERM)) add(PRICE_TERM, 1);
    // One that states times of day or a run of weekdays ("Monday through Friday, 8 a.m. to 5 p.m.") tells when the
    // business is open ("are you open on saturdays", "what are your hours"), more surely than one that only says
    // "hours" ("24 hours notice"): each time counts, up to three.
    const times = Math.min(3, passage.text.match(OPENING_TIMES)?.length ?? 0);
    if (times > 0) add(HOURS_TERM, times);
    // Stated dates carry the words callers use for them: each day of a range, the holidays they fall on.
    for (const term of calendarTerms(passage.text)) if (!tf.has(term)) add(term, 1);
    const titleText = passage.heading ?? firstSentence(passage.text);
    const titleTokens = passage.heading ? headingTokens : this.analyzeDocText(titleText);
    const titleTerms = [...new Set(titleTokens)].filter((t) => !nameTerms.has(t));
    this.docs.push({
      passage,
      tf,
      length,
      titleTerms,
      questionTitle: passage.heading !== null && isQuestionHeading(passage.heading),
      titleWords: titleWordsOf(titleText),
      titleNameTerms: nameWordTerms(titleText),
    });
    this.totalLength += length;
    for (const [term, count] of tf) {
      let p = this.postings.get(term);
      if (!p) {
        p = { docs: [], tfs: [] };
        this.postings.set(term, p);
      }
      p.docs.push(i);
      p.tfs.push(count);
    }
  }

  /** After the last addPassage: the statistics over all passages, and the thesaurus's spelling targets. */
  finish(): void {
    this.avgLength = this.docs.length > 0 ? this.totalLength / this.docs.length : 1;
    for (const word of THESAURUS_WORDS) {
      if (this.wordTerm.has(word)) continue;
      let best: { term: string; strength: number } | undefined;
      for (const r of SYNONYMS.get(termOf(word)) ?? [])
        if (this.has(r.term) && r.strength > (best?.strength ?? 0)) best = r;
      if (!best) continue;
      this.addTarget(word, best.term, best.strength);
    }
  }

  get size(): number {
    return this.docs.length;
  }

  topicOf(passage: KnowledgePassage): string | null {
    const named = (this.topics.get(passage.id) ?? passage.heading)?.trim();
    if (named) return named;
    // A paragraph without a heading: the subject of its first sentence, unless that names only the business ("the
    // Normans" at a business named Normans names no part of it).
    const subject = subjectOf(passage.text);
    return subject !== null && tokenize(subject).some((t) => !t.stop && !this.nameTerms.has(t.stem))
      ? subject
      : null;
  }

  /** Document-side analysis: content terms, plus joined forms of hyphenated words. Records the vocabulary. */
  private analyzeDocText(text: string): string[] {
    const out: string[] = [];
    const tokens = tokenizeNormalized(applyPhrases(normalizeText(text)));
    for (const t of tokens) {
      if (t.stop) continue;
      const particle = /(in|out|up|off|on|over|back)$/.exec(t.word)?.[1];
      if (particle !== undefined && STOP_VERBS.has(t.word.slice(0, -particle.length)))
        this.phrasalVerbs.add(t.word.slice(0, -particle.length)); // "checkout" is "check" + "out"
      out.push(t.stem);
      // An irregular form is found by its base word too ("can be bought online" for "where can I buy one").
      const base = irregularBase(t.word, t.stem);
      if (base !== null) out.push(base);
      this.spelled.add(t.word);
      this.writtenJoined.add(t.stem);
      this.remember(t.word, t.stem);
    }
    for (const word of hyphenCompounds(text)) {
      this.writtenJoined.add(termOf(word));
      this.spelled.add(word);
    }
    for (const m of text.matchAll(/\b[a-z]+[A-Z][A-Za-z]*\b/g)) this.camelWords.add(m[0].toLowerCase());
    for (const m of text.matchAll(/\b(?:[A-Za-z][a-z]+|[A-Z]{2,})\b/g))
      this.plainWords.add(m[0].toLowerCase());
    for (const word of [...hyphenCompounds(text), ...particleCompounds(tokens), ...camelCaseParts(text)]) {
      const term = termOf(word);
      out.push(term);
      this.remember(word, term);
    }
    return out;
  }

  /**
   * The documents spell `word` as a word of prose: not only inside a code identifier ("my plugin" is not the
   * `myPlugin` of an example) nor only as a word and its particle written apart ("like in" is not a word), while
   * "after hours" is the "after-hours" of a notice.
   */
  private writesAsWord(word: string): boolean {
    return this.spelled.has(word) && (!this.camelWords.has(word) || this.plainWords.has(word));
  }

  private remember(word: string, term: string): void {
    if (this.wordTerm.has(word)) return;
    this.wordTerm.set(word, term);
    if (/^\d/.test(word)) return;
    this.addTarget(word, term, 1);
    const key = phoneticKey(word);
    if (key.length >= 2) {
      const set = this.byPhonetic.get(key) ?? new Set<string>();
      set.add(term);
      this.byPhonetic.set(key, set);
    }
  }

  private addTarget(word: string, term: string, strength: number): void {
    const target = { word, term, strength };
    const list = this.targetsByLength.get(word.length) ?? [];
    list.push(target);
    this.targetsByLength.set(word.length, list);
    const sound = soundString(word);
    if (sound.length >= SOUND_MIN) {
      const key = soundKeyOf(sound[0]!, sound.length);
      const bySound = this.targetsBySound.get(key) ?? [];
      bySound.push({ target, sound });
      this.targetsBySound.set(key, bySound);
    }
  }

  /**
   * A term's weight by how few passages hold it, with spoken English as a background: to the passages that hold it,
   * SPOKEN_PRIOR times the passages that would, were they everyday speech of the same length (spoken-english.ts).
   * "live" in a mail server's manual is rare, but a caller's "where do the config files live" is not about living.
   */
  private idf(term: string): number {
    const n = this.docs.length;
    const share = spokenShare(term);
    // No more than every passage: a word in all of them, or said all the time, weighs as little as it can, not less.
    const df = Math.min(
      n,
      (this.postings.get(term)?.docs.length ?? 0) +
        (share > 0 ? SPOKEN_PRIOR * n * (1 - Math.exp(-this.avgLength * share)) : 0),
    );
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  private has(term: string): boolean {
    return this.postings.has(term);
  }

  /** The targets whose sound string starts like `sound` and is at most one sound longer or shorter. */
  private *soundNeighbours(sound: string): Generator<{ target: CorrectionTarget; sound: string }> {
    if (sound.length < SOUND_MIN) return;
    for (let length = sound.length - 1; length <= sound.length + 1; length++)
      yield* this.targetsBySound.get(soundKeyOf(sound[0]!, length)) ?? [];
  }

  /**
   * Known words a misheard word may stand for. `split`: the word is two fragments joined, which may also be one
   * word the recogniser cut in two, matched by how it sounds ("the lover" -> deliver).
   */
  private corrections(word: string, split = false): { term: string; strength: number }[] {
    const cacheKey = split ? `${word} split` : word;
    const cached = this.correctionCache.get(cacheKey);
    if (cached) return cached;
    const best = new Map<string, number>();
    const keep = (term: string, strength: number) => {
      if (strength > (best.get(term) ?? 0)) best.set(term, strength);
    };
    const max = allowedEdits(word.length);
    if (max > 0) {
      for (let len = word.length - max; len <= word.length + max; len++) {
        for (const target of this.targetsByLength.get(len) ?? []) {
          // Both words must be long enough for the distance: "pet" is not a misheard "pest".
          const limit = Math.min(max, Math.max(1, allowedEdits(target.word.length)));
          const d = editDistance(word, target.word, limit);
          if (d <= limit && d > 0) keep(target.term, (FUZZY_MATCH[d] ?? 0) * target.strength);
        }
      }
    }
    const key = phoneticKey(word);
    // A sound-alike must also look alike: "wif" for wifi, not "leave" for loaf or "far" for free.
    if (key.length >= 2)
      for (const term of this.byPhonetic.get(key) ?? [])
        if (editDistance(word, term, PHONETIC_EDITS) <= PHONETIC_EDITS) keep(term, PHONETIC_MATCH);
    if (split) {
      // Cutting a word in two adds or drops a vowel or a consonant at the cut, so the letters drift further apart
      // than the sounds: compare the sounds, at the strength of a one-letter edit.
      const sound = soundString(word);
      for (const { target, sound: targetSound } of this.soundNeighbours(sound))
        if (
          Math.abs(target.word.length - word.length) <= SPLIT_LENGTH_DRIFT &&
          soundsAlike(sound, targetSound)
        )
          keep(target.term, FUZZY_MATCH[1] * target.strength);
    }
    // A misheard word stands for one word: keep only the closest candidates.
    const top = Math.max(0, ...best.values());
    const out = [...best]
      .filter(([, strength]) => strength === top)
      .slice(0, 3)
      .map(([term, strength]) => ({ term, strength }));
    if (this.correctionCache.size < 50_000) this.correctionCache.set(cacheKey, out);
    return out;
  }

  private queryTerms(text: string, scale: number): QueryTerm[] {
    const tokens = tokenizeNormalized(applyPhrases(normalizeText(text)));
    const terms: QueryTerm[] = [];
    const covered = new Set<number>();
    /** Joined forms the documents have for a content word and its neighbour, by the word's position. */
    const joinedForms = new Map<number, { term: string; strength: number }[]>();

    // Compounds first: "check in" / "check kin" -> "checkin", "wi fi" -> "wifi", when the documents have them.
    const known = (t: Token) => this.has(t.stem) || t.stop;
    // A piece of a word cut in two: short, and neither a word of the documents nor of the thesaurus, which were
    // heard right ("month" is not the first half of monday), or a function word the recogniser made of a first
    // syllable ("the lover" for deliver). Function words lead the words they go with, so one after a word starts
    // the next phrase ("next month do i" is not "monday i").
    const fragment = (t: Token) =>
      t.stop || (!this.has(t.stem) && !SYNONYMS.has(t.stem) && t.word.length <= SPLIT_PIECE_MAX);
    const compounds = adjacentCompounds(tokens);
    // A pair that joins into a word the documents spell ("tide pool" -> tidepool) is what was said: a neighbouring
    // pair sharing a word with it is not also a misheard word ("a tide" is no "outside").
    const spelledAt = new Set(compounds.filter((c) => this.writesAsWord(c.word)).map((c) => c.pos));
    for (const { word, pos } of compounds) {
      const term = termOf(word);
      const first = tokens[pos]!;
      const second = tokens[pos + 1]!;
      let alternatives: { term: string; strength: number }[] = [];
      // Two function words join only into a word the documents spell that way ("check in" -> checkin), not into
      // one that merely shares its stem ("we are" -> weare, stemmed like wear).
      const phrasal = STOP_VERBS.has(first.word) && PARTICLES.has(second.word);
      if (first.stop && second.stop && !phrasal && !this.writesAsWord(word)) continue;
      // "my app" is the caller's app, never the documents' placeholder name `myapp`; "how long" asks for a length of
      // time, it is no word cut in two ("howlong" heard for "houses").
      if (POSSESSIVES.has(first.word) || QUESTION_WORDS.has(first.word)) continue;
      if (this.has(term)) alternatives = [{ term, strength: 1 }];
      else if (
        word.length >= 4 &&
        !(known(first) && known(second)) &&
        !spelledAt.has(pos - 1) &&
        !spelledAt.has(pos + 1)
      ) {
        // A word split by the recogniser ("wi fa", "check kin"): only when a part is not a word we know.
        const split = fragment(first) && fragment(second) && !second.stop;
        alternatives = this.corrections(word, split).filter((a) => a.strength >= FUZZY_MATCH[1]);
      }
      if (alternatives.length === 0) continue;
      // A word and a particle the documents only write apart ("limit in", "turn on"): the pair ranks the passages
      // that have it first, but the word the caller said still counts where it stands alone ("the limit set in
      // bodyLimit" and "exceeds this limit"), so the pair is another form of that word, not a word that drops it.
      const apart = this.has(term) && !this.writtenJoined.has(term);
      // Two words the documents know, each on its own ("client side", "haul away"), stay two words: the joined
      // form is one more form of each, never a word that drops them. A function word joins a word the documents
      // know only into a word they spell that way ("after hours" -> after-hours), not into one that merely shares
      // its stem ("a longer" -> "alonger", stemmed like "along").
      const content = [first, second].filter((t) => !t.stop && this.has(t.stem));
      if (first.stop || second.stop) {
        if (content.length > 0 && !this.writesAsWord(word) && !(apart && content[0] === first)) continue;
      } else if (content.length === 2) {
        for (const t of content) joinedForms.set(t.pos, [...(joinedForms.get(t.pos) ?? []), ...alternatives]);
        continue;
      }
      const particleOf = apart ? content[0] : undefined;
      if (particleOf !== undefined) {
        joinedForms.set(particleOf.pos, [...(joinedForms.get(particleOf.pos) ?? []), { term, strength: 1 }]);
        continue;
      }
      covered.add(pos);
      covered.add(pos + 1);
      terms.push({ word, weight: this.idf(alternatives[0]!.term) * scale, factor: scale, alternatives });
    }

    // A phrasal verb the documents name as a thing, with another particle ("check in" where they only have
    // "checkout"): a topic they do not cover, not a filler.
    for (let i = 0; i + 1 < tokens.length; i++) {
      const verb = tokens[i]!;
      const particle = tokens[i + 1]!;
      if (covered.has(verb.pos) || !this.phrasalVerbs.has(verb.word) || !PARTICLES.has(particle.word))
        continue;
      const word = verb.word + particle.word;
      covered.add(verb.pos);
      covered.add(particle.pos);
      terms.push({ word, weight: this.idf(termOf(word)) * scale, factor: scale, alternatives: [] });
    }

    // Letters spelled out one by one ("t v", "a t m" as heard) are one word even when the documents lack it: a
    // topic they do not cover (or name another way: "tv" for television), not fragments to drop. Not after a
    // number ("5 p m"), and never the words "a" and "i".
    for (let i = 0; i < tokens.length;) {
      let j = i;
      while (j < tokens.length && isSpelledLetter(tokens[j]!) && !covered.has(tokens[j]!.pos)) j++;
      if (j - i >= 2 && !(i > 0 && /^\d/.test(tokens[i - 1]!.word))) {
        const word = tokens
          .slice(i, j)
          .map((t) => t.word)
          .join('');
        for (let k = i; k < j; k++) covered.add(tokens[k]!.pos);
        terms.push(this.queryTerm({ word, stem: termOf(word), pos: tokens[i]!.pos, stop: false }, scale));
      }
      i = Math.max(j, i + 1);
    }

    for (const token of tokens) {
      if (token.stop || covered.has(token.pos)) continue;
      // One- and two-letter fragments ("o", "ea", "th") are recogniser noise unless the documents use them.
      if (token.word.length <= 2 && !/^\d/.test(token.word) && !this.has(token.stem)) continue;
      const term = this.queryTerm(token, scale);
      for (const form of joinedForms.get(token.pos) ?? [])
        if (!term.alternatives.some((a) => a.term === form.term)) term.alternatives.push(form);
      terms.push(term);
    }
    return dedupe(terms);
  }

  private queryTerm(token: Token, scale: number): QueryTerm {
    const alternatives: QueryTerm['alternatives'] = [];
    const known = this.has(token.stem);
    if (known) alternatives.push({ term: token.stem, strength: 1 });
    for (const related of SYNONYMS.get(token.stem) ?? []) {
      if (this.has(related.term))
        alternatives.push({
          term: related.term,
          strength: related.strength,
          related: true,
          ...(related.broader ? { broader: true } : {}),
        });
    }
    // "bought" where the documents say "buy".
    const base = irregularBase(token.word, token.stem);
    if (base !== null && !known && this.has(base)) alternatives.push({ term: base, strength: 1 });
    // The same thing as a verb or a noun ("register" / "registration", "apply" / "application"), which the stemmer
    // keeps apart: WordNet's derived forms of a word the documents do not use.
    if (!known && !/^\d/.test(token.word)) {
      for (const form of wordNetDerived(token.word)) {
        const term = termOf(form);
        if (term !== token.stem && this.has(term) && !alternatives.some((a) => a.term === term))
          alternatives.push({ term, strength: DERIVED_MATCH, related: true });
      }
    }
    // A word the documents never use and the thesaurus does not know ("salary" where they say "wage"): the words
    // WordNet gives for its most frequent sense that they do use (not for a word they use: its own passages come
    // first, and WordNet's other words for it cost precision; ADR 010, seventh pass), and the documents' words it
    // may be a misheard form of. A word of the thesaurus is a real word heard right: "bike" is not a misheard "bake".
    if (!known && !/^\d/.test(token.word) && !SYNONYMS.has(token.stem)) {
      for (const related of wordNetRelated(token.word)) {
        const term = termOf(related.word);
        if (this.has(term) && !alternatives.some((a) => a.term === term))
          alternatives.push({
            term,
            strength: WORDNET_MATCH[related.relation],
            related: true,
            ...(related.relation === 'kind-of' ? { broader: true } : {}),
          });
      }
      for (const c of this.corrections(token.word)) {
        if (c.term !== token.stem) alternatives.push(c);
      }
    }
    const light = LIGHT_VERBS.has(token.word) ? LIGHT_VERB_WEIGHT : 1;
    return { word: token.word, weight: this.idf(token.stem) * scale * light, factor: scale, alternatives };
  }

  search(question: string, options: SearchOptions = {}): SearchResult {
    const limit = options.limit ?? 5;
    let terms = this.queryTerms(question, 1);
    for (const t of terms) if (this.nameTerms.has(termOf(t.word))) t.businessName = true;
    // What the caller tells before asking ("someone left the company how do I remove them") describes their
    // situation: its words find passages as much as the question's own, but weigh less in how much of the question a
    // passage holds (weighing less in retrieval's score too, or as the question's focus, was a wash: ADR 010, pass 28).
    const { told, asked } = toldAndAsked(question);
    if (told !== '') {
      const wordsOf = (text: string) => new Set(tokenizeNormalized(applyPhrases(text)).map((t) => t.word));
      const toldWords = wordsOf(told);
      const askedWords = wordsOf(asked);
      for (const t of terms) if (toldWords.has(t.word) && !askedWords.has(t.word)) t.weight *= TOLD_WEIGHT;
    }
    const queryWords = terms.map((t) => t.word);
    if (options.context) {
      const own = new Set(terms.map((t) => t.word));
      terms = terms.concat(this.queryTerms(options.context, CONTEXT_WEIGHT).filter((t) => !own.has(t.word)));
    }
    if (terms.length === 0 || this.docs.length === 0) {
      return nothingFound(queryWords, terms);
    }

    const scores = new Float64Array(this.docs.length);
    const touched: number[] = [];
    for (const qt of terms) {
      const best = new Map<number, number>();
      for (const alt of qt.alternatives) {
        const p = this.postings.get(alt.term);
        if (!p) continue;
        const idf = this.idf(alt.term);
        for (let k = 0; k < p.docs.length; k++) {
          const d = p.docs[k]!;
          const tf = p.tfs[k]!;
          const norm = tf + K1 * (1 - B + (B * this.docs[d]!.length) / this.avgLength);
          const s = alt.strength * idf * ((tf * (K1 + 1)) / norm);
          if (s > (best.get(d) ?? 0)) best.set(d, s);
        }
      }
      for (const [d, s] of best) {
        if (scores[d] === 0) touched.push(d);
        scores[d]! += s * qt.factor;
      }
    }
    if (touched.length === 0) return nothingFound(queryWords, terms);

    touched.sort((a, b) => scores[b]! - scores[a]!);
    const letters = lettersOf(applyPhrases(normalizeText(question)));
    const strengthByTerm = termStrengths(terms);
    const literalByTerm = termStrengths(terms, false);
    const candidates = touched.slice(0, CANDIDATES);
    const base = new Map(
      candidates.map((d) => [d, this.features(terms, d, strengthByTerm, literalByTerm, letters)]),
    );
    const top = candidates[0]!;
    const topScore = scores[top]!;
    // The margin is taken over the best passage that is not a near-duplicate of the best one: two entries on the
    // same question (WiFi twice) are one candidate, not a sign of doubt.
    let rival = 0;
    for (const d of candidates) {
      if (d === top || nearDuplicate(this.docs[top]!.titleTerms, this.docs[d]!.titleTerms)) continue;
      rival = Math.max(rival, scores[d]!);
    }

    const hits: SearchHit[] = candidates.map((d, rank) => {
      const features = base.get(d)!;
      if (rank === 0) features.margin = topScore > 0 ? (topScore - rival) / topScore : 0;
      return {
        passage: this.docs[d]!.passage,
        score: scores[d]!,
        relevance: this.docs[d]!.questionTitle
          ? relevanceOf(features, options.model)
          : labelRelevanceOf(features, options.model, options.labelModel),
        features,
        ...(this.leadIns.has(this.docs[d]!.passage.id)
          ? { sections: this.leadIns.get(this.docs[d]!.passage.id) }
          : {}),
      };
    });
    const bestHit = hits[0]!;
    const matchedTerms = terms.filter((t) => this.matchStrength(t, top) > 0).map((t) => t.word);
    return {
      hits: hits.slice(0, limit),
      answerable: bestHit.relevance >= RELEVANCE_THRESHOLD,
      matchedTerms,
      queryWords,
      missingTopics: terms
        .filter((t) => t.factor === 1 && isUnknown(t) && SYNONYMS.has(termOf(t.word)))
        .map((t) => t.word),
      unaskedTopics: this.unaskedTopics(top, strengthByTerm, letters),
      terms,
    };
  }

  /**
   * Everyday topics (thesaurus words) a passage's question names and the caller did not say in any form. A topic
   * label ("Rentals") is not the caller's question, so only question headings have them.
   */
  private unaskedTopics(d: number, strengthByTerm: Map<string, number>, letters: string): string[] {
    const doc = this.docs[d]!;
    if (!doc.questionTitle) return [];
    return doc.titleTerms.filter(
      (term) =>
        SYNONYMS.has(term) &&
        (strengthByTerm.get(term) ?? 0) === 0 &&
        this.alignment(term, doc.titleWords.get(term) ?? [term], letters) === 0,
    );
  }

  private matchStrength(qt: QueryTerm, d: number): number {
    const tf = this.docs[d]!.tf;
    let s = 0;
    for (const alt of qt.alternatives) if (tf.has(alt.term) && alt.strength > s) s = alt.strength;
    return s;
  }

  private features(
    terms: QueryTerm[],
    d: number,
    strengthByTerm: Map<string, number>,
    literalByTerm: Map<string, number>,
    letters: string,
  ): RelevanceFeatures {
    let matched = 0;
    let known = 0;
    let unknown = 0;
    const doc = this.docs[d]!;
    for (const qt of terms) {
      // A word the documents lack counts as unknown even when another member of its series stands in for it
      // ("sundays" for a passage about "Monday through Friday"): it ranks that passage, it is not the same topic.
      if (isUnknown(qt)) {
        unknown += qt.weight * unknownWordWeight(qt.word);
        continue;
      }
      known += qt.weight;
      matched += qt.weight * this.matchStrength(qt, d);
    }
    let titleMatched = 0;
    let titleAligned = 0;
    let titleTotal = 0;
    for (const term of doc.titleTerms) {
      const idf = this.idf(term) * (FRAMING_TERMS.has(term) ? FRAMING_WEIGHT : 1);
      titleTotal += idf;
      const name = doc.titleNameTerms.has(term);
      const s = (name ? literalByTerm : strengthByTerm).get(term) ?? 0;
      titleMatched += idf * s;
      const words = doc.titleWords.get(term) ?? [term];
      titleAligned += idf * Math.max(s, this.alignment(term, words, letters, !name));
    }
    return {
      queryCoverage: known > 0 ? matched / known : 0,
      unknownShare: known + unknown > 0 ? unknown / (known + unknown) : 1,
      headingCoverage: titleTotal > 0 ? titleMatched / titleTotal : 0,
      headingAlign: titleTotal > 0 ? titleAligned / titleTotal : 0,
      margin: 0,
    };
  }

  /** How well a heading term's written words (or, weaker, its synonyms') occur in the caller's letters. */
  private alignment(term: string, words: readonly string[], letters: string, related = true): number {
    let best = 0;
    for (const w of words) best = Math.max(best, alignStrength(w, letters));
    if (best >= 1 || !related) return best;
    for (const related of SYNONYM_WORDS.get(term) ?? []) {
      if (related.strength <= best) continue;
      best = Math.max(best, related.strength * alignStrength(related.word, letters));
    }
    return best;
  }
}

/** A page's introduction is a few sentences at most ("Our support team is here to help."). */
const LEAD_IN_WORDS = 40;
/** Sections read after an introduction, in reading order. */
const LEAD_IN_SECTIONS = 12;

/**
 * The short introductions under a heading that has headings below it, and the passages under those: the
 * introduction's id -> the passages after it until a heading as high as its own. A help-centre article ("# Contact
 * support" / "Our support team is here to help." / "## Ways to reach us" / a table of phone numbers) ranks its
 * introduction first on the title's words while a section under it holds the detail asked for. Only marked headings
 * have a depth (a web page's, a Markdown file's); a heading that ends in a question mark is an FAQ entry with an
 * answer of its own, not an introduction (a title worded as one, "What happens to your data after you cancel", still
 * is).
 */
function leadInSections(passages: readonly KnowledgePassage[]): Map<string, KnowledgePassage[]> {
  const out = new Map<string, KnowledgePassage[]>();
  for (let i = 0; i < passages.length; i++) {
    const intro = passages[i]!;
    const level = intro.headingLevel ?? null;
    if (
      level === null ||
      intro.heading === null ||
      /\?\s*$/.test(intro.heading) ||
      intro.text.split(/\s+/).length > LEAD_IN_WORDS
    )
      continue;
    const sections: KnowledgePassage[] = [];
    for (let j = i + 1; j < passages.length && sections.length < LEAD_IN_SECTIONS; j++) {
      const next = passages[j]!;
      const nextLevel = next.headingLevel ?? null;
      if (next.documentName !== intro.documentName || nextLevel === null || nextLevel <= level) break;
      sections.push(next);
    }
    if (sections.length > 0) out.set(intro.id, sections);
  }
  return out;
}

function isSpelledLetter(token: Token): boolean {
  return token.word.length === 1 && /[b-hj-z]/.test(token.word);
}

/** Strongest match each index term gets from the query's words (any alternative, times the word's factor). */
function termStrengths(terms: QueryTerm[], withRelated = true): Map<string, number> {
  const out = new Map<string, number>();
  for (const qt of terms) {
    for (const alt of qt.alternatives) {
      if (alt.related && !withRelated) continue;
      const w = alt.strength * qt.factor;
      if (w > (out.get(alt.term) ?? 0)) out.set(alt.term, w);
    }
  }
  return out;
}

/** Two passages whose titles share most content terms (Jaccard above NEAR_DUPLICATE) answer the same thing. */
function nearDuplicate(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const set = new Set(a);
  let common = 0;
  for (const t of b) if (set.has(t)) common++;
  return common / (set.size + b.length - common) > NEAR_DUPLICATE;
}

const TITLE_CASE_TELLS = new Set(
  'you your we our they their have has do does are is can will there what when where how'.split(' '),
);

/**
 * Terms of the words inside proper names of a written title: runs of two or more capitalised words after its
 * first word ("Does the cafe accept *Apple Pay*?"). A title written in title case has no such runs to trust.
 */
function nameWordTerms(title: string): Set<string> {
  const out = new Set<string>();
  const words = title.split(/\s+/).filter((w) => /[A-Za-z]/.test(w));
  const capitalised = (w: string) => /^[A-Z][a-z'’]+/.test(w);
  // Title case capitalises the question's own words too ("Do You Have Parking?"): then names cannot be told apart.
  if (words.slice(1).some((w) => capitalised(w) && TITLE_CASE_TELLS.has(w.toLowerCase().replace(/\W+$/, ''))))
    return out;
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 2) for (const t of tokenize(run.join(' '))) if (!t.stop) out.add(t.stem);
    run = [];
  };
  words.forEach((w, i) => {
    if (i > 0 && capitalised(w)) run.push(w);
    else flush();
    if (/[.,;:!?]$/.test(w)) flush();
  });
  flush();
  return out;
}

/**
 * The verbs among the stop words, which the documents may use with a particle ("check out", "give up", "go over").
 * Not the other function words a particle follows ("like in", "and out", "this on"): those are not phrasal verbs.
 */
const STOP_VERBS: ReadonlySet<string> = new Set(
  'check checking find look looking help ask asking see tell get gets getting got give go goes going let lets use'.split(
    ' ',
  ),
);

/** Possessive determiners: a word they lead is the caller's own thing, not a compound ("my app", "your plugin"). */
const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'your', 'our', 'their', 'his', 'its']);
/** Question words: they open a question and never lead a word cut in two ("how long" is no misheard "howlong"). */
const QUESTION_WORDS: ReadonlySet<string> = new Set(['how', 'what', 'when', 'where', 'which', 'who', 'why']);

/** Title terms -> the written words they come from ("parking" -> park), compounds as written joined. */
function titleWordsOf(title: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (term: string, word: string) => {
    const list = out.get(term) ?? [];
    if (!list.includes(word)) list.push(word);
    out.set(term, list);
  };
  const tokens = tokenizeNormalized(applyPhrases(normalizeText(title)));
  for (const t of tokens) if (!t.stop) add(t.stem, writtenStem(t.word, t.stem));
  for (const w of [...hyphenCompounds(title), ...particleCompounds(tokens)]) add(termOf(w), w);
  return out;
}

/** An amount of money in a passage's text ("$45", "20 dollars"): the passage tells a price. */
const MONEY = /[$€£]\s?\d|\b\d+(\.\d+)?\s?(dollars|euros|pounds)\b/i;
const PRICE_TERM = termOf('price');
/** A time of day ("8 a.m.", "5pm", "9:30 pm") or a run of weekdays ("Monday through Friday", "Tue-Sat"). */
const OPENING_TIMES =
  /\b\d{1,2}(?::\d{2})?\s*(?:a\.?\s?m|p\.?\s?m)\b|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:-|–|to|through|thru|until)\s*(?:mon|tue|wed|thu|fri|sat|sun)/gi;
const HOURS_TERM = termOf('hours');

/** irregularBase's answers, by word: every passage of every document is read through it when an index is built. */
const irregularBases = new Map<string, string | null>();

/**
 * The base word of an irregular verb or noun form the stemmer leaves apart ("bought" -> "buy", "sold" -> "sell",
 * "children" -> "child"), as an index term; null for a regular form. WordNet's exception lists, through wink-lemmatizer.
 */
function irregularBase(word: string, stem: string): string | null {
  return remembered(
    irregularBases,
    word,
    () => {
      if (!/^[a-z]{3,}$/.test(word)) return null;
      for (const lemma of [lemmatizer.verb(word), lemmatizer.noun(word)]) {
        const term = termOf(lemma);
        if (lemma !== word && term !== stem && !lemma.startsWith(stem)) return term;
      }
      return null;
    },
    50_000,
  );
}

/**
 * Terms a text implies without saying them: an amount of money tells a price, times of day tell the hours, dates
 * the days and holidays they are (calendar.ts).
 */
export function impliedTerms(text: string): string[] {
  const out: string[] = [];
  if (MONEY.test(text)) out.push(PRICE_TERM);
  OPENING_TIMES.lastIndex = 0;
  if (OPENING_TIMES.test(text)) out.push(HOURS_TERM);
  OPENING_TIMES.lastIndex = 0;
  out.push(...calendarTerms(text));
  return out;
}

/**
 * How much a word the knowledge base has never seen should count against an answer. Short words are mostly
 * recogniser fragments ("thek", "tay") while a missing topic tends to be a longer, specific word ("housekeeping"),
 * following Zipf's law of abbreviation (the rarer, more informative a word, the longer it is).
 */
function unknownWordWeight(word: string): number {
  // A number the documents do not contain is a detail of the question ("a table for 5", "open 24 hours"), not a topic.
  if (/^\d/.test(word)) return 0;
  return Math.min(1, Math.max(0.2, (word.length - 2) / 5));
}

function nothingFound(queryWords: string[], terms: QueryTerm[] = []): SearchResult {
  return {
    hits: [],
    answerable: false,
    matchedTerms: [],
    queryWords,
    missingTopics: [],
    unaskedTopics: [],
    terms,
  };
}

/** A caller's word the documents lack (a weekday standing in for another counts as lacking: MATCH.series). */
function isUnknown(qt: QueryTerm): boolean {
  return qt.alternatives.every((a) => a.strength <= MATCH.series);
}

function dedupe(terms: QueryTerm[]): QueryTerm[] {
  const seen = new Map<string, QueryTerm>();
  for (const t of terms) {
    const key = t.alternatives[0]?.term ?? `?${t.word}`;
    const prev = seen.get(key);
    // Two caller words for one index term ("parking garage"): keep the closer match, then the weightier word.
    const strength = (q: QueryTerm) => q.alternatives[0]?.strength ?? 0;
    if (!prev || strength(prev) < strength(t) || (strength(prev) === strength(t) && prev.weight < t.weight))
      seen.set(key, t);
  }
  return [...seen.values()];
}

function firstSentence(text: string): string {
  const m = /^.*?[.!?](\s|$)/.exec(text);
  return (m ? m[0] : text).slice(0, 300);
}

/** A statement ("It is extremely simple to use and setup") heads a section without naming its topic. */
const STATEMENT = /\b(?:is|are|was|were|can|will|should|must|does|do|has|have)\b/i;

/**
 * A line that leads in to what follows it ("This example will show:", "Consider these routes:", "this will output")
 * rather than naming a subject: it points at the text ("this", "these", "the following") or ends in a colon after a
 * verb.
 */
const POINTS_AT_TEXT = /^(?:this|these|here|the following|consider|as follows)\b/i;

/**
 * A noun with a clause about it ("Items we do not take", "Things you can recycle"): a topic, though it has a verb.
 * A statement opens with its subject ("We do not take tires", "It is simple to use"); a clause opens with its
 * conjunction ("Before you can use the API").
 */
const NOUN_WITH_CLAUSE =
  /^(?!(?:we|you|they|i|it|he|she|there|this|that|these|those|our|your|their|before|after|when|whenever|if|once|while|until|unless|because|since|so|as|where|what|how|why|which|who)\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}\s+(?:we|you|they|i)\s+(?:is|are|was|were|can|will|should|must|does|do|has|have)\b/i;

/** A heading a caller could recognise as what they asked about: not generic ("Notes"), nor a statement. */
function namesTopic(heading: string): boolean {
  if (isGenericHeading(heading)) return false;
  if (isQuestionHeading(heading) || NOUN_WITH_CLAUSE.test(heading)) return true;
  const statement = STATEMENT.test(heading);
  if (POINTS_AT_TEXT.test(heading) && (statement || /:\s*$/.test(heading))) return false;
  if (statement && /:\s*$/.test(heading)) return false;
  return !(statement && heading.split(/\s+/).length >= 5);
}

/** A document's name as a topic: "rentals-and-repairs.md" -> "rentals and repairs"; null when it says nothing. */
export function documentTitle(name: string): string | null {
  const title = (name.split(/[\\/]/).pop() ?? '')
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /[a-z]{3}/i.test(title) && !UNNAMED.test(title) ? title : null;
}

/** File names that name no topic: "faq.md", "Untitled document (1).pdf", "index.html". */
const UNNAMED =
  /^(?:faqs?|readme|index|home|untitled|document|documents|doc|file|page|new|copy|scan|download|upload|website|site)\b|\(\d+\)$/i;
