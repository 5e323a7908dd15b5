/**
 * Stage 1 of a turn: understand the question. What kind of answer it asks for (an amount, a number, a time or
 * date, a place, a person or organisation, a yes or no, a procedure) from the way English questions are built,
 * never from one business's words. The evidence stage (evidence.ts) then requires that kind of answer in the
 * sentences it would speak.
 */
import { partsOfSpeech } from './entities.ts';
import { splitSentences } from './passages.ts';
import { SMALL_TALK } from './intent.ts';
import { normalizeText } from './retrieval/text.ts';
import { remembered } from '../lib/memo.ts';

export type AnswerType =
  | 'amount'
  | 'count'
  | 'duration'
  | 'year'
  | 'time'
  | 'place'
  | 'person'
  | 'contact'
  | 'yesno'
  | 'procedure'
  | 'other';

const AMOUNT =
  /\bhow much\b|\bwhat (?:does|do|would|will) (?:\w+ ){1,3}(?:cost|charge|pay)\b|\bwhat (?:is|are) (?:the |your |a )?(?:\w+ )?(?:cost|costs|price|prices|fee|fees|rate|rates|charge|charges|salary|salaries|wage|wages)\b/;
const COUNT =
  /\bhow (?:many|long|old|far|big|tall|large|often|fast|high|deep|wide|heavy)\b|\bwhat (?:percentage|percent|proportion|number|size|age|amount)\b/;
/**
 * "What is the default body size limit?", "what's the maximum?": the thing asked for is a measure, said with a
 * number, whatever it measures.
 */
const MEASURE =
  /\bwhat (?:is|are|was|were) (?:the |your |its |their |a |an )?(?:\w+ ){0,3}?(?:limit|limits|size|sizes|maximum|minimum|max|min|capacity|length|timeout|threshold|quantity)\b/;
/** A phone number or an email address: "what's their number?", "what number do I call?", "what's the email?". */
const CONTACT =
  /\b(?:phone|telephone|fax|contact) (?:number|numbers|details)\b|\bwhat (?:is |are )?(?:the |their |your |its |his |her |a )?(?:phone |telephone |fax |contact )?(?:number|numbers|e ?mail|email address)\b(?! of\b)|\bwhat number (?!of\b)(?:do|should|can|to|is|for)\b|\b(?:number|email) (?:to|i can|can i|should i|do i) (?:call|ring|use|write|send)\b/;
/** The words that only say a contact detail is wanted. */
const CONTACT_FRAME = [
  'number',
  'numbers',
  'phone',
  'telephone',
  'fax',
  'contact',
  'email',
  'mail',
  'e',
  'call',
  'ring',
];

/** "How far in advance", "how much time ahead": the time before, a duration. */
const IN_ADVANCE =
  /\bhow (?:far|long|much time|many (?:days|weeks|hours|months)|soon) (?:in advance|ahead(?: of time)?|beforehand)\b/;
const DURATION = /\bhow long\b/;
/** A year, not any time: "what year was that", "in which year did it open". */
const YEAR_ASKED = /\b(?:what|which) years?\b/;
const TIME =
  /\bwhen\b|\bhow (?:soon|early|late)\b|\bwhat (?:time|year|years|date|dates|day|days|month|months|century|decade|period|era|season)\b|\bwhich (?:year|years|day|days|month|months|date|century|decade|period|season)\b|\bwhat (?:are|is) (?:the |your )?(?:\w+ )?(?:hours|day|date|time|deadline)\b/;
const PLACE =
  /\bwhere\b|\b(?:what|which) (?:address|city|cities|country|countries|location|locations|place|places|state|states|region|regions|area|areas|town|street|continent|building|room|floor)\b/;
const PERSON =
  /\bwho\b|\bwhom\b|\bwhose\b|\b(?:what|which) (?:company|companies|organization|organisation|organizations|group|groups|team|person|people|man|woman|king|president|leader|agency|department|firm|family|tribe|party|university|school|church|army|empire|dynasty|doctor|doctors|vet|vets|dentist|teacher|teachers|instructor|instructors|coach|coaches|staff|officer|manager|director|nurse|mechanic|technician|lawyer|attorney)\b|\bwhat (?:is|was|are|were) (?:the )?names?\b/;
/**
 * The wh-questions by what they ask for, in order of precedence at the same position ("what year": a year). A question
 * opening with "what", "which", "why" or "how" and no such noun asks for something else: "what happens when it ends?",
 * "what error do I get when it times out?".
 */
const WH_TYPES: readonly [RegExp, AnswerType][] = [
  [YEAR_ASKED, 'year'],
  [TIME, 'time'],
  [PERSON, 'person'],
  [PLACE, 'place'],
  [/^(?:what|which|why|how)\b/, 'other'],
];
const PROCEDURE =
  /^(?:how (?:do|can|could|should|would|does|to)\b|what (?:do|should) i (?:do|need)\b|what (?:are|is) the (?:steps|process|procedure)\b)/;
const AUXILIARY = 'do|does|did|is|are|was|were|can|could|will|would|should|shall|may|might|have|has';
const WH_WORD = 'what|which|who|whom|whose|where|when|why|how';
const SUBJECT = 'i|you|we|he|she|it|they|that|this|there';
const YES_NO = new RegExp(`^(?:${AUXILIARY}|had|am)\\b`);
const AUXILIARY_WORD = new RegExp(`^(?:${AUXILIARY})$`);
const SUBJECT_WORD = new RegExp(`^(?:${SUBJECT})$`);
/** A question word or an auxiliary opens a question; a caller may first say something else. */
const OPENS_A_QUESTION = new RegExp(`^(?:${WH_WORD}|${AUXILIARY}|had|am)\\b`);
/**
 * Where the question starts in a turn that first tells something, said with no punctuation on the phone: "we live a
 * mile away can he still ride", "I left my backpack on the bus where would it be", "I'm behind a proxy how do I get
 * the client's address". An auxiliary before its subject marks it, after a question word or on its own.
 */
const RUN_ON_QUESTION = new RegExp(
  `\\b(?:(?:${WH_WORD})(?: \\w+){0,2} (?:${AUXILIARY})|(?:${AUXILIARY}) (?:${SUBJECT}))\\b`,
);
/**
 * A wh-question embedded after a verb of knowing or saying: "can you check when …", "do you know where …", "could
 * you tell me exactly when …". Not a verb with its object before a clause: "can I show slides when I talk?".
 */
const EMBEDDED =
  /\b(?:tell|know|say|ask|check|see|wonder|remember|remind|show|explain|find out|let me know)\b(?: (?:me|us|you|him|her|them|please|exactly|again|out))* (?:when|where|who|whom|whose|what|which)\b/;
/** A yes-or-no opening whose subject is the agent: "can you …", "do you know …", "could you tell me …". */
const ASKS_THE_AGENT = new RegExp(`^(?:${AUXILIARY}) you\\b`);
const LEAD_IN =
  /^(?:(?:um+|uh+|hmm+|ok(?:ay)?|so|and|oh|hi|hey|hello|well|yes|yeah|great|thanks?|thank you|please|also|then|but|sorry|excuse me|quick question)\s+)+/;
const INDIRECT =
  /^(?:(?:can|could|would) you (?:also )?(?:tell|let) me|do you know|i (?:would like|want|wanted|need) to know|i was wondering|i wonder|tell me|please tell me)\s+(?:if |whether )?/;

const typeMemo = new Map<string, AnswerType>();

/** The kind of answer `question` asks for (spoken text: no punctuation needed). */
export function answerTypeOf(question: string): AnswerType {
  return remembered(typeMemo, question, typeOf);
}

/** How a follow-up that only adds a detail opens: "what about on Fridays?", "and for kids?", "but in the summer?". */
const ADDS_A_DETAIL =
  /^(?:(?:um+|uh+|ok(?:ay)?|so|oh|well)\s+)*(?:what about|how about|and what about|and|also|but)\b(?!\s+(?:if|when|where|who|what|which|how|why)\b)/;

/**
 * The kind of answer a follow-up asks for. One that only adds a detail and asks nothing of its own ("what about on
 * Fridays?" after "is there a late bus?") asks the question before it again, about that detail: a yes or no here.
 * `subjectQuestion`: the question it leans on (null: none).
 */
export function followUpTypeOf(question: string, subjectQuestion: string | null): AnswerType {
  const own = answerTypeOf(question);
  if (own !== 'other' || subjectQuestion === null) return own;
  return ADDS_A_DETAIL.test(normalizeText(question)) ? answerTypeOf(subjectQuestion) : own;
}

/**
 * The wh-words that ask, by their parts of speech (wink-nlp's tagger): after a noun, "who", "where" and "when" open
 * a relative clause ("I want to complain about a driver who was rude" asks for no person), and in "what school
 * supplies" the last noun names what is asked for, the one before it only describes it.
 */
function askingWords(q: string): string {
  if (!/\b(?:who|whom|whose|where|when|what|which)\b/.test(q)) return q;
  const { words, tags } = partsOfSpeech(q);
  const noun = (i: number) => tags[i] === 'NOUN' || tags[i] === 'PROPN';
  // "… on the bus yesterday where would it be": an auxiliary before its subject asks; "a driver who was rude" tells.
  const inverted = (i: number) =>
    AUXILIARY_WORD.test(words[i] ?? '') && SUBJECT_WORD.test(words[i + 1] ?? '');
  let changed = false;
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (/^(?:who|whom|whose|where|when)$/.test(word) && i > 0 && noun(i - 1) && !inverted(i + 1)) {
      out.push('that');
      changed = true;
    } else if (i > 0 && /^(?:what|which)$/.test(words[i - 1]!) && noun(i) && noun(i + 1)) {
      changed = true;
    } else out.push(word);
  }
  return changed ? out.join(' ') : q;
}

/**
 * The question as its kind is read: normalised, without what leads in ("um so"), "whats" as the contraction it is
 * ("whats the fee"), and a wh-word that opens a relative clause read as "that" (askingWords).
 */
function readable(question: string): string {
  return remembered(readableMemo, question, (q) =>
    askingWords(
      normalizeText(q)
        .replace(LEAD_IN, '')
        .replace(/\bwhats\b/g, 'what is'),
    ),
  );
}

/** Questions as read (readable), by question: the kind of answer and what is told first read the same one. */
const readableMemo = new Map<string, string>();

/**
 * Where the question starts in a turn that first tells something ("my son stays late for robotics is there a bus
 * after"): 0 when the turn opens as a question.
 */
function questionStart(q: string): number {
  if (OPENS_A_QUESTION.test(q)) return 0;
  return Math.max(0, q.search(RUN_ON_QUESTION));
}

const toldMemo = new Map<string, { told: string; asked: string }>();

/**
 * What the caller tells before asking, in a turn said with no punctuation ("someone left the company" in "someone
 * left the company how do I remove them"): the situation, not what is asked about; and the question itself. `told`
 * is empty when the turn opens as a question or with what it asks about ("and the starter one is there a limit").
 */
export function toldAndAsked(question: string): { told: string; asked: string } {
  return remembered(toldMemo, question, (turn) => {
    const q = readable(turn);
    const at = questionStart(q);
    // A situation is a clause ("someone left the company"); a phrase without a verb names what the question is about
    // ("and the starter one is there a limit on invoices").
    const told = q.slice(0, at).trim();
    const clause = told !== '' && partsOfSpeech(told).tags.some((tag) => tag === 'VERB' || tag === 'AUX');
    return clause ? { told, asked: q.slice(at) } : { told: '', asked: q };
  });
}

function typeOf(question: string): AnswerType {
  let q = readable(question);
  const indirect = INDIRECT.exec(q);
  q = q.replace(INDIRECT, '');
  // "can you tell me if you are open": a yes or no, asked politely.
  if (indirect && /(?:if|whether) $/.test(indirect[0])) return 'yesno';
  // "my son stays late for robotics is there a bus after": the question is what follows the telling.
  q = q.slice(questionStart(q));
  // Amount before count: "how much" is money or quantity, both stated with numbers; "how long" is a duration.
  if (IN_ADVANCE.test(q)) return 'duration';
  if (CONTACT.test(q)) return 'contact';
  if (AMOUNT.test(q)) return 'amount';
  if (PROCEDURE.test(q) && !/^how (?:much|many|long|old|far|often)\b/.test(q)) return 'procedure';
  // "how long will it take", "how long can I keep it": a length of time, said with its unit.
  if (DURATION.test(q)) return 'duration';
  if (COUNT.test(q) || MEASURE.test(q)) return 'count';
  // "does it close the connection when the server shuts down?": built as a yes or no, a later "when", "where" or
  // "who" opens a condition or a relative clause, not the question. Asked of the agent through a verb of knowing or
  // saying ("can you check when you open?"), it is the question; asked of the product or the caller ("will it remind
  // me when my tax is due?", "can I see who owes me money?"), it is a yes or no.
  if (YES_NO.test(q) && !(ASKS_THE_AGENT.test(q) && EMBEDDED.test(q))) return 'yesno';
  // The first wh-word asks; a later one opens a clause: "where do I leave my car when I visit?" asks for a place,
  // "who do I call when the power goes out?" for a person.
  let asked: { type: AnswerType; at: number } | null = null;
  for (const [pattern, type] of WH_TYPES) {
    const at = q.search(pattern);
    if (at >= 0 && (asked === null || at < asked.at)) asked = { type, at };
  }
  if (asked !== null) return asked.type;
  if (YES_NO.test(q)) return 'yesno';
  return 'other';
}

const FRAME =
  /\bhow (much|many|long|old|far|big|tall|large|often|fast|high|deep|wide|heavy|soon|early|late)\b|\b(?:what|which) (time|year|years|date|dates|day|days|month|century|decade|percentage|percent|number|size|age|amount)\b/g;

/**
 * The words that say what kind of answer is wanted rather than what it is about: "far" in "how far do you
 * deliver", "time" in "what time do you open". The answer type stands for them.
 */
export function frameWordsOf(question: string): Set<string> {
  const out = new Set<string>();
  const q = normalizeText(question);
  for (const m of q.matchAll(FRAME)) out.add((m[1] ?? m[2])!);
  // "how far in advance": "advance" says when, as "far" says how much.
  if (IN_ADVANCE.test(q)) for (const w of ['advance', 'ahead', 'time', 'beforehand']) out.add(w);
  if (CONTACT.test(q)) for (const w of CONTACT_FRAME) out.add(w);
  return out;
}

/**
 * Words of the social side of a turn: greetings, thanks, acknowledgements and the formulas around a question ("I was
 * wondering if you could help me", "thanks, that's helpful", "I have another question"). A sentence made only of
 * these carries no question.
 */
const SOCIAL: ReadonlySet<string> = new Set(
  [
    ...SMALL_TALK,
    ...`there wondering wonder if could can would will help helped helping question questions query another more other
        quick small little has had got get this makes sense see know understood understand clear useful to also with
        something ask asking like again now me we us was were be been no worries let else back lot`.split(
      /\s+/,
    ),
  ].filter((w) => w !== '' && w !== 'and' && w !== 'do'), // "and", "do" open a question
);

/** The caller saying who they are: "Hi, this is John.", "My name is Maria Lopez." (a name is written capitalised). */
const INTRODUCES_CALLER =
  /^(?:(?:hi|hello|hey|good (?:morning|afternoon|evening))\s*[,!.]?\s+)?(?:this is|my name is|my name's|i'm|i am|it's)\s+\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?\s*[.!]?$/u;

/** Words that open a sentence without belonging to its question: "Thanks, and how much is it?", "Great. Okay so …". */
const OPENING_ACK =
  /^(?:(?:thanks|thank you(?: so much| very much)?|great|perfect|awesome|cool|wonderful|lovely|excellent|got it|i see|ok(?:ay)?|alright|all right|right|understood|good|nice|oh|ah|um+|uh+|hmm+|well|wait|hold on|hang on|sorry|actually|sort of|kind of)(?:\s*[,.!]\s*|\s+))+/i;

/** "Another question: …", "I have a quick question, …": the announcement before the question. */
const ANNOUNCES_QUESTION =
  /^(?:(?:i (?:have|'ve got|got) |i've got |here is |here's )?(?:another|one more|a quick|a follow-up|a followup|a|my|one other|my next|the next) question(?: for you)?(?: is)?\s*[:,.-]?\s+)/i;

/**
 * A frame around the question ("could you tell me what …", "I'm trying to figure out how …", "I'd like to know the
 * …"): the words that say the caller wants to know, not what. Kept before "if" or "whether", which make the question
 * a yes or no (answerTypeOf reads the frame then).
 */
const ASKS_TO_BE_TOLD =
  /^(?:(?:i'm|i am) calling (?:because|to ask|to find out|to see|about|regarding)|(?:can|could|would) you (?:also |please )?(?:help me )?(?:tell me|let me know|explain|understand|figure out|find out)|do you (?:happen to )?know|i (?:was wondering|wonder|am wondering)|(?:i am|i'm) (?:trying|hoping|looking|wanting) to (?:find out|figure out|understand|work out|learn|know|see)|i(?: would|'d) like to (?:know|ask|understand|find out|learn)|i (?:want|wanted|need|needed) to (?:know|ask|understand|find out)|(?:a |one )?quick question(?: about| on| regarding)?)[,:]?\s+(?!(?:if|whether)\b)/i;

/**
 * A correction or a rewording of what the agent understood: "No, I meant catering.", "Sorry, I was asking about the
 * price.", "Let me rephrase: …".
 */
const CORRECTS =
  /^(?:(?:no|nope|sorry|not that)\s*[,.!]?\s+)?(?:i meant|i mean|i was asking(?: about)?|(?:i'm|i am) asking(?: about)?|what i meant was|i was talking about|(?:i'm|i am) talking about|let me (?:rephrase|reword|put it (?:another way|differently))(?: that)?|to put it another way|in other words|what (?:i'm|i am) asking is|my question is)\s*[,:.-]?\s+/i;

/** A polite tag after the question: "…, can you help me with that?", "…, please.", "…, do you know?". */
const POLITE_TAG =
  /[,\s]+(?:(?:can|could) you help(?: me)?(?: with (?:that|this)| out)?|do you know|please|thanks|thank you)\s*([?.!]?)\s*$/i;

/**
 * The question in a caller's turn, without the social words around it (stage 1): sentences that are only greetings,
 * thanks or formulas ("Hi there, I was wondering if you could help me.", "Thanks, that's helpful.") are left out
 * when another sentence asks something, and acknowledgements opening it are dropped ("Great, thank you! And what
 * option do I use?" -> "And what option do I use?"). A caller who speaks in full, polite sentences is understood as
 * one who speaks in fragments; a turn with nothing else is left as it is.
 */
export function questionOf(text: string): string {
  const sentences = splitSentences(text.trim());
  const social = (sentence: string) =>
    normalizeText(sentence)
      .split(' ')
      .every((w) => w === '' || SOCIAL.has(w));
  const introduces = (sentence: string) =>
    INTRODUCES_CALLER.test(sentence.trim().replace(/^\p{Lu}/u, (c) => c.toLowerCase()));
  const asking = sentences.filter((s) => !social(s) && !introduces(s));
  if (asking.length === 0) return text.trim();
  let first = withoutSocialRun(asking[0]!);
  for (let before = ''; before !== first;) {
    before = first;
    first = first
      .replace(OPENING_ACK, '')
      .replace(ANNOUNCES_QUESTION, '')
      .replace(ASKS_TO_BE_TOLD, '')
      .replace(CORRECTS, '')
      .replace(POLITE_TAG, '$1');
  }
  return [first === '' ? asking[0]! : first, ...asking.slice(1)].join(' ');
}

/** Words that make a run of social words a greeting, thanks or formula ("so" or "is" alone do not). */
const SOCIAL_MARKER =
  /^(?:hi|hello|hey|thanks|thank|great|perfect|awesome|cool|wonderful|excellent|lovely|nice|ok|okay|alright|wondering|wonder|question|help|helpful|sense|got|sure|yes|yeah|yep|no|good|morning|afternoon|evening|understood|clear|useful|fine|worries)$/;

/** How a question opens: a question word, a follow-up's "and", or a verb before its subject ("is there", "do you"). */
const QUESTION_OPENS =
  /^(?:what|when|where|who|whom|whose|which|why|how|and|also|plus)\b|^(?:is|are|was|were|do|does|did|can|could|will|would|should|may|might|have|has)\s+(?:i|you|we|they|it|he|she|there|this|that|these|those|the|a|an|my|your|our|their|its)\b/;

/**
 * Said without punctuation, the social words run into the question ("hi there i was wondering if you could help me
 * what is the default limit"): the longest run of them with a greeting, thanks or formula in it, followed by words
 * that open a question, is left out ("hello i have a question how much is it": not "have a question …").
 */
function withoutSocialRun(sentence: string): string {
  const words = sentence.split(/\s+/).filter((w) => w !== '');
  let marked = false;
  let question = sentence;
  for (let p = 1; p < words.length; p++) {
    const parts = normalizeText(words[p - 1]!).split(' ');
    if (!parts.every((w) => w === '' || SOCIAL.has(w))) break;
    marked ||= parts.some((w) => SOCIAL_MARKER.test(w));
    const rest = words.slice(p).join(' ');
    if (marked && QUESTION_OPENS.test(normalizeText(rest))) question = rest;
  }
  return question;
}

/** A question's own opening, strict enough to cut a turn at: "do you …", "is there …", "what time …", "how much …". */
const OWN_QUESTION =
  /^(?:(?:what|when|where|who|which|why|how)\s+(?:is|are|was|were|do|does|did|can|could|will|would|should|much|many|long|far|often|old|about|time|kind|sort|type)\b|(?:is|are|do|does|did|can|could|will|would|should|have|has)\s+(?:i|you|we|they|it|he|she|there|this|that|the|your|my|our)\b)/;
/**
 * Where a sentence goes on to a second question: "…, and do you deliver?", "…, also what time …". Only where the
 * caller's punctuation marks it: a recogniser's unpunctuated words ("can i wull go wh wich from there uh and does
 * it …") are too often one question misheard to be cut at an "and".
 */
const SECOND_QUESTION = /,\s+(?:and(?: also)?|also|plus)\s+(?=\S)/gi;

/**
 * The questions a caller asked in one turn, each as it would have been asked alone: "What are your hours, and do you
 * deliver?" -> ["What are your hours", "do you deliver?"]; "Do you deliver? How much is it?" -> both. A sentence
 * that does not ask ("My bike has a flat tire. Can you fix it today?") stays with the question it leads to, and a
 * turn that asks once is one question (what questionOf gives).
 */
export function questionsOf(text: string): string[] {
  const asked = questionOf(text);
  const parts: string[] = [];
  for (const sentence of splitSentences(asked)) {
    for (const piece of splitAtSecondQuestion(sentence)) {
      if (asksOwnQuestion(piece) || parts.length === 0) parts.push(piece);
      else parts[parts.length - 1] += ` ${piece}`;
    }
  }
  // The lead-in sentences before the first question belong to it ("My bike has a flat. Can you fix it?").
  const questions = parts.filter(asksOwnQuestion);
  if (questions.length < 2 || parts.length !== questions.length) return [asked];
  return questions.map((q) => q.trim());
}

/** "What are your hours, and do you deliver?" -> two; "is it open on weekends and holidays" stays one. */
function splitAtSecondQuestion(sentence: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of sentence.matchAll(SECOND_QUESTION)) {
    const before = sentence.slice(start, m.index).trim();
    const after = sentence.slice(m.index + m[0].length);
    if (
      before.split(/\s+/).length >= 3 &&
      OWN_QUESTION.test(normalizeText(before)) &&
      OWN_QUESTION.test(normalizeText(after))
    ) {
      out.push(before);
      start = m.index + m[0].length;
    }
  }
  out.push(sentence.slice(start).trim());
  return out.filter((p) => p !== '');
}

/** The text asks a question of its own: it ends on a question mark or opens as a question does ("do you …"). */
export function asksOwnQuestion(text: string): boolean {
  return /\?\s*$/.test(text) || OWN_QUESTION.test(normalizeText(text));
}
