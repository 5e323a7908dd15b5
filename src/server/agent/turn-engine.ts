/**
 * The turn engine: one conversation per call, one reply per caller event. It is the same code for a Twilio call,
 * a softphone test call and the benchmark.
 *
 *   caller text -> intent -> (question) retrieval over this agent's passages -> spoken answer | escalation
 *
 * Escalation happens when the caller asks for a person (any phrasing, or DTMF 0) or when retrieval finds
 * nothing relevant enough (the calibrated relevance, never a model's opinion). With a transfer number the agent
 * says so and the reply ends with a handoff to it; without one it takes a message and then ends politely.
 * When the best passage is uncertain rather than plainly off (relevance from CONFIRM_THRESHOLD up to the answer
 * threshold), or likely but answering only part of the question or another one (the caller named a topic the
 * documents lack, or the entry's question names one the caller did not ask about), the agent first asks "are you
 * asking …?" and answers on a yes.
 *
 * Everything is synchronous and does no I/O: the runtime measures a turn as the time of one call here. Answers
 * are extractive; a runtime with an LLM may reword `reply.answer` through its own AnswerComposer.
 */
import { extractiveComposer, plainWords, withSentences, type AnswerRequest } from './answer-composer.ts';
import {
  answersWithoutAsking,
  bestEvidence,
  evidenceIn,
  likelyEnoughToOffer,
  CHOICE_LIKELY_MIN,
  MEANING_OFFER_LIKELY_MIN,
  OFFER_LIKELY_MIN,
  offerFeatures,
  offerLikelihood,
  sharesFocus,
  subjectEvidence,
} from './decide.ts';
import { passageStems, type Evidence } from './evidence.ts';
import { isGenericHeading } from './passages.ts';
import { answerTypeOf, asksOwnQuestion, questionOf, questionsOf } from './question.ts';
import {
  asksWhoAnswered,
  confirmationAnswer,
  detectIntent,
  pickedOption,
  type CallerIntent,
} from './intent.ts';
import { confirmationOf, offerOfTwo } from './offer-wording.ts';
import { bestSupported, type MeaningSearch } from './retrieval/meaning.ts';
import { normalizeText, tokenizeNormalized } from './retrieval/text.ts';
import type {
  KnowledgeIndex,
  KnowledgePassage,
  SearchHit,
  SearchResult,
} from './retrieval/knowledge-index.ts';

export type HandoffReason = 'requested' | 'no_answer';

/** Matches the handoffData the runtime sends with ConversationRelay's `end` message. */
export interface Handoff {
  reason: HandoffReason;
  transfer_to?: string;
}

/** A passage an agent turn used, as stored in the call transcript. */
export interface SourceRef {
  passageId: string;
  documentName: string;
  heading: string | null;
  page: number | null;
  /** Calibrated relevance of the passage to the question, 0..1. */
  relevance: number;
}

/** What the agent did on a turn: the caller's intent, or an event of the call itself. */
export type ReplyIntent = CallerIntent | 'greet' | 'silence' | 'dtmf' | 'message' | 'ended' | 'confirm';

export interface AgentReply {
  /** What to say (plain spoken text). Empty only when the call has already ended. */
  text: string;
  sources: SourceRef[];
  action: 'continue' | 'end';
  /** Present on the reply that hands the call over (transfer) or ends it after taking a message. */
  handoff?: Handoff;
  intent: ReplyIntent;
  /** Present when `text` answers a question: a runtime with an LLM may reword the answer from these passages. */
  answer?: AnswerRequest;
  /**
   * The documents don't say: the reply says so and offers a transfer (or a message). The call goes on: a yes or
   * silence hands over with reason no_answer, another question is answered.
   */
  declined?: boolean;
  /** "Are you asking about A, or about B?": the two topics offered, in the order said. */
  choices?: [string, string];
}

export type ConversationOutcome = 'answered' | 'escalated_requested' | 'escalated_no_answer';

export interface Escalation {
  reason: HandoffReason;
  /** The question the agent could not answer (no_answer) or the caller's request (requested). */
  question: string;
  /** What the caller said after being asked for a message (only when there is no transfer number). */
  message: string | null;
  transferTo: string | null;
}

export interface ConversationState {
  ended: boolean;
  /** null while nothing has been resolved (the runtime records such a call as abandoned). */
  outcome: ConversationOutcome | null;
  escalation: Escalation | null;
  answeredCount: number;
  /** Questions the agent declined because the documents don't say (whether or not the caller was transferred). */
  declinedQuestions: string[];
}

export interface ConversationOptions {
  companyName: string;
  /** E.164 number to transfer to; null means take a message instead. */
  transferNumber: string | null;
  /** The agent's passages, indexed once per call (see buildKnowledgeIndex). */
  knowledge: KnowledgeIndex;
  /**
   * The same passages by meaning (retrieval/meaning.ts), when their vectors are known: on a question the words
   * do not answer, the passage nearest in meaning is offered as "are you asking …?" instead of a transfer; on an
   * answer the words are not sure of, the encoder gives a second opinion.
   */
  meaning?: MeaningSearch | null;
  /**
   * Answers some questions exactly, before the documents are searched (the opening hours, worked out from the
   * clock: ADR 042); null for any other question. The passage is the answer's source.
   */
  exactAnswer?: ((question: string) => ExactAnswer | null) | undefined;
  /** The first words instead of the usual greeting (after hours it says when the business opens). */
  greeting?: string | undefined;
  /**
   * Sees the signals of every "are you asking …?" the agent weighs (offerFeatures), before the likelihood bar: for
   * fitting OFFER_MODEL (bench/lib/calibrate-offers.ts), not used by the product.
   */
  observeOffer?: ((features: readonly number[], passage: KnowledgePassage) => void) | undefined;
}

export interface ExactAnswer {
  text: string;
  passage: KnowledgePassage;
}

export interface Conversation {
  /** The agent's first words after `setup`. */
  greet(): AgentReply;
  /**
   * True when `text`, said now, is a question the documents' words do not answer (the turn would end in a
   * transfer), answer (every answer gets a second opinion) or would offer ("are you asking …?", weighed with the
   * encoder's cosine): the runtime then embeds it and passes the vector to onCallerText, which may offer the passage
   * nearest in meaning, check with the caller before an answer the encoder disagrees with, or decline an offer
   * unlikely to be right. Changes nothing in the conversation; its search is reused by the
   * onCallerText that follows on the same text, so a turn searches the documents once.
   */
  needsMeaning(text: string): boolean;
  /**
   * The words to embed for `text` when needsMeaning asks: the question itself, or, for a follow-up that leans on
   * the previous question ("how do I make them the same?"), the two together, so that its meaning has a subject. The
   * previous question is the last one answered or declined, else the one refused after "are you asking …?".
   */
  meaningSentence(text: string): string;
  /** `meaning`: the question's vector, when needsMeaning asked for it. */
  onCallerText(text: string, meaning?: Float32Array | null): AgentReply;
  onDtmf(digit: string): AgentReply;
  /** The caller said nothing for a while: ask once, end on the second time. */
  onSilence(): AgentReply;
  readonly state: ConversationState;
}

/**
 * Below RELEVANCE_THRESHOLD the best passage is more likely wrong than right, but from this probability on it is
 * right often enough (about one time in four, ADR 010, ninth pass) that asking the caller beats a transfer: the
 * agent reads the passage's heading back ("are you asking: do you have bike parking?") and answers on a yes.
 */
export const CONFIRM_THRESHOLD = 0.25;

/** Said in place of a yes or no to "are you asking …?": a question of its own, not one leaning on the offered one. */
function asksAnotherQuestion(text: string, normalized: string): boolean {
  return asksOwnQuestion(text) && !LEANS_ON_CONTEXT.test(normalized);
}

/**
 * The candidate `passage` was read as: a hit, or a section of a page whose introduction was the hit, offered as itself
 * ("are you asking about how you can pay?", not about the page's "billing for your subscription").
 */
function hitOf(result: SearchResult, passage: KnowledgePassage): Candidate | undefined {
  for (const hit of result.hits) {
    if (hit.passage.id === passage.id) return hit;
    if (hit.sections?.some((s) => s.id === passage.id))
      // A section without a topic of its own ("Example:") is offered as its page.
      return passage.heading === null || isGenericHeading(passage.heading)
        ? hit
        : { ...hit, passage, sections: undefined, pageTitle: hit.passage.heading };
  }
  return undefined;
}

/** A passage to offer, with its page's title when it is a section read for the page's introduction. */
type Candidate = SearchHit & { pageTitle?: string | null };

/** What may come between a yes and the next question: "yes exactly and also …", "yes that's right, so …". */
const YES_GOES_ON =
  /^(?:(?:exactly|that is right|that is it|right|correct|great|perfect|please|thanks|thank you|and|also|plus|but|ok|okay|so|then|one more thing|another question)\s+)+/;

/**
 * A question that does not lean on the previous one by its form is still searched with it, and that search is taken
 * when its best passage is at least this much more likely to answer (calibrated relevance) than the question's own
 * best (ADR 010; 0, 0.05, 0.1 and 0.2 measured on the development sets).
 */
const CONTEXT_LEAD = 0.05;

/** "Are you asking about A, or about B?": B is one of the words' first this many candidates, or nearest in meaning. */
const CHOICE_FROM = 3;

/** A reply to "… A, or … B?" that is not a yes or a no picks one by its words only when it is this short. */
const PICK_MAX_WORDS = 5;

/** Longest answer after a yes to "are you asking about …?", in words (the evidence stage speaks up to 70 too). */
const ANSWER_WORDS = 70;

/** Up to this many content words, a question may lean on the previous one ("how much is it?"). */
const ELLIPTICAL_MAX_TERMS = 2;
const ELLIPTICAL_START =
  /^(?:and|so|also|then|but|what about|how about|what if|and what about|is it|is that|are they|does it|do they|can i|is there|how much)\b/;

/** How a question going on from the last one opens ("and on Sundays?", "what about kids?"). */
const FOLLOW_UP_START = /^(?:and|also|then|but|what about|how about|what if|and what about)\b/;

/** A word that points back to what was said before ("how much does *it* cost", "can I book *one* online"). */
const LEANS_ON_CONTEXT =
  /\b(?:it|its|they|them|their|that|those|these|this one|that one|one|ones|he|she|him|her)\b|(?<!\b(?:is|are|was|were) )\bthere\b/;

export function createConversation(options: ConversationOptions): Conversation {
  const { companyName, knowledge } = options;
  const transferTo = options.transferNumber?.trim() || null;

  /** After a decline: the transfer (or a message without a transfer number), or another question. */
  const handOverOffer = `${
    transferTo
      ? 'Would you like me to transfer you to someone who can help?'
      : 'Would you like to leave a message so someone can get back to you?'
  } Or you can ask me something else.`;

  let ended = false;
  let mode: 'talk' | 'message' = 'talk';
  let silences = 0;
  let unclear = 0;
  let askedAnythingElse = false;
  let previousQuestion: string | null = null;
  let answeredCount = 0;
  /** Questions the caller has asked on this call before the current one. */
  let questionsAsked = 0;
  let escalation: Escalation | null = null;
  const declinedQuestions: string[] = [];
  /** The question the agent just declined, while the caller may still take the offered transfer. */
  let offered: string | null = null;
  /** The passage the last answer came from, while its question is the subject of the conversation. */
  let subjectPassage: KnowledgePassage | null = null;
  /** The passage the agent asked the caller to confirm (and the other one it offered), and the question. */
  let pending: {
    question: string;
    result: SearchResult;
    passage: KnowledgePassage;
    alternative: KnowledgePassage | null;
  } | null = null;
  /** needsMeaning's decision on the text it was asked about, used by the onCallerText that follows. */
  let previewed: { text: string; decision: Decision } | null = null;

  /** The agent's last words, said again when the caller asks ("sorry, could you repeat that?"). */
  let lastSaid: string | null = null;
  const reply = (r: Omit<AgentReply, 'sources'> & { sources?: SourceRef[] }): AgentReply => {
    if (r.action === 'end') ended = true;
    if (r.text !== '' && r.intent !== 'repeat' && r.intent !== 'wait') lastSaid = r.text;
    return { ...r, sources: r.sources ?? [] };
  };

  const endedReply = (): AgentReply => ({ text: '', sources: [], action: 'end', intent: 'ended' });

  /** `accepted`: the caller took the transfer the agent offered after a decline (the apology was said then). */
  const escalate = (
    reason: HandoffReason,
    question: string,
    intent: ReplyIntent,
    accepted = false,
  ): AgentReply => {
    escalation = { reason, question, message: null, transferTo };
    const sorry =
      reason === 'requested' || accepted ? 'Of course.' : "I'm sorry, I don't have that information.";
    if (transferTo) {
      const text =
        reason === 'requested'
          ? `${sorry} I'll transfer you to someone now, please hold.`
          : `${sorry} Let me transfer you to someone who can help, please hold.`;
      return reply({ text, action: 'end', handoff: { reason, transfer_to: transferTo }, intent });
    }
    mode = 'message';
    const text = accepted
      ? `${sorry} Please tell me your name, your number and your question.`
      : reason === 'requested'
        ? `${sorry} No one can take your call right now, but I can take a message. Please tell me your name, your number and your message.`
        : `${sorry} No one can take your call right now, but I can take a message so someone gets back to you. Please tell me your name, your number and your question.`;
    return reply({ text, action: 'continue', intent });
  };

  const takeMessage = (message: string | null): AgentReply => {
    const current = escalation!;
    escalation = { ...current, message };
    const text =
      message === null
        ? `I'll end the call now. Thanks for calling ${companyName}. Goodbye.`
        : `Thank you, I've passed your message on and someone from ${companyName} will get back to you. Goodbye.`;
    return reply({
      text,
      action: 'end',
      handoff: { reason: current.reason },
      intent: message === null ? 'silence' : 'message',
    });
  };

  const goodbye = (intent: ReplyIntent): AgentReply =>
    reply({ text: `Thanks for calling ${companyName}. Goodbye!`, action: 'end', intent });

  /**
   * "The documents don't say": one sentence, then the offer of a transfer (or of a message without a transfer
   * number). The caller decides: yes or silence hands over, another question goes on.
   */
  const decline = (question: string): AgentReply => {
    declinedQuestions.push(question);
    offered = question;
    return reply({
      text: `I'm sorry, I don't have that information. ${handOverOffer}`,
      action: 'continue',
      intent: 'question',
      declined: true,
    });
  };

  /**
   * Answers from `passage` (by default the best hit), speaking the evidence sentences when they were read, or the
   * composer's pick with `alsoSay` (the sentences that hold the question's words) as far as ANSWER_WORDS allows.
   */
  const answerFrom = (
    question: string,
    result: SearchResult,
    passage: KnowledgePassage = result.hits[0]!.passage,
    evidence: Evidence | null = null,
    alsoSay: readonly string[] = [],
  ): AgentReply => {
    const sentences = evidence?.passage.id === passage.id ? evidence.sentences : undefined;
    const request: AnswerRequest = { companyName, question, passages: [passage], sentences };
    const hit = result.hits.find((h) => h.passage.id === passage.id);
    subjectPassage = passage;
    answeredCount++;
    askedAnythingElse = false;
    return reply({
      text: withSentences(extractiveComposer.compose(request), alsoSay, ANSWER_WORDS),
      sources: [toSourceRef(passage, hit?.relevance ?? 0)],
      action: 'continue',
      intent: 'question',
      answer: request,
    });
  };

  type Decision =
    | { kind: 'unclear' }
    | { kind: 'confirm'; result: SearchResult; passage: KnowledgePassage; text: string; usedContext: boolean }
    | { kind: 'transfer'; result: SearchResult; usedContext: boolean }
    | { kind: 'answer'; result: SearchResult; usedContext: boolean; evidence: Evidence };

  /**
   * What a question leads to, without acting on it. A short follow-up is read against the passage just answered
   * from, what "it" or "that" most often points to ("where is it?" after the storage answer), when the documents would
   * not answer it on its own (nor with the previous question's words), and also when they would from another passage:
   * "when can I apply?" after the school transfer's answer asks about the transfer, not about jobs, when the
   * transfer's passage holds "apply" and a date (subjectEvidence). Development sets: coverage +0.4 to +1.9 with
   * precision +0.4 to +0.8 (ADR 010, pass 23).
   */
  const decide = (text: string, allowConfirm: boolean): Decision => {
    // The question's own words are searched once: the search with the previous question's words may stand in for
    // this result, but the subject is read with the follow-up's own words.
    const own = knowledge.search(text);
    const decision = decideBySearch(text, allowConfirm, own);
    if (decision.kind === 'unclear' || subjectPassage === null) return decision;
    if (decision.kind === 'answer' && decision.evidence.passage.id === subjectPassage.id) return decision;
    if (previousQuestion === null || !isElliptical(text, own)) return decision;
    const evidence = subjectEvidence(text, own, subjectPassage, previousQuestion);
    return evidence ? { kind: 'answer', result: decision.result, usedContext: true, evidence } : decision;
  };

  /** `own`: the search with the question's own words. */
  const decideBySearch = (text: string, allowConfirm: boolean, own: SearchResult): Decision => {
    let result = own;
    let usedContext = false;
    // A short question the documents answer on its own words ("do you deliver?") is a new subject, not a
    // follow-up; one that points back ("how much does it cost?") or finds nothing alone leans on the last one.
    const pointsBack = LEANS_ON_CONTEXT.test(text.trim().toLowerCase());
    if (previousQuestion !== null) {
      // "and how much is it?" after "do you deliver?": search again with the previous question's words at half
      // weight, and keep that result when it is relevant and still about what the caller just said.
      const withContext = knowledge.search(text, { context: previousQuestion });
      const own = new Set(result.queryWords);
      const aboutThisTurn = own.size === 0 || withContext.matchedTerms.some((w) => own.has(w));
      if (isElliptical(text, result) && (pointsBack || !result.answerable)) {
        // One that points back keeps its subject even when the documents do not answer it: it is then declined.
        if ((withContext.answerable || pointsBack) && aboutThisTurn) {
          result = withContext;
          usedContext = true;
        }
      } else if (
        // Any other question is searched with the conversation's subject too, which is kept when it finds a
        // passage clearly more likely to answer ("how much" after "what's in the winter package" is the package's
        // price, not that of an entry asking "What does a diagnostic check cost?").
        aboutThisTurn &&
        withContext.answerable &&
        withContext.hits[0]!.relevance >= (result.hits[0]?.relevance ?? 0) + CONTEXT_LEAD
      ) {
        result = withContext;
        usedContext = true;
      }
    }
    if (result.queryWords.length === 0 && !usedContext) return { kind: 'unclear' };
    // Unsure, or sure of a passage that answers at most part of the question or another one: the caller named a
    // topic the documents never mention ("can I park my bike" where they only cover parking in general), or the
    // entry's question names one the caller did not ask about ("Is there bike parking?" for "do you have parking").
    // Ask first.
    const partial = result.missingTopics.length > 0 || result.unaskedTopics.length > 0;
    /**
     * `candidate`: the hit to offer; by default retrieval's best (the evidence stage may have read a better one).
     * `itsEvidence`: the candidate's evidence when already read with the search's words.
     */
    const confirmBest = (
      candidate: Candidate | undefined = result.hits[0],
      itsEvidence: Evidence | null = null,
    ) => {
      const best = candidate;
      const confirmation =
        best &&
        allowConfirm &&
        best.relevance >= CONFIRM_THRESHOLD &&
        sharesFocus(result.terms, best.passage, text, false, best.pageTitle ?? null) &&
        likelyEnoughToOffer(text, result, best.passage, itsEvidence)
          ? confirmationOf(best, result.answerable ? 'partial' : 'unsure', topicOf(best.passage))
          : null;
      return confirmation === null
        ? null
        : ({ kind: 'confirm', result, passage: best!.passage, text: confirmation, usedContext } as const);
    };
    if (!result.answerable || partial) {
      const confirmation = confirmBest();
      if (confirmation !== null) return confirmation;
      if (!result.answerable) return { kind: 'transfer', result, usedContext };
    }
    // Read the evidence: the sentences that would answer, and whether they hold what was asked. A follow-up that
    // points back ("how much would *that* cost?") or has no word of its own the documents use is asked about the
    // subject it leans on too.
    const ownKnown = result.terms.some((t) => t.factor === 1 && t.alternatives.length > 0);
    const leansBack = usedContext && (!ownKnown || pointsBack);
    const terms = leansBack ? result.terms.map((t) => ({ ...t, factor: 1 })) : result.terms;
    const evidence = bestEvidence(text, { ...result, terms }, answerTypeOf(text));
    if (evidence === null || !answersWithoutAsking(evidence, result)) {
      // The passage whose sentences hold most of the question is the one to ask about ("are you asking about
      // the holiday notice?"), not a higher-ranked one that holds less of it.
      const read = evidence && hitOf(result, evidence.passage);
      // Its evidence was read with the search's own words, unless the follow-up leaned back: then it is read again.
      const offer = confirmBest(read ?? undefined, leansBack ? null : evidence);
      return offer ?? { kind: 'transfer', result, usedContext };
    }
    // A question that points back ("what's that built on?") asks about the subject of the conversation: words of its
    // own that match a passage about something else ("Fastify was built to be modular") do not answer it.
    // The subject may be a question the agent declined after the caller said no to "are you asking …?".
    const subject = previousQuestion ?? declinedQuestions.at(-1) ?? null;
    if (
      pointsBack &&
      !usedContext &&
      subject !== null &&
      isElliptical(text, result) &&
      !aboutSubject(evidence.passage, subject)
    ) {
      return { kind: 'transfer', result, usedContext };
    }
    return { kind: 'answer', result, usedContext, evidence };
  };

  /** The passage holds a word of the subject's question (the question a follow-up leans on), in any form searched. */
  const aboutSubject = (passage: KnowledgePassage, subjectQuestion: string): boolean => {
    const stems = passageStems(passage);
    return knowledge
      .search(subjectQuestion)
      .terms.filter((t) => t.factor === 1 && !t.businessName)
      .some((t) => t.alternatives.some((a) => a.strength >= 0.5 && stems.has(a.term)));
  };

  /**
   * The passage is likely enough to hold the answer to offer it (offerLikelihood, ADR 010, pass 12): at least `bar`
   * (higher for a passage only the encoder put forward, pass 13). Without the question's vector (no encoder for this
   * agent) the bar is not applied.
   */
  const likelyOffer = (
    text: string,
    result: SearchResult,
    passage: KnowledgePassage,
    meaning: Float32Array | null,
    followUp: boolean,
    bar = OFFER_LIKELY_MIN,
  ): boolean => {
    if (!meaning || !options.meaning?.size) return true;
    const cosines = options.meaning.cosines(meaning, [passage.id, ...result.hits.map((h) => h.passage.id)]);
    const features = offerFeatures(text, result, passage, cosines, followUp);
    options.observeOffer?.(features, passage);
    return offerLikelihood(features) >= bar;
  };

  /** Declines `text`; unless it leaned on the last question, it is the subject a follow-up leans on ("do you charge extra for that?"). */
  const declineQuestion = (text: string, usedContext: boolean): AgentReply => {
    // "Can I do that online?" after the custom cake's answer: the cake stays the subject of what comes next.
    const t = normalizeText(text);
    const keepsSubject = previousQuestion !== null && (LEANS_ON_CONTEXT.test(t) || FOLLOW_UP_START.test(t));
    if (!usedContext && !keepsSubject) {
      previousQuestion = text;
      subjectPassage = null;
    }
    return decline(text);
  };

  const mayAskByMeaning = (result: SearchResult) => Boolean(options.meaning?.size) && result.hits.length > 0;
  /**
   * Every answer gets the encoder's second opinion, however sure the words are (ADR 010, pass 6: precision +1 to +3
   * points on the multi-turn sets). A follow-up found with the previous question's words is asked about too: its
   * vector carries that question (meaningSentence), so the encoder judges it with its subject (pass 11). The cost is
   * one embedding per answered question, about 14 ms at the 95th percentile of DSTC's turns.
   */
  const wantsSecondOpinion = (d: Decision) => d.kind === 'answer' && Boolean(options.meaning?.size);

  /**
   * The question's words find a passage whose heading they name whole, and nothing else: "what are your opening
   * hours?" and the entry "Opening hours".
   */
  const namesAHeading = (text: string): boolean => {
    const best = knowledge.search(text).hits[0];
    return (
      best !== undefined && best.features.queryCoverage >= 0.999 && best.features.headingCoverage >= 0.999
    );
  };

  /** What "are you asking about …?" names for a passage (KnowledgeIndex.topicOf): its topic, null for none. */
  const topicOf = (passage: KnowledgePassage) =>
    knowledge.topicOf ? knowledge.topicOf(passage) : passage.heading?.trim() || null;

  /**
   * "Are you asking about X?", or, with `alternative`, "are you asking about X, or about Y?": the caller picks one by
   * its place or its words (pickedOption), a yes takes X, a no declines.
   */
  const confirm = (
    question: string,
    result: SearchResult,
    passage: KnowledgePassage,
    text: string,
    alternative: KnowledgePassage | null = null,
  ) => {
    const choices: [string, string] | null = alternative && [
      topicOf(passage) ?? '',
      topicOf(alternative) ?? '',
    ];
    const both = choices && offerOfTwo(text, ...choices);
    pending = { question, result, passage, alternative: both ? alternative : null };
    return reply({ text: both ?? text, action: 'continue', intent: 'confirm', ...(both && { choices }) });
  };

  /**
   * The passage to offer beside `passage` when the agent asks: among the words' first CHOICE_FROM candidates and the
   * passage nearest in meaning, the likeliest one that is about the question's focus and at least CHOICE_LIKELY_MIN
   * likely to hold the answer. Null without the question's vector, or when none is; a passage with the same text or
   * read back under the same name is no choice.
   */
  const choiceBeside = (
    text: string,
    result: SearchResult,
    passage: KnowledgePassage,
    meaning: Float32Array | null,
    followUp: boolean,
    passedOver: string | null,
  ): KnowledgePassage | null => {
    if (!meaning || !options.meaning?.size) return null;
    const byWords = result.hits
      .slice(0, CHOICE_FROM)
      .filter((h) => h.relevance >= CONFIRM_THRESHOLD)
      .map((h) => h.passage);
    const byMeaning = options.meaning.preferredOver(meaning, passage.id)?.passage;
    const name = (p: KnowledgePassage) => normalizeText(topicOf(p) ?? '');
    let best: { passage: KnowledgePassage; likelihood: number } | null = null;
    for (const candidate of byMeaning ? [...byWords, byMeaning] : byWords) {
      if (
        candidate.id === passage.id ||
        candidate.id === passedOver ||
        candidate.text.trim() === passage.text.trim() ||
        name(candidate) === '' ||
        name(candidate) === name(passage) ||
        !sharesFocus(result.terms, candidate, text)
      )
        continue;
      const cosines = options.meaning.cosines(meaning, [
        candidate.id,
        ...result.hits.map((h) => h.passage.id),
      ]);
      const likelihood = offerLikelihood(offerFeatures(text, result, candidate, cosines, followUp));
      if (likelihood >= CHOICE_LIKELY_MIN && (best === null || likelihood > best.likelihood))
        best = { passage: candidate, likelihood };
    }
    return best?.passage ?? null;
  };

  /** A question answered exactly (ExactAnswer): counted as an answer from its source, like any other. */
  const answerExactly = (question: string, exact: ExactAnswer): AgentReply => {
    previousQuestion = question;
    subjectPassage = null;
    answeredCount++;
    askedAnythingElse = false;
    return reply({
      text: exact.text,
      sources: [toSourceRef(exact.passage, 1)],
      action: 'continue',
      intent: 'question',
      answer: { companyName, question, passages: [exact.passage], sentences: [exact.text] },
    });
  };

  /**
   * `preview`: the decision needsMeaning already took on this text, so the search is not run twice. `passedOver`: the
   * passage of an "are you asking …?" the caller met with this question instead of a yes or no; the question may have
   * an offer of its own, but not of that passage again (the agent asks once per question).
   */
  const onQuestion = (
    said: string,
    allowConfirm = true,
    meaning: Float32Array | null = null,
    preview: Decision | null = null,
    passedOver: string | null = null,
  ): AgentReply => {
    const text = questionOf(said);
    const exact = options.exactAnswer?.(text) ?? null;
    if (exact) {
      unclear = 0;
      return answerExactly(text, exact);
    }
    let decision: Decision = (allowConfirm && preview) || decide(text, allowConfirm);
    const followUp = questionsAsked > 0;
    questionsAsked++;
    if (decision.kind === 'unclear') {
      unclear++;
      if (unclear >= 2) return escalate('no_answer', text, 'unclear');
      return reply({
        text: "Sorry, I didn't quite catch that. Could you say it again?",
        action: 'continue',
        intent: 'unclear',
      });
    }
    unclear = 0;
    const { result } = decision;
    // An offer the words found but that is not likely right is not replaced by one found by meaning: the two
    // disagree, and the question is declined.
    let offerRefused = false;
    if (decision.kind === 'confirm' && decision.passage.id === passedOver) {
      decision = { kind: 'transfer', result, usedContext: decision.usedContext };
      offerRefused = true;
    }
    if (decision.kind === 'confirm') {
      if (likelyOffer(text, result, decision.passage, meaning, followUp))
        return confirm(
          text,
          result,
          decision.passage,
          decision.text,
          choiceBeside(text, result, decision.passage, meaning, followUp, passedOver),
        );
      decision = { kind: 'transfer', result, usedContext: decision.usedContext };
      offerRefused = true;
    }
    if (decision.kind === 'transfer') {
      // The words found nothing relevant: the passage nearest in meaning, if any, is offered before the transfer
      // (with a lower bar when it is the passage the words ranked first: two weak signals that agree); failing
      // that, the passage among those the words found that words and meaning together clearly support best.
      // Not when they found nothing at all: a question sharing no word with the documents, in any form, is about
      // something else (a climbing wall where they list lockers), and the encoder's nearest entry is a guess.
      const near =
        allowConfirm && meaning && !offerRefused && mayAskByMeaning(result)
          ? (options.meaning!.nearest(meaning, result.hits[0]!.passage.id) ??
            bestSupported(
              result.hits,
              options.meaning!.cosines(
                meaning,
                result.hits.map((h) => h.passage.id),
              ),
            ))
          : null;
      const corroborated = near !== null && near.passage.id === result.hits[0]?.passage.id;
      const offer =
        near && near.passage.id !== passedOver && sharesFocus(result.terms, near.passage, text, corroborated)
          ? confirmationOf(near, 'meaning', topicOf(near.passage))
          : null;
      if (
        near &&
        offer &&
        likelyOffer(text, result, near.passage, meaning, followUp, MEANING_OFFER_LIKELY_MIN)
      )
        return confirm(
          text,
          result,
          near.passage,
          offer,
          choiceBeside(text, result, near.passage, meaning, followUp, passedOver),
        );
      return declineQuestion(text, decision.usedContext);
    }
    if (allowConfirm && meaning && wantsSecondOpinion(decision)) {
      // The words found a passage, and the meaning points to another: the caller may have
      // asked something else in words the documents share ("how much does all the sparring stuff cost" found the
      // membership fees). Check what was heard before answering; a yes answers, a no transfers.
      // The passage asked about is the one the answer would come from: the evidence stage may have read a better
      // one than retrieval's first.
      const passage = decision.evidence.passage;
      // Another passage with the same answer (an owner's answer kept under each wording callers used) agrees.
      const other = options.meaning!.preferredOver(meaning, passage.id);
      const offer =
        other && other.passage.text.trim() !== passage.text.trim()
          ? confirmationOf({ passage }, 'unsure', topicOf(passage))
          : null;
      if (offer) {
        if (likelyOffer(text, result, passage, meaning, followUp))
          return confirm(
            text,
            result,
            passage,
            offer,
            choiceBeside(text, result, passage, meaning, followUp, passedOver),
          );
        return declineQuestion(text, decision.usedContext);
      }
    }
    // A follow-up keeps the topic of the question it leaned on.
    if (!decision.usedContext) previousQuestion = text;
    return answerFrom(text, result, decision.evidence.passage, decision.evidence);
  };

  /**
   * The questions of a turn that asks more than one, when the documents answer at least one of them on its own;
   * null otherwise. A turn heard with recognition errors ("can i wull go wh wich from there uh and does it …") may
   * look like two questions, neither of which means anything alone: it is then searched whole, as before.
   */
  const severalQuestions = (text: string): string[] | null => {
    // Asked by needsMeaning, then by the onCallerText that follows on the same text: each part is searched once.
    if (split?.text === text) return split.questions;
    let questions: string[] | null = questionsOf(text);
    if (questions.length < 2 || !questions.some((q) => decide(questionOf(q), false).kind === 'answer'))
      questions = null;
    split = { text, questions };
    return questions;
  };
  let split: { text: string; questions: string[] | null } | null = null;

  /**
   * Several questions in one turn ("What are your hours, and do you deliver?", or "yes" to an offer and another
   * question): each is answered or declined on its own words, in order, the later ones leaning on the earlier ones
   * as follow-ups do. No "are you asking …?" here: the caller could not say yes to one offer among several answers.
   * The answers are said first, then what the documents don't say, with the transfer offered.
   */
  const answerSeveral = (questions: readonly string[], before: readonly AgentReply[] = []): AgentReply => {
    const replies = [...before];
    const unclearBefore = unclear;
    let lastPart: AgentReply | null = null;
    for (const question of questions) {
      // A part that names nothing to search is left out: it never counts as the second turn not understood, which
      // would end the call under the answers.
      unclear = 0;
      const r = onQuestion(question, false);
      lastPart = r;
      if (r.intent === 'unclear') continue;
      // "Do you deliver? And what is it?": a part answered with what an answer before it said is not said again.
      const said = plainWords(replies.flatMap((x) => (x.answer ? [x.text] : [])).join(' '));
      if (r.answer !== undefined && said.includes(plainWords(r.text).replace(/^(?:yes|no) /, ''))) continue;
      replies.push(r);
    }
    unclear = replies.length > before.length ? 0 : unclearBefore;
    const answered = replies.filter((r) => r.answer !== undefined);
    const rest = replies.filter((r) => r.answer === undefined);
    // One question answered at least, by construction (severalQuestions, or the yes before): else its decline.
    if (answered.length === 0) return replies.at(-1) ?? lastPart!;
    const last = rest.at(-1);
    const requests = answered.map((r) => r.answer!);
    return reply({
      text: [
        ...answered.map((r) => r.text),
        ...(last ? [`As for your other question${rest.length > 1 ? 's' : ''}: ${last.text}`] : []),
      ].join(' '),
      sources: replies.flatMap((r) => r.sources),
      action: 'continue',
      intent: 'question',
      // A model may reword answers only: the part the documents don't cover must be said as it is.
      answer:
        last === undefined
          ? {
              companyName,
              question: requests.map((q) => q.question).join(' '),
              passages: requests.flatMap((q) => q.passages),
              sentences: requests.every((q) => q.sentences)
                ? requests.flatMap((q) => q.sentences!)
                : undefined,
            }
          : undefined,
      declined: last?.declined,
    });
  };

  /**
   * The caller's reply to "are you asking …?". Yes: answer from that passage. No: transfer with the original
   * question, unless the caller went on to say what they meant ("no, for my bike"), which is searched as a
   * question leaning on the first one. Anything else (null) is an ordinary turn. The agent asks once per question.
   */
  const onConfirmation = (normalized: string): AgentReply | null => {
    const { question, result, passage, alternative } = pending!;
    pending = null;
    const { answer, rest } = confirmationAnswer(normalized);
    // Offered two: "the second one", "yes, the bike one", "no, the other one" pick one; a short reply naming one
    // does too ("bike storage"), a question of its own does not.
    const pickFrom = answer === null ? normalized : rest;
    const picked =
      alternative === null || (answer === null && pickFrom.split(' ').length > PICK_MAX_WORDS)
        ? null
        : pickedOption(pickFrom, [topicOf(passage) ?? '', topicOf(alternative) ?? '']);
    if (picked !== null) return answerOffered(question, result, picked === 0 ? passage : alternative!, '');
    // Another question instead of a yes or no: often the same one put another way, or one leaning on it ("I have
    // a question about your cakes." … "How much are they?"). The question asked about is its subject.
    if (answer === null) {
      previousQuestion = question;
      return null;
    }
    if (answer === 'yes') return answerOffered(question, result, passage, rest);
    const after = rest === '' ? 'unclear' : detectIntent(rest).intent;
    if (after === 'goodbye') return goodbye('goodbye'); // "no, bye"
    if (after !== 'question') return decline(question); // "no", "no thanks"
    previousQuestion = question;
    const retry = onQuestion(rest, false);
    // The owner's alert shows both what the caller asked and how they put it right.
    if (offered === rest) offered = `${question}; ${rest}`;
    if (escalation?.question === rest) escalation = { ...escalation, question: `${question}; ${rest}` };
    return retry;
  };

  /** A yes (or a pick) to "are you asking …?": the answer from `passage`, then the next question said after it. */
  const answerOffered = (
    question: string,
    result: SearchResult,
    passage: KnowledgePassage,
    rest: string,
  ): AgentReply => {
    previousQuestion = question;
    // Under a heading, the composer's pick keeps the passage's first lines, which say what the heading offered is
    // ("Default: 1048576"), with the sentences holding the question's words that may be further on. A paragraph
    // without a heading was offered by its first sentence's subject, and prose goes on to other things: its answer
    // is the evidence sentences alone, as a direct answer's is (ADR 010, pass 22).
    const evidence = evidenceIn(question, result, passage);
    const answered =
      passage.heading === null && evidence
        ? answerFrom(question, result, passage, evidence)
        : answerFrom(question, result, passage, null, evidence?.sentences ?? []);
    // "Yes, exactly. And how much is delivery?": that answer, then the next question, when it asks about something
    // else by its own words. "Yes, what is it?", "yes so what do you take" ask for the answer just given.
    const next = rest.replace(YES_GOES_ON, '');
    const own = asksOwnQuestion(next) && !LEANS_ON_CONTEXT.test(next) ? knowledge.search(next) : null;
    const another = own !== null && own.answerable && own.hits[0]!.passage.id !== passage.id;
    return another ? answerSeveral(questionsOf(next), [answered]) : answered;
  };

  return {
    greet() {
      return reply({
        text:
          options.greeting ??
          `Thanks for calling ${companyName}, this is the virtual assistant. How can I help you today?`,
        action: 'continue',
        intent: 'greet',
      });
    },

    meaningSentence(said: string) {
      const text = questionOf(said);
      // After a refused "are you asking …?" the refused question is what a follow-up leans on (pass 11).
      const subject = previousQuestion ?? declinedQuestions.at(-1) ?? null;
      if (subject === null || mode !== 'talk' || pending !== null) return text;
      return leansOnPrevious(text, namesAHeading) ? `${subject} ${text}` : text;
    },

    needsMeaning(text: string) {
      split = null;
      if (!options.meaning?.size || ended || mode !== 'talk') return false;
      const { intent, normalized } = detectIntent(text);
      // A yes or no to "are you asking …?" needs no vector; another question in its place does.
      if (
        pending !== null &&
        (confirmationAnswer(normalized).answer !== null || !asksAnotherQuestion(text, normalized))
      )
        return false;
      if (intent !== 'question' && intent !== 'unclear') return false;
      const asked = questionOf(text);
      if (options.exactAnswer?.(asked) || severalQuestions(text) !== null) return false;
      const decision = decide(asked, true);
      // With an offer open, the turn is decided after it is settled (the offered question becomes the subject): the
      // decision here only says whether the vector is needed.
      previewed = pending === null ? { text, decision } : null;
      return (
        (decision.kind === 'transfer' && mayAskByMeaning(decision.result)) ||
        decision.kind === 'confirm' ||
        wantsSecondOpinion(decision)
      );
    },

    onCallerText(text: string, meaning: Float32Array | null = null) {
      // needsMeaning's decision holds for this turn only (the next one may lean on this question).
      const preview = previewed?.text === text ? previewed.decision : null;
      previewed = null;
      if (ended) return endedReply();
      silences = 0;
      if (mode === 'message') {
        const message = text.trim();
        return message === ''
          ? reply({
              text: 'Sorry, I did not catch that. Please say your message.',
              action: 'continue',
              intent: 'unclear',
            })
          : takeMessage(message);
      }
      const { intent, normalized } = detectIntent(text);
      // Said again, or waited for, with everything the call was waiting on left as it was (an offer, a question).
      if (intent === 'repeat')
        return reply({
          text: lastSaid === null ? 'Sorry, what can I help you with?' : `Sure. ${lastSaid}`,
          action: 'continue',
          intent,
        });
      if (intent === 'wait') return reply({ text: 'Sure, take your time.', action: 'continue', intent });
      if (intent === 'about_agent')
        return reply({
          text: `I'm the virtual assistant for ${companyName}. I can answer questions from ${companyName}'s documents, and ${transferTo ? 'put you through to a person' : 'take a message for the team'} whenever you like. What would you like to know?`,
          action: 'continue',
          intent,
        });
      // "Got it": the transfer the agent offered is still on offer; otherwise the call goes on.
      if (intent === 'acknowledge') {
        if (offered !== null)
          return reply({
            text: handOverOffer,
            action: 'continue',
            intent,
          });
        pending = null;
        askedAnythingElse = true;
        return reply({ text: 'Is there anything else I can help you with?', action: 'continue', intent });
      }
      if (offered !== null && !transferTo && intent !== 'request_person' && looksLikeMessage(text)) {
        // "Would you like to leave a message?" answered with the message itself.
        escalation = { reason: 'no_answer', question: offered, message: null, transferTo };
        offered = null;
        return takeMessage(text.trim());
      }
      if (offered !== null) {
        // The caller's answer to "would you like me to transfer you?": yes hands over, no goes on, anything else
        // is a new turn.
        const question = offered;
        offered = null;
        const { answer, rest } = confirmationAnswer(normalized);
        if (intent === 'affirm' || (answer === 'yes' && rest === ''))
          return escalate('no_answer', question, 'affirm', true);
        // "no thanks, do you deliver?": the question after the no; said in sentences of its own ("No, that's
        // okay. Let me ask something else. Do you deliver?"), the sentences that ask.
        const asked = questionOf(text);
        const after =
          answer !== 'no' ? '' : asked !== text.trim() ? asked : rest.replace(/^(?:thanks|thank you)\s*/, '');
        if ((answer === 'no' && rest === '') || intent === 'deny') {
          askedAnythingElse = true;
          return reply({
            text: 'No problem. Is there anything else I can help you with?',
            action: 'continue',
            intent: 'deny',
          });
        }
        if (after !== '' && detectIntent(after).intent === 'question') return onQuestion(after);
      }
      let mayConfirm = true;
      let passedOver: string | null = null;
      if (pending !== null && intent !== 'request_person') {
        const offeredPassage = pending.passage.id;
        const settled = onConfirmation(normalized);
        if (settled !== null) return settled;
        // A question of its own in place of a yes or no ("what's the number for public works?") may be offered in
        // turn, though not the passage passed over; a fragment ("cake for a party") says more of the question
        // already offered once, and is not.
        if (asksAnotherQuestion(text, normalized)) passedOver = offeredPassage;
        else mayConfirm = false;
      }
      switch (intent) {
        case 'request_person':
          return escalate('requested', text, 'request_person');
        case 'goodbye':
          return goodbye('goodbye');
        case 'deny':
          if (askedAnythingElse) return goodbye('deny');
          return reply({ text: 'No problem. What would you like to know?', action: 'continue', intent });
        case 'thanks':
          askedAnythingElse = true;
          return reply({
            text: "You're welcome! Is there anything else I can help you with?",
            action: 'continue',
            intent,
          });
        case 'greeting':
          return reply({ text: 'Hi! What can I help you with?', action: 'continue', intent });
        case 'affirm':
          return reply({ text: 'Sure, what would you like to know?', action: 'continue', intent });
        case 'unclear':
        case 'question':
          if (asksWhoAnswered(normalized, companyName))
            return reply({
              text: `Yes, you've reached ${companyName}. I'm the virtual assistant. How can I help you today?`,
              action: 'continue',
              intent: 'greeting',
            });
          {
            const questions = severalQuestions(text);
            split = null;
            if (questions !== null) return answerSeveral(questions);
          }
          return onQuestion(text, mayConfirm, meaning, preview, passedOver);
      }
    },

    onDtmf(digit: string) {
      if (ended) return endedReply();
      silences = 0;
      pending = null;
      if (digit.trim() === '0') return escalate('requested', 'pressed 0', 'dtmf');
      return reply({
        text: 'To speak with a person, press zero or say operator. Otherwise, just ask me your question.',
        action: 'continue',
        intent: 'dtmf',
      });
    },

    onSilence() {
      if (ended) return endedReply();
      silences++;
      // A yes to "are you still there?" must not read out the passage the agent had asked about.
      pending = null;
      // Silence after "would you like me to transfer you?" hands over: the caller is waiting for someone.
      if (offered !== null && mode === 'talk') {
        const question = offered;
        offered = null;
        return escalate('no_answer', question, 'silence', true);
      }
      if (silences < 2) return reply({ text: 'Are you still there?', action: 'continue', intent: 'silence' });
      if (mode === 'message') return takeMessage(null);
      return reply({
        text: `I haven't heard anything, so I'll end the call now. Thanks for calling ${companyName}. Goodbye.`,
        action: 'end',
        intent: 'silence',
      });
    },

    get state(): ConversationState {
      const outcome: ConversationOutcome | null = escalation
        ? escalation.reason === 'requested'
          ? 'escalated_requested'
          : 'escalated_no_answer'
        : answeredCount > 0
          ? 'answered'
          : // Declined and not handed over (the caller hung up): the owner sees a question left unanswered.
            declinedQuestions.length > 0
            ? 'escalated_no_answer'
            : null;
      return { ended, outcome, escalation, answeredCount, declinedQuestions: [...declinedQuestions] };
    },
  };
}

/** A caller leaving a message: a name or a number to call back. */
function looksLikeMessage(text: string): boolean {
  return /\b(?:my name is|this is|it is|call me|reach me|my number|call back|callback)\b|\d{3}[\s.-]?\d{4}/i.test(
    text,
  );
}

/**
 * The evidence answers. An FAQ entry the words matched surely (its question is the caller's, by the relevance model
 * fitted on FAQ calls) answers when its text states the kind of answer asked for; any other passage when the
 * evidence model says so (decide.ts).
 */
function isElliptical(text: string, result: SearchResult): boolean {
  if (result.queryWords.length <= ELLIPTICAL_MAX_TERMS) return true;
  const t = text.trim().toLowerCase();
  return ELLIPTICAL_START.test(t) || LEANS_ON_CONTEXT.test(t);
}

/** Content words a question needs to carry a subject of its own ("how much for kids" has two, "what ages" one). */
const SUBJECTLESS_MAX_WORDS = 2;

/**
 * A question built on the one before: it points back ("is it free?"), opens as a follow-up does ("and on
 * weekends?", "what about kids?"), or is too short to name a subject ("what ages?") and names no heading whole.
 * Unlike isElliptical, it does not count how many of its words the documents use: a new question in words the
 * documents lack stands alone.
 */
function leansOnPrevious(text: string, namesAHeading: (text: string) => boolean): boolean {
  const t = normalizeText(text).replace(/^(?:(?:um+|uh+|hmm+|ok(?:ay)?|oh|well|right|great|thanks)\s+)+/, '');
  // Openings any question may have ("is there …", "can I …", "how much …") do not make one lean on the last: "is
  // there somewhere to put my car?" after a question on prices is a new subject. "So …" goes on from it.
  if (FOLLOW_UP_START.test(t) || /^so\b/.test(t) || LEANS_ON_CONTEXT.test(t)) return true;
  const short = tokenizeNormalized(t).filter((token) => !token.stop).length <= SUBJECTLESS_MAX_WORDS;
  // Short, but naming a whole heading ("what are your opening hours?"): that heading is its subject.
  return short && !namesAHeading(text);
}

function toSourceRef(passage: KnowledgePassage, relevance: number): SourceRef {
  return {
    passageId: passage.id,
    documentName: passage.documentName,
    heading: passage.heading,
    page: passage.page,
    relevance: Math.round(relevance * 1000) / 1000,
  };
}
