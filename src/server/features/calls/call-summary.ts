import { formatPhoneNumber } from '../../../shared/phone.ts';
import type { CallOutcome, TranscriptEntry } from './calls.repository.ts';

export interface SummaryInput {
  outcome: CallOutcome;
  transcript: TranscriptEntry[];
  escalation: {
    reason: 'requested' | 'no_answer';
    question: string | null;
    message: string | null;
    transferTo: string | null;
  } | null;
  /** The questions the agent declined, when the live conversation knows them (else read from the transcript). */
  declinedQuestions?: string[];
}

/** One thing the caller asked about and what became of it. */
interface Topic {
  topic: string;
  status: 'answered' | 'declined';
  /** The short answer when the answer has one: an amount, hours, a yes or a "not accepted". */
  detail: string | null;
}

const MAX_TOPICS = 5;
const MAX_MESSAGE = 160;

/** The engine's words when the documents don't say (turn-engine `decline` and `escalate`). */
const DECLINE = /^I'm sorry, I don't have that information\./;

/**
 * What happened on a call, for the owner to read at a glance, without quoting the caller back: the topics asked
 * (named by the document sections that answered), the short answer when there is one, what the documents did not
 * cover, a transfer or a message and why. E.g. "Asked about flat-tire repair (answered: $15 a wheel), parking
 * (answered) and payment by cheque (answered: not accepted)." An LLM, when configured, may word it (call-session).
 */
export function summarizeCall(input: SummaryInput): string {
  const { transcript, outcome, escalation } = input;
  const topics = topicsOf(transcript, escalation, input.declinedQuestions);
  const parts: string[] = [];
  if (topics.length > 0) parts.push(`Asked about ${listTopics(topics)}.`);
  if (escalation) parts.push(escalationSentence(escalation, topics));
  if (parts.length === 0) {
    if (outcome === 'rejected_no_minutes') return 'Not answered: the agent was out of minutes.';
    const callerSpoke = transcript.some((e) => e.speaker === 'caller');
    return callerSpoke
      ? 'The caller hung up without a question answered.'
      : 'The caller hung up without saying anything.';
  }
  return parts.join(' ');
}

function topicsOf(
  transcript: TranscriptEntry[],
  escalation: SummaryInput['escalation'],
  declinedQuestions: string[] | undefined,
): Topic[] {
  const topics: Topic[] = [];
  const add = (next: Topic) => {
    const same = topics.find((t) => t.topic.toLowerCase() === next.topic.toLowerCase());
    if (!same) topics.push(next);
    else if (next.status === 'answered')
      Object.assign(same, { status: 'answered', detail: next.detail ?? same.detail });
  };
  for (let i = 0; i < transcript.length; i++) {
    const entry = transcript[i]!;
    if (entry.speaker !== 'agent') continue;
    const asked = entry.question ?? previousCallerText(transcript, i);
    if (entry.sources?.length) {
      const source = entry.sources[0]!;
      const topic =
        (source.heading ? topicOf(source.heading) : null) ?? (asked ? topicOf(asked) : null) ?? 'a question';
      add({ topic, status: 'answered', detail: shortAnswer(entry.text) });
    } else if (!declinedQuestions && DECLINE.test(entry.text)) {
      const question = previousQuestion(transcript, i);
      const topic = question && !isPersonRequest(question) ? topicOf(question) : null;
      if (topic) add({ topic, status: 'declined', detail: null });
    }
  }
  for (const question of declinedQuestions ?? []) {
    const topic = isPersonRequest(question) ? null : topicOf(question);
    if (topic) add({ topic, status: 'declined', detail: null });
  }
  // A transfer at once (no decline before it) still names what the documents did not cover.
  if (escalation?.reason === 'no_answer' && escalation.question) {
    const topic = topicOf(escalation.question);
    if (topic) add({ topic, status: 'declined', detail: null });
  }
  return topics;
}

function previousCallerText(transcript: TranscriptEntry[], index: number): string | undefined {
  for (let j = index - 1; j >= 0; j--) {
    const entry = transcript[j]!;
    if (entry.speaker === 'caller') return entry.text;
  }
  return undefined;
}

/** The caller's last words before `index` that were a question, not a "no" to "are you asking about …?". */
function previousQuestion(transcript: TranscriptEntry[], index: number): string | undefined {
  for (let j = index - 1; j >= 0; j--) {
    const entry = transcript[j]!;
    if (entry.speaker === 'caller' && !CONFIRMATION.test(entry.text.trim())) return entry.text;
  }
  return undefined;
}

const CONFIRMATION =
  /^(?:(?:yes|yeah|yep|yup|sure|ok|okay|no|nope|nah|not really|right|correct|please|thanks|thank you)[\s,.!]*)+$/i;

function isPersonRequest(text: string): boolean {
  return /\b(person|human|someone|somebody|operator|representative|agent|manager)\b|\[pressed 0\]/i.test(
    text,
  );
}

function listTopics(topics: Topic[]): string {
  const shown = topics.slice(0, MAX_TOPICS).map((t) => {
    if (t.status === 'declined') return `${t.topic} (not in the documents)`;
    return `${t.topic} (answered${t.detail ? `: ${t.detail}` : ''})`;
  });
  const more = topics.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

function escalationSentence(escalation: NonNullable<SummaryInput['escalation']>, topics: Topic[]): string {
  const why =
    escalation.reason === 'requested'
      ? 'the caller asked for a person'
      : (() => {
          const declined = topics.filter((t) => t.status === 'declined').map((t) => t.topic);
          return declined.length > 0
            ? `the documents don't cover ${declined.at(-1)}`
            : "the documents don't cover the question";
        })();
  if (escalation.transferTo) return `Transferred to ${formatPhoneNumber(escalation.transferTo)}: ${why}.`;
  const message = escalation.message?.replace(/\s+/g, ' ').trim();
  if (message) {
    const cut = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1).trimEnd()}…` : message;
    return `Message taken (${why}): "${cut}".`;
  }
  return `No transfer number (${why}); the caller left no message.`;
}

// ---------------------------------------------------------------------------------------------------------------
// Topics: a section heading ("Opening hours", "Do you have bike parking?") or a question, as a short noun phrase.

const LEADING_QUESTION =
  /^(?:(?:and|so|ok|okay|hi|hello|yes|well|um|uh|please)[\s,]+)*(?:(?:i\s+(?:was\s+)?(?:want|wanted|would\s+like|need|wonder(?:ing)?)\s+(?:to\s+know\s+)?)|(?:(?:could|can)\s+you\s+tell\s+me\s+))?/i;
const WH =
  /^(?:what\s+time|what|when|where|which|who|how\s+(?:much|many|long|late|early|far|often|soon)|how)\s+(?:(?:is|are|was|were|do|does|did|can|could|will|would|should)\s+)?(?:(?:the|your|you|i|we|my|a|an|there)\s+)?/i;
const YES_NO =
  /^(?:do|does|did|can|could|will|would|is|are|was|were|should|may|have|has)\s+(?:you|i|we|they|it|there|your|the|a|an|my)\s+/i;
/** After these, the question goes on with a verb: "can you come …" -> "coming …". */
const PRONOUN_SUBJECT = /\s(?:you|i|we|they)\s+$/i;
const NOUN_SUBJECT = /^(?:do|does|did|can|could|will|would|should|may)\s+(?:your|the|a|an|my)\s+$/i;
/** Verbs after "do you …" whose object is the topic ("do you accept cheques" -> "cheques"). */
const OBJECT_VERBS =
  /^(?:have|offer|sell|carry|provide|stock|accept|take|need|get|charge\s+for|support|allow)\s+(?:any\s+|a\s+|an\s+|the\s+|some\s+)?/i;
const STOP_WORDS = new Set(['it', 'that', 'this', 'there', 'open', 'anything', 'something', 'one']);

/** A topic in lower case (proper nouns and acronyms kept), at most eight words; null when nothing is left. */
export function topicOf(text: string): string | null {
  let t = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[#*\-\d.)\s]+/, '')
    .replace(/[?!.:;,]+$/, '')
    .replace(/\s+(?:there|here|please|today|now)$/i, '')
    .trim();
  if (t === '' || /^\[pressed \d\]$/.test(t)) return null;
  const question = /\?\s*$/.test(text.trim()) || YES_NO.test(t) || WH.test(t) || LEADING_QUESTION.test(t);
  if (question) {
    t = t.replace(LEADING_QUESTION, '');
    const howMuch = /^how\s+much\b/i.test(t);
    const howLong = /^how\s+long\b/i.test(t);
    const opening = (WH.exec(t) ?? YES_NO.exec(t))?.[0] ?? '';
    t = t.slice(opening.length);
    const stripped = t.replace(OBJECT_VERBS, '');
    if (stripped !== t) t = stripped;
    else if (PRONOUN_SUBJECT.test(` ${opening}`) && !howMuch && !howLong) t = t.replace(/^[a-z]+/i, gerund);
    // "do your tutors teach chemistry" -> "tutors teaching chemistry": a noun subject, then the verb.
    else if (NOUN_SUBJECT.test(opening) && /^\S+\s+[a-z]+\b/i.test(t)) {
      t = t.replace(/^(\S+\s+)([a-z]+)/i, (_, subject: string, verb: string) => `${subject}${gerund(verb)}`);
    }
    t = t.replace(/\b(?:cost|costs|charge|be|take|takes)$/i, '').trim();
    t = t.replace(/^(?:the|your|a|an|any|some)\s+/i, '');
    t = t.replace(/\bmy\b/gi, "the caller's").replace(/\b(?:me|i)\b/gi, 'the caller');
    if (howMuch && t !== '') t = `the price of ${t}`;
    if (howLong && t !== '') t = `the duration of ${t}`;
  }
  const words = t.split(' ').filter(Boolean);
  if (words.length === 0 || (words.length === 1 && STOP_WORDS.has(words[0]!.toLowerCase()))) return null;
  return words
    .slice(0, 8)
    .map((w, i) => (shouldLower(w, i, words) ? w.toLowerCase() : w))
    .join(' ');
}

function gerund(verb: string): string {
  const v = verb.toLowerCase();
  if (v.endsWith('ing')) return v;
  if (v.endsWith('ie')) return `${v.slice(0, -2)}ying`;
  if (/[^aeioy]e$/.test(v)) return `${v.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(v)) return `${v}${v.at(-1)}ing`;
  return `${v}ing`;
}

/** Lower-cases a capitalised word unless it looks like a name ("Elm Street" mid-heading) or an acronym. */
function shouldLower(word: string, index: number, words: string[]): boolean {
  if (!/^[A-Z][a-z'’]*(?:-[A-Za-z][a-z'’]*)*$/.test(word.replace(/[^A-Za-z'’-]/g, '') || '0')) return false;
  if (index === 0) return true;
  // Title Case headings ("Flat-Tire Repair") are lowered throughout; in a sentence-case one a capital is a name.
  const titleCase = words.filter((w) => /^[A-Za-z]/.test(w) && w.length > 3).every((w) => /^[A-Z]/.test(w));
  return titleCase;
}

// ---------------------------------------------------------------------------------------------------------------
// Short answers: the part of the answer the owner would want at a glance.

const MONEY =
  /(?:[$€£]\s?\d+(?:,\d{3})*(?:\.\d{1,2})?|\b\d+(?:,\d{3})*(?:\.\d{1,2})?\s?(?:dollars|euros|pounds|USD|EUR|GBP)\b)(?:\s(?:a|an|per|each|for\s+(?:the\s+)?(?:first\s+)?\w+)\b(?:\s\w+)?)?/gi;
const TIME = String.raw`\d{1,2}(?::\d{2})?\s?(?:a\.?m\.?|p\.?m\.?)`;
const HOURS = new RegExp(String.raw`\b${TIME}\s*(?:to|-|–|until|till)\s*${TIME}`, 'gi');
const AMOUNT =
  /\b\d+(?:\.\d+)?\s?(?:%|percent\b|minutes?\b|hours?\b|days?\b|weeks?\b|months?\b|years?\b|miles?\b)/i;
const NEGATIVE_VERB = /\b(?:do|does|did|can|could|will|would)\s*(?:not|n't)\s+([a-z]+)/i;
const NEGATIVE_STATE = /\b(?:is|are|was|were)\s*(?:not|n't)\s+([a-z]+)/i;
const IRREGULAR: Record<string, string> = {
  take: 'taken',
  give: 'given',
  do: 'done',
  make: 'made',
  sell: 'sold',
  buy: 'bought',
  have: 'available',
  send: 'sent',
  pay: 'paid',
  keep: 'kept',
  see: 'seen',
  come: 'available',
  go: 'available',
  get: 'available',
};

function participle(verb: string): string {
  const v = verb.toLowerCase();
  if (IRREGULAR[v]) return IRREGULAR[v];
  if (v.endsWith('e')) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(v)) return `${v}${v.at(-1)}ed`;
  return `${v}ed`;
}

/** "$15 a wheel", "8 a.m. to 6 p.m.", "not accepted", "yes", or null when the answer has no short form. */
export function shortAnswer(answer: string): string | null {
  const text = answer.replace(/\s+/g, ' ').trim();
  // A "no" is the answer only when the answer starts with it ("We do not accept cheques."), not an aside after a
  // yes ("We accept cards. We do not take checks.").
  const first = text.split(/(?<=[.!?])\s+(?=[A-Z])/)[0] ?? text;
  const negative = NEGATIVE_VERB.exec(first);
  if (negative) return `not ${participle(negative[1]!)}`;
  const negativeState = NEGATIVE_STATE.exec(first);
  if (negativeState && negativeState[1] !== 'only') return `not ${negativeState[1]!.toLowerCase()}`;
  const money = [...text.matchAll(MONEY)].map((m) => m[0].trim());
  if (money.length > 0) return [...new Set(money)].slice(0, 2).join(', ');
  const hours = [...text.matchAll(HOURS)].map((m) => m[0].trim());
  if (hours.length > 0) return [...new Set(hours)].slice(0, 2).join(', ');
  const amount = AMOUNT.exec(text);
  if (amount) return amount[0].trim();
  if (/^(?:yes|yeah|absolutely|of course)\b/i.test(text)) return 'yes';
  if (/^no\b/i.test(text)) return 'no';
  return null;
}
