/** One fresh call through the turn engine a real call uses, timed (shared by the agent benchmarks). */
import { performance } from 'node:perf_hooks';
import { extractDocument } from '#server/features/knowledge/extract.ts';
import { splitIntoPassages } from '#server/agent/passages.ts';
import { buildKnowledgeIndex, type KnowledgePassage } from '#server/agent/retrieval/knowledge-index.ts';
import { tokenize } from '#server/agent/retrieval/text.ts';
import type { MeaningIndex } from '#server/agent/retrieval/meaning.ts';
import {
  createConversation,
  type AgentReply,
  type Conversation,
  type ConversationOptions,
} from '#server/agent/turn-engine.ts';
import type { QuestionVector } from './meaning.ts';

export const TRANSFER_NUMBER = '+15550100';

export interface Timed {
  reply: AgentReply;
  turnMs: number;
  /** The part of turnMs spent embedding the question (0 when the words decided alone). */
  meaningMs: number;
  setupToGreetingMs: number;
}

/** Search by meaning for one business: its index, and the question's vector (null: without it). */
export interface Meaning {
  index: MeaningIndex | null;
  question: QuestionVector | null;
}

const NO_MEANING: Meaning = { index: null, question: null };

/**
 * Setup (index the passages, create the conversation), greeting, then the question. When the agent needs the
 * question's meaning (its words found nothing), the time the encoder took for it counts in the turn.
 */
export function callOnce(
  companyName: string,
  passages: KnowledgePassage[],
  question: string,
  meaning: Meaning = NO_MEANING,
): Timed {
  const t0 = performance.now();
  const conversation = startCall(companyName, passages, meaning);
  conversation.greet();
  const t1 = performance.now();
  const vector = meaning.question && conversation.needsMeaning(question) ? meaning.question : null;
  const reply = asHandoff(conversation.onCallerText(question, vector?.vector));
  const t2 = performance.now();
  const meaningMs = vector?.ms ?? 0;
  return { reply, turnMs: t2 - t1 + meaningMs, meaningMs, setupToGreetingMs: t1 - t0 };
}

function startCall(companyName: string, passages: KnowledgePassage[], meaning: Meaning) {
  const knowledge = buildKnowledgeIndex(passages, { companyName });
  return createConversation({
    companyName,
    transferNumber: TRANSFER_NUMBER,
    knowledge,
    meaning: meaning.index,
  });
}

export interface CallOutcome extends Timed {
  /** The reply that settled the question: the first one, or the one after the caller's yes or no. */
  final: AgentReply;
  /** What the simulated caller said to the agent's "are you asking …?", when it asked. */
  confirmed: 'yes' | 'no' | null;
}

/**
 * BENCH_CALLER=trusting: the caller says yes to every "are you asking about …?", as one who judges the offer by its
 * name alone might. The default caller says yes only when the offered passage holds an answer (the best case); the
 * two bound what a real caller gets.
 */
export const TRUSTING_CALLER = process.env.BENCH_CALLER === 'trusting';

/**
 * BENCH_CALLER=topical: between the two, the caller says yes when the offered passage holds an answer, and also when
 * the name the agent offers shares a word with the question ("are you asking about hooks?" after "how many request
 * hooks are there"), as a caller who hears their own word may. A yes then answers from a passage that may not say
 * what was asked.
 */
export const TOPICAL_CALLER = process.env.BENCH_CALLER === 'topical';

/**
 * The caller's reply to the agent's "are you asking …?" for `question`: `offer` is the reply that asked, `holdsAnswer`
 * says for each passage offered (one, or two: "… about A, or about B?") whether it holds the answer. Yes, the option
 * picked ("the first one", "the second one"), or no. Each caller judges the options in the order said, as for one:
 * the trusting caller says yes (the first), the topical one takes the first that holds the answer or names a word of
 * the question, the truthful one the first that holds the answer.
 */
function replyToOffer(question: string, offer: AgentReply, holdsAnswer: readonly boolean[]): string {
  if (TRUSTING_CALLER) return 'yes';
  const names = offer.choices ?? [/are you asking(?: about)?,? (.*)$/i.exec(offer.text)?.[1] ?? ''];
  const i = names.findIndex((name, k) => holdsAnswer[k] || (TOPICAL_CALLER && sharesWord(question, name)));
  if (i < 0) return 'no';
  return offer.choices ? (i === 0 ? 'the first one' : 'the second one') : 'yes';
}

/**
 * BENCH_YES=again: the caller's yes to one offer says the question again ("yes, is there a discount for students?"), as
 * a caller (or a language model playing one) who wants the detail the offer left out may. Picks between two offers
 * stay "the first one" / "the second one".
 */
const YES_AGAIN = process.env.BENCH_YES === 'again';

/** The line the caller says for `said` (replyToOffer's reply) to an offer made for `question`. */
function spokenReply(said: string, question: string): string {
  return YES_AGAIN && said === 'yes'
    ? `yes, ${question.replace(/^(?:(?:hi|hey|hello|um+|uh+|ok|okay|so)\s+)+/, '')}`
    : said;
}

/** The name the agent offers shares a word with the question (as the topical caller hears it). */
function sharesWord(question: string, named: string): boolean {
  const words = (text: string) =>
    new Set(
      tokenize(text)
        .filter((t) => !t.stop)
        .map((t) => t.stem),
    );
  const asked = words(question);
  return [...words(named)].some((w) => asked.has(w));
}

/** The replies a choice of `offer` gets, each on the conversation `open` returns as it stood after the offer. */
function optionsOf(
  offer: AgentReply,
  open: () => Conversation,
): { said: string; reply: AgentReply; conversation: Conversation }[] {
  const lines = offer.choices ? ['the first one', 'the second one'] : ['yes'];
  return lines.map((said) => {
    const conversation = open();
    return { said, reply: conversation.onCallerText(said), conversation };
  });
}

/**
 * callOnce, then, when the agent asks the caller to confirm what it understood, the caller's truthful reply: "yes"
 * when the passage the agent offers is the one that answers the question (`isRight`), otherwise "no". The offered
 * passage is only known from the answer a yes gets, so a "no" is replayed in a fresh call.
 */
export function callAndConfirm(
  companyName: string,
  passages: KnowledgePassage[],
  question: string,
  isRight: (passage: KnowledgePassage | undefined) => boolean,
  meaning: Meaning = NO_MEANING,
): CallOutcome {
  const first = callOnce(companyName, passages, question, meaning);
  if (first.reply.intent !== 'confirm') return { ...first, final: first.reply, confirmed: null };
  const ask = () => {
    const conversation = startCall(companyName, passages, meaning);
    const vector = meaning.question && conversation.needsMeaning(question) ? meaning.question.vector : null;
    conversation.onCallerText(question, vector);
    return conversation;
  };
  const options = optionsOf(first.reply, ask);
  const said = replyToOffer(
    question,
    first.reply,
    options.map((o) => isRight(o.reply.answer?.passages[0])),
  );
  // A yes to a choice (the trusting caller), a no, or a yes said with more, is said on a call of its own.
  const line = spokenReply(said, question);
  const final = options.find((o) => o.said === line)?.reply ?? ask().onCallerText(line);
  return { ...first, final: asHandoff(final), confirmed: said === 'no' ? 'no' : 'yes' };
}

/**
 * A declined question ("I don't have that information, shall I transfer you?") is judged as the hand-over it leads
 * to when the caller accepts: the benchmarks count it as an escalation with reason no_answer.
 */
export function asHandoff(reply: AgentReply): AgentReply {
  return reply.declined
    ? { ...reply, handoff: { reason: 'no_answer', transfer_to: TRANSFER_NUMBER } }
    : reply;
}

/** A caller's line on a call, with the vector the agent asked for (null: it did not), so the call can be replayed. */
/** A fresh call to the business, past the greeting: what each question of the quality benches is asked on. */
export function greetedCall(
  companyName: string,
  knowledge: ReturnType<typeof buildKnowledgeIndex>,
  meaning: MeaningIndex | null,
  more: Partial<ConversationOptions> = {},
): Conversation {
  const conversation = createConversation({
    companyName,
    transferNumber: TRANSFER_NUMBER,
    knowledge,
    meaning,
    ...more,
  });
  conversation.greet();
  return conversation;
}

export interface CallerLine {
  text: string;
  vector: Float32Array | null;
}

/** A conversation brought again to where `lines` left it (the engine is deterministic). */
export function replay(open: () => Conversation, lines: readonly CallerLine[]): Conversation {
  const conversation = open();
  for (const { text, vector } of lines) {
    conversation.needsMeaning(text);
    conversation.onCallerText(text, vector);
  }
  return conversation;
}

export interface Asked {
  first: AgentReply;
  /** The reply that settled the question: the first one, or the one after the caller's yes or no. */
  final: AgentReply;
  confirmed: 'yes' | 'no' | null;
  /** The first reply's time, with the embedding of the question when the agent asked for it. */
  turnMs: number;
  /** The conversation `final` came from, to go on with, and the caller's lines of this question on it. */
  conversation: Conversation;
  lines: CallerLine[];
}

/**
 * Asks `question` on an open call (`open` returns it as it stands before the question, greeted; it is called again
 * for a replay), embedding the question only when the agent asks for its meaning. When the agent asks "are you
 * asking …?", the caller answers truthfully as in callAndConfirm: "yes" when the passage offered is right, else
 * "no", said in a replay since the offered passage is only known from the answer a yes gets.
 */
export async function askAndConfirm(
  open: () => Conversation,
  question: string,
  isRight: (passage: KnowledgePassage | undefined) => boolean,
  vectorOf: (question: string) => Promise<QuestionVector | null>,
): Promise<Asked> {
  const conversation = open();
  const t0 = performance.now();
  const wantsMeaning = conversation.needsMeaning(question);
  const t1 = performance.now();
  const vector = wantsMeaning ? await vectorOf(conversation.meaningSentence(question)) : null;
  const t2 = performance.now();
  const first = conversation.onCallerText(question, vector?.vector);
  const turnMs = t1 - t0 + (performance.now() - t2) + (vector?.ms ?? 0);
  const asked: CallerLine = { text: question, vector: vector?.vector ?? null };
  const settle = (c: Conversation, final: AgentReply, said: string | null): Asked => {
    const lines = said === null ? [asked] : [asked, { text: said, vector: null }];
    const confirmed = said === null ? null : said === 'no' ? 'no' : 'yes';
    return { first, final, confirmed, turnMs, conversation: c, lines };
  };
  if (first.intent !== 'confirm') return settle(conversation, first, null);
  const options = optionsOf(first, () => replay(open, [asked]));
  const said = replyToOffer(
    question,
    first,
    options.map((o) => isRight(o.reply.answer?.passages[0])),
  );
  const line = spokenReply(said, question);
  const picked = options.find((o) => o.said === line);
  if (picked) return settle(picked.conversation, picked.reply, line);
  // A yes to a choice (the trusting caller), a no, or a yes said with more, is said on a replay of its own.
  const again = replay(open, [asked]);
  return settle(again, again.onCallerText(line), line);
}

/** An uploaded file's passages, exactly as the product ingests it: bytes -> pages -> passages. */
export async function ingestFile(name: string, content: string | Buffer): Promise<KnowledgePassage[]> {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const { pages } = await extractDocument({ filename: name, data });
  return splitIntoPassages(pages).map((draft) => ({
    id: `${name}#${draft.ord}`,
    documentName: name,
    heading: draft.heading,
    headingLevel: draft.headingLevel,
    page: draft.page,
    text: draft.text,
  }));
}
