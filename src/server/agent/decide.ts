/**
 * Stage 4 of a turn: decide whether the evidence answers the question. A logistic model over what the evidence
 * stage measured (evidence.ts), fitted on public data (SQuAD 2.0's dev half, whose unanswerable questions were
 * written to look answerable) and checked split-half: `npx tsx bench/lib/calibrate-evidence.ts`.
 */
import { saysSomething } from './answer-composer.ts';
import {
  askedQuestionOf,
  passageStems,
  readEvidence,
  questionWordsOf,
  statesType,
  type Evidence,
} from './evidence.ts';
import { nounsOf } from './entities.ts';
import { isQuestionHeading } from './passages.ts';
import { answerTypeOf, followUpTypeOf, frameWordsOf, type AnswerType } from './question.ts';
import type { KnowledgePassage, QueryTerm, SearchHit, SearchResult } from './retrieval/knowledge-index.ts';

export interface EvidenceModel {
  intercept: number;
  /** In the order of EVIDENCE_FEATURES. */
  weights: number[];
}

export const EVIDENCE_FEATURES = [
  'coverage',
  'missingFocus',
  'typeFound',
  'passageCoverage',
  'strictCoverage',
  'elsewhere',
  'unknown',
  'negationMismatch',
] as const;

export function evidenceFeatures(e: Evidence): number[] {
  return [
    e.coverage,
    e.missingFocus,
    e.typeFound ? 1 : 0,
    e.passageCoverage,
    e.strictCoverage,
    e.elsewhere,
    e.unknown,
    e.negationMismatch ? 1 : 0,
  ];
}

/** Candidates read sentence by sentence (retrieval's best few). */
const READ_CANDIDATES = 3;
const TYPE_BONUS = 0.05;
const RANK_PENALTY = 0.05;

/**
 * The evidence of the candidate whose sentences hold most of the question (retrieval's order breaks ties), among
 * the best few; null when there is no candidate.
 */
export function bestEvidence(
  question: string,
  result: SearchResult,
  type: AnswerType,
): (Evidence & { relevance: number }) | null {
  let best: (Evidence & { relevance: number }) | null = null;
  let bestScore = -Infinity;
  const read = readerFor(question, result.terms, type);
  for (const [rank, hit] of result.hits.slice(0, READ_CANDIDATES).entries()) {
    const e = sectionOrIntroduction(read, hit);
    if (e.sentences.length === 0) continue; // a heading alone is never an answer
    // Retrieval's order stands unless a later candidate's sentences clearly hold more of the question.
    const score = e.coverage + (e.typeFound ? TYPE_BONUS : 0) - RANK_PENALTY * rank;
    if (score > bestScore + 1e-9) {
      best = { ...e, relevance: hit.relevance };
      bestScore = score;
    }
  }
  return best;
}

/**
 * From this probability that its evidence answers (answerProbability), a passage may be offered with "are you asking
 * about …?". A caller who hears an offer on their subject may well say yes whether or not the passage holds the detail
 * they asked for, and the agent then answers from it: an offer has to be likely right by itself, not only after a
 * truthful caller's check (ADR 010, eighth pass).
 */
export const OFFER_MIN = 0.22;

/**
 * The passage's own sentences make an answer likely enough to offer it. `evidence`: the passage already read for
 * this question with the same words (the evidence stage's choice), so it is not read twice.
 */
export function likelyEnoughToOffer(
  question: string,
  result: SearchResult,
  passage: KnowledgePassage,
  evidence: Evidence | null = null,
): boolean {
  const e = evidence?.passage.id === passage.id ? evidence : evidenceIn(question, result, passage);
  return e !== null && e.sentences.length > 0 && answerProbability(e) >= OFFER_MIN;
}

/** What `passage` says to `question` (the caller said yes to it): null when it has no sentence to speak. */
export function evidenceIn(
  question: string,
  result: SearchResult,
  passage: KnowledgePassage,
): Evidence | null {
  const e = readerFor(question, result.terms, answerTypeOf(question))(passage);
  return e.sentences.length > 0 ? e : null;
}

/**
 * A page's short introduction (retrieval's `sections`) ranks on its title's words; a section under it that holds
 * more of the question, or the kind of answer the introduction lacks, answers instead ("Contact support" / "Our
 * support team is here to help." for the support phone number, which the "Ways to reach us" table under it gives).
 * Each section is read as about what the page's title names.
 */
function sectionOrIntroduction(read: Reader, hit: SearchHit): Evidence {
  const introduction = read(hit.passage);
  let best = introduction;
  // An introduction with nothing to say ("This article is about paying for your subscription.") gives way to any
  // section that has.
  let bestScore =
    introduction.sentences.length === 0
      ? -Infinity
      : introduction.coverage + (introduction.typeFound ? TYPE_BONUS : 0);
  for (const section of hit.sections ?? []) {
    const e = read(section, hit.passage.heading);
    if (e.sentences.length === 0) continue;
    const score = e.coverage + (e.typeFound ? TYPE_BONUS : 0);
    if (score > bestScore + 1e-9) {
      best = e;
      bestScore = score;
    }
  }
  return best;
}

/** Reads a candidate passage (as about `pageTitle`, when given) for one question. */
type Reader = (passage: KnowledgePassage, pageTitle?: string | null) => Evidence;

/**
 * The reader of candidates for `question`, without the words that only frame the kind of answer ("far" in "how
 * far"): what it needs of the question is read once, however many candidates and sections it reads.
 */
function readerFor(question: string, terms: readonly QueryTerm[], type: AnswerType): Reader {
  const frame = frameWordsOf(question);
  const own = frame.size > 0 ? terms.filter((t) => !frame.has(t.word)) : terms;
  const asked = askedQuestionOf(question);
  return (passage, pageTitle = null) =>
    readEvidence(
      passage,
      own,
      type,
      asked,
      passage.heading !== null && isQuestionHeading(passage.heading),
      pageTitle,
    );
}

/** Fitted by bench/lib/calibrate-evidence.ts on SQuAD 2.0's dev half (all of it; split-half figures in ADR 010). */
export const EVIDENCE_MODEL: EvidenceModel = {
  intercept: -1.1689,
  weights: [0.9264, -1.9387, 0.8399, -1.5189, 1.4132, -2.0314, -0.3217, -1.0906],
};

/**
 * From this probability on, the evidence is taken to answer without asking. A wrong answer misleads the caller while a
 * declined one hands them to a person, so a wrong answer is weighed 1.2 times a declined one: answer when
 * p / (1 - p) >= 1.2, that is p >= 0.55 (ADR 010). Below it the agent asks "are you asking about …?" when the passage
 * shares the question's focus, and otherwise declines.
 */
export const ANSWER_MIN = 0.55;
/**
 * From this probability (the threshold fitted on SQuAD for four in five declines), evidence from retrieval's clear
 * first choice answers too: its relevance leads the next candidate's by at least CLEAR_LEAD (ADR 010).
 */
export const ANSWER_NEAR = 0.45;
export const CLEAR_LEAD = 0.2;

/**
 * The evidence answers without asking: the model is sure enough (ANSWER_MIN), or nearly so (ANSWER_NEAR) and the
 * passage is also retrieval's clear first choice, no other candidate close behind: two signals agreeing.
 */
export function answersWithoutAsking(evidence: Evidence, result: SearchResult): boolean {
  const p = answerProbability(evidence);
  if (p >= ANSWER_MIN) return true;
  if (p < ANSWER_NEAR) return false;
  const [first, second] = result.hits;
  return (
    first !== undefined &&
    (first.passage.id === evidence.passage.id ||
      (first.sections ?? []).some((section) => section.id === evidence.passage.id)) &&
    (second === undefined || second.relevance <= first.relevance - CLEAR_LEAD)
  );
}

export function answerProbability(e: Evidence, model: EvidenceModel = EVIDENCE_MODEL): number {
  const x = evidenceFeatures(e);
  const z = x.reduce((s, xi, i) => s + xi * (model.weights[i] ?? 0), model.intercept);
  return 1 / (1 + Math.exp(-z));
}

/** A noun after a possessive of the caller's side of the call (not "your": the business's things are asked about). */
const CALLERS_OWN = /\b(?:my|our|his|her|their)\s+(\w+)/g;

/**
 * "Are you asking about X?" is worth asking only when X is about what the caller asked: the passage must state the
 * kind of answer asked for and hold the question's most informative word that the documents use (in any form the
 * search allowed: a misheard spelling, a synonym; for a section of a page, in it or in the page's title `pageTitle`).
 * "Are you asking, what is a demurrer?" is never offered for a question about giant sequoias.
 */
export function sharesFocus(
  terms: readonly QueryTerm[],
  passage: KnowledgePassage,
  question: string,
  corroborated = false,
  pageTitle: string | null = null,
): boolean {
  // A passage of code or links alone has nothing to read out.
  if (!saysSomething(passage.text)) return false;
  // The kind of answer asked for must be there too: a price for "how much", a date for "when".
  if (!statesType(passage.text, answerTypeOf(question), questionWordsOf(question))) return false;
  const own = terms.filter((t) => t.factor === 1 && !t.businessName);
  const known = own.filter((t) => t.alternatives.length > 0);
  if (known.length === 0) return false;
  // Most informative, counting how surely the word was heard: "my car" heard as a misspelt "major" weighs less.
  const sureness = (t: QueryTerm) => t.weight * Math.max(...t.alternatives.map((x) => x.strength));
  const mostInformative = (pool: readonly QueryTerm[]) =>
    pool.reduce((a, b) => (sureness(b) > sureness(a) ? b : a));
  // A section of a page is about what the page's title names too, as the evidence stage reads it.
  const stems = passageStems(
    pageTitle === null ? passage : { heading: `${pageTitle}\n${passage.heading ?? ''}`, text: passage.text },
  );
  const holds = (t: QueryTerm) => t.alternatives.some((a) => a.strength >= 0.5 && stems.has(a.term));
  // The thing asked about is named by a noun: of "my plugin is taking forever to load, is there a timeout?" the
  // rarest word is "forever"; it asks about a timeout. A question without a noun the documents use keeps its
  // most informative word.
  // A noun the caller owns ("my son", "her class") tells their situation, not what they ask about: "when can I
  // register my son for kindergarten?" asks about kindergarten.
  const owned = new Set([...question.toLowerCase().matchAll(CALLERS_OWN)].map((m) => m[1]!));
  const nouns = [...nounsOf(question)].filter((n) => !owned.has(n));
  const named = known.filter((t) => nouns.some((n) => t.word === n || (n.length >= 3 && t.word.endsWith(n))));
  if (holds(mostInformative(named.length > 0 ? named : known))) return true;
  // Words and meaning both put this passage first: the most informative word of any kind will do too.
  return corroborated && holds(mostInformative(known));
}

/** Kinds of answer specific enough that stating one is an answer to "where is it?" or "how many at once?". */
const SPECIFIC_TYPES: ReadonlySet<AnswerType> = new Set([
  'amount',
  'count',
  'duration',
  'year',
  'time',
  'place',
  'person',
  'contact',
]);

/**
 * A short follow-up read against the passage the last answer came from, the subject of the conversation ("where
 * is it?" after the storage answer, "how many visits is that?" after the crown's price). Taken only when the
 * sentences hold every word of the follow-up's own that the documents use, and the kind of answer it asks for;
 * with no such word, only a specific kind of answer (a place for "where", a number for "how many") will do. A word
 * of the follow-up the documents never use ("how much is the gas?") is never assumed to be the subject.
 * `subjectQuestion`: the question the follow-up leans on; one that only adds a detail ("what about on Fridays?")
 * asks that question's kind of answer (followUpTypeOf).
 */
export function subjectEvidence(
  question: string,
  ownResult: SearchResult,
  subject: KnowledgePassage,
  subjectQuestion: string | null = null,
): Evidence | null {
  const type = followUpTypeOf(question, subjectQuestion);
  const frame = frameWordsOf(question);
  const own = ownResult.terms.filter((t) => t.factor === 1 && !t.businessName && !frame.has(t.word));
  if (own.some((t) => t.alternatives.length === 0)) return null;
  if (own.length === 0 && !SPECIFIC_TYPES.has(type)) return null;
  const e = readEvidence(
    subject,
    own,
    type,
    askedQuestionOf(question),
    subject.heading !== null && isQuestionHeading(subject.heading),
  );
  if (e.sentences.length === 0 || !e.typeFound || e.negationMismatch) return null;
  return own.length === 0 || e.strictCoverage >= 0.99 ? e : null;
}

/**
 * What the agent knows, when it is about to ask "are you asking about X?", about whether X holds the answer. A caller
 * who hears their own word in X may say yes whether or not it does, and is then answered from X: an offer has to be
 * likely right by itself. The answer probability above barely tells right offers from wrong ones (AUC 0.56 on the
 * multi-turn sets); these signals together do (ADR 010, pass 12):
 * - `coverage`: how much of the question X's sentences hold;
 * - `lead`: how far X leads the next candidate in retrieval's relevance, when it is the first (else 0);
 * - `cosine`: how near X is to the question in meaning (the sentence encoder);
 * - `cosineLead`: that, less the nearest of the other candidates the words found;
 * - `followUp`: the question is not the first of the call (a follow-up's words say less on their own);
 * - `notFound`: the words did not find X at all (the encoder did).
 */
export const OFFER_FEATURES = ['coverage', 'lead', 'cosine', 'cosineLead', 'followUp', 'notFound'] as const;

/**
 * The signals of an offer of `passage` for `question` (OFFER_FEATURES, in order). `cosines`: the question's cosine
 * with `passage`, then with each of `result.hits` (null where a passage has no vector).
 */
export function offerFeatures(
  question: string,
  result: SearchResult,
  passage: KnowledgePassage,
  cosines: readonly (number | null)[],
  followUp: boolean,
): number[] {
  const evidence = evidenceIn(question, result, passage);
  const [first, second] = result.hits;
  const lead = first?.passage.id === passage.id ? first.relevance - (second?.relevance ?? 0) : 0;
  const cosine = cosines[0] ?? 0;
  const others = result.hits
    .map((h, i) => (h.passage.id === passage.id ? null : (cosines[i + 1] ?? null)))
    .filter((c): c is number => c !== null);
  return [
    evidence?.coverage ?? 0,
    lead,
    cosine,
    others.length > 0 ? cosine - Math.max(...others) : 0,
    followUp ? 1 : 0,
    result.hits.some((h) => h.passage.id === passage.id) ? 0 : 1,
  ];
}

/**
 * Fitted by `npx tsx bench/lib/calibrate-offers.ts` on the development sets' offers (multiturn, sites; 356 offers, 165
 * right), with no bar in force (re-run with the bar, the script gives weights within 0.15 of these: a call's earlier
 * turns then go differently); read on multiturn2, which it was not fitted on: AUC 0.76 (the answer probability
 * alone: 0.60).
 */
export const OFFER_MODEL: EvidenceModel = {
  intercept: -1.2962,
  weights: [1.3494, 1.1527, 1.5007, 2.2405, -0.8057, 0.9703],
};

/**
 * Below this likelihood that the offered passage holds the answer, the agent declines instead of offering it. At 0.3
 * about 92 % of right offers are kept and a third of wrong ones removed (0.3 and 0.35 measured: ADR 010, pass
 * 12). A wrong offer costs only when the caller says yes to it, so the bar sits below the answer bar.
 */
export const OFFER_LIKELY_MIN = 0.3;

/**
 * The bar for a passage the words did not find good enough and the encoder put forward ("just to make sure I
 * understand: are you asking about …?"). Those offers were right far less often than the others: 3 of 20 on `sites`,
 * 16 of 38 on `multiturn2`, 11 of 23 on `multiturn` (the others: 45-71 %). At 0.45, with a caller who says yes on
 * hearing their own word, precision rose 2 to 4 points on the four multi-turn sets (ADR 010, pass 13).
 */
export const MEANING_OFFER_LIKELY_MIN = 0.45;

/**
 * The bar for the second passage of "are you asking about A, or about B?", however it was found. The same bars as a
 * single offer (0.3, 0.45 by meaning) gave the truthful caller 4-5 points more coverage on the development sets, and
 * the topical caller, who takes the first option that names a word of the question, 2 points fewer declines on
 * `sites`; at 0.45, 3-4 points of coverage and no fewer declines; at 0.6, 1-1.5 points (ADR 010, pass 19).
 */
export const CHOICE_LIKELY_MIN = 0.45;

export function offerLikelihood(features: readonly number[], model: EvidenceModel = OFFER_MODEL): number {
  const z = features.reduce((s, xi, i) => s + xi * (model.weights[i] ?? 0), model.intercept);
  return 1 / (1 + Math.exp(-z));
}
