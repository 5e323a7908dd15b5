/**
 * The self-test's questions (ADR 013), made from the documents themselves by general techniques, not word lists
 * fitted to one set of documents:
 * - a section heading that is a question (an FAQ entry, an added answer) is asked as it is;
 * - another heading is asked about ("Can you tell me about opening hours?");
 * - a key sentence of a section (the one stating most facts: times, amounts, numbers) is turned into a question
 *   by grammar: the person shifted (we -> you), the auxiliary fronted or do-support added ("We deliver within 5
 *   miles" -> "Do you deliver within 5 miles?"), and when it states a time or an amount, a wh-question that leaves
 *   it out ("We open at 8 a.m." -> "When do you open?"), read by wink-nlp's tagger and entity recogniser;
 * - a few paraphrases of each: the question made indirect ("Could you tell me when you open?"), the business named
 *   instead of "you" ("Does Acme Plumbing accept Apple Pay?"), the yes/no form of a wh-question, or a heading on
 *   its own ("Parking?").
 * Plus out-of-scope probes: questions small businesses commonly get, kept only when no document mentions their
 * subject, which the agent should decline. Everything is deterministic: the same documents give the same test.
 */
import winkNLP, { type ItemEntity, type ItemSentence, type ItemToken, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export type QuestionKind = 'document' | 'out_of_scope';
export type MadeFrom = 'faq' | 'heading' | 'sentence' | 'paraphrase' | 'probe';

export interface SourcePassage {
  documentName: string;
  heading: string | null;
  text: string;
}

export interface TestQuestion {
  question: string;
  kind: QuestionKind;
  madeFrom: MadeFrom;
  /** Where a question from the documents was made from. */
  document: string | null;
  section: string | null;
}

/** "Your agent answers 46 of 50 questions from your documents and declines 9 of 10 it shouldn't answer." */
export const MAX_DOCUMENT_QUESTIONS = 50;
export const MAX_PROBES = 10;
const PARAPHRASES_PER_QUESTION = 2;
const MAX_BASE_QUESTIONS = Math.ceil(MAX_DOCUMENT_QUESTIONS / (1 + PARAPHRASES_PER_QUESTION));

/**
 * Questions a small business's phone commonly gets, each with the words that would mean a document covers it.
 * A probe is asked only when none of those words occurs in any document.
 */
export const OUT_OF_SCOPE_PROBES: { question: string; subject: string[] }[] = [
  {
    question: 'Are you hiring at the moment?',
    subject: [
      'hiring',
      'hire',
      'job',
      'jobs',
      'career',
      'careers',
      'vacancy',
      'vacancies',
      'recruit',
      'recruiting',
    ],
  },
  { question: 'Do you sell gift cards?', subject: ['gift', 'gifts', 'voucher', 'vouchers'] },
  {
    question: 'Do you have a loyalty program?',
    subject: ['loyalty', 'reward', 'rewards', 'points', 'membership'],
  },
  { question: 'Can I bring my dog with me?', subject: ['dog', 'dogs', 'pet', 'pets', 'animal', 'animals'] },
  {
    question: 'Is your place wheelchair accessible?',
    subject: ['wheelchair', 'accessible', 'accessibility', 'disabled', 'disability', 'step-free'],
  },
  { question: 'Do you have free wifi?', subject: ['wifi', 'wi-fi', 'internet', 'wireless'] },
  {
    question: 'Can I pay with bitcoin?',
    subject: ['bitcoin', 'crypto', 'cryptocurrency', 'cryptocurrencies'],
  },
  { question: 'Do you offer franchise opportunities?', subject: ['franchise', 'franchises', 'franchising'] },
  {
    question: 'Do you sponsor local sports teams?',
    subject: ['sponsor', 'sponsors', 'sponsorship', 'sports', 'team'],
  },
  { question: 'Do you give a student discount?', subject: ['student', 'students'] },
  {
    question: 'Do you donate to charity?',
    subject: ['charity', 'charities', 'donate', 'donation', 'donations'],
  },
  { question: 'Do you have a mobile app?', subject: ['app', 'apps', 'mobile', 'application'] },
  {
    question: 'Is there a charging point for electric cars?',
    subject: ['charging', 'charger', 'chargers', 'electric', 'ev'],
  },
  {
    question: 'Do you offer financing?',
    subject: [
      'financing',
      'finance',
      'loan',
      'loans',
      'instalment',
      'instalments',
      'installment',
      'installments',
    ],
  },
  {
    question: 'Can I sign up for your newsletter?',
    subject: ['newsletter', 'newsletters', 'mailing', 'subscribe'],
  },
];

let nlp: WinkMethods | null = null;
function reader(): WinkMethods {
  nlp ??= winkNLP(model, ['sbd', 'pos', 'ner']);
  return nlp;
}

interface Word {
  text: string;
  pos: string;
  lemma: string;
}

interface Parsed {
  words: Word[];
  entities: { type: string; start: number; end: number }[];
}

function parse(text: string): Parsed {
  const n = reader();
  const doc = n.readDoc(text);
  const words: Word[] = [];
  doc.tokens().each((t: ItemToken) => {
    words.push({ text: t.out(), pos: t.out(n.its.pos), lemma: String(t.out(n.its.lemma as never)) });
  });
  const entities: Parsed['entities'] = [];
  doc.entities().each((e: ItemEntity) => {
    const [start, end] = e.out(n.its.span) as unknown as [number, number];
    entities.push({ type: e.out(n.its.type), start, end });
  });
  return { words, entities };
}

function sentencesOf(text: string): string[] {
  const n = reader();
  const out: string[] = [];
  n.readDoc(text)
    .sentences()
    .each((s: ItemSentence) => {
      out.push(s.out());
    });
  return out;
}

/** Joins words back into text (no space before punctuation and clitics). */
function join(words: string[]): string {
  let out = '';
  for (const w of words) {
    if (out === '' || /^[,.;:!?%)]$|^'|^n't$/i.test(w) || out.endsWith('(') || out.endsWith('$')) out += w;
    else out += ` ${w}`;
  }
  return out;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Lower-cases the first letter unless the word looks like a name or an acronym ("Apple", "FAQ"). */
const lowerFirst = (s: string) =>
  /^\p{Lu}[\p{Ll}\s]/u.test(s) && !/^I\b/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;

const PERSON: Record<string, string> = {
  we: 'you',
  us: 'you',
  our: 'your',
  ours: 'yours',
  ourselves: 'yourselves',
};
const CLITIC_AUX: Record<string, string> = {
  "'re": 'are',
  "'m": 'am',
  "'s": 'is',
  "'ve": 'have',
  "'ll": 'will',
  "'d": 'would',
  ca: 'can',
  wo: 'will',
  sha: 'shall',
};
const WH = /^(what|when|where|which|who|whom|whose|why|how)$/i;
const AUXES =
  /^(am|is|are|was|were|be|do|does|did|have|has|had|can|could|will|would|shall|should|may|might|must)$/i;

/** The third person singular of a verb ("deliver" -> "delivers", "carry" -> "carries"). */
export function thirdPerson(verb: string): string {
  if (verb === 'be') return 'is';
  if (verb === 'have') return 'has';
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

interface Clause {
  /** The fronted auxiliary ("are", "can") or the do-support ("do", "does", "did"). */
  aux: string;
  subject: string[];
  /** The main verb's base form after do-support, else null (the auxiliary is the verb). */
  verb: string | null;
  rest: Word[];
  entities: { type: string; start: number; end: number }[];
}

/**
 * A statement's parts for a question: subject, auxiliary (or do-support) and the rest, with "we" shifted to
 * "you". Null when the sentence does not have the plain shape "subject verb …" near its start.
 */
function clauseOf(sentence: string, parsed?: Parsed): Clause | null {
  const trimmed = sentence.trim();
  if (trimmed.includes('?') || /^[^\p{L}]/u.test(trimmed)) return null;
  const wordCount = trimmed.split(/\s+/).length;
  if (wordCount < 3 || wordCount > 25) return null;
  const { words, entities } = parsed ?? parse(trimmed);
  while (words.length > 0 && words.at(-1)!.pos === 'PUNCT') words.pop();
  const v = words.findIndex((w, i) => i > 0 && (w.pos === 'AUX' || w.pos === 'VERB'));
  if (v < 1 || v > 7) return null;
  const subjectWords = words.slice(0, v);
  if (!subjectWords.every((w) => /^(DET|ADJ|NOUN|PROPN|PRON|NUM|CCONJ)$/.test(w.pos))) return null;
  if (!subjectWords.some((w) => /^(NOUN|PROPN|PRON)$/.test(w.pos))) return null;
  const lowered = subjectWords.map((w) => w.text.toLowerCase());
  if (lowered.some((w) => /^(i|me|my|it|they|them|this|that|these|those|he|she|there)$/.test(w))) return null;
  const subject = subjectWords.map(
    (w, i) => PERSON[w.text.toLowerCase()] ?? (i === 0 ? lowerFirst(w.text) : w.text),
  );
  const head = words[v]!;
  let restStart = v + 1;
  // "do not", "can't": the question asks the positive ("Do you accept returns after 30 days?").
  while (/^(not|n't|never)$/i.test(words[restStart]?.text ?? '')) restStart += 1;
  const rest = words.slice(restStart).map((w) => ({ ...w, text: PERSON[w.text.toLowerCase()] ?? w.text }));
  const shifted = entities.map((e) => ({ ...e, start: e.start - restStart, end: e.end - restStart }));
  if (head.pos === 'AUX' && AUXES.test(CLITIC_AUX[head.text.toLowerCase()] ?? head.text)) {
    let aux = (CLITIC_AUX[head.text.toLowerCase()] ?? head.text).toLowerCase();
    if (subject.join(' ') === 'you')
      aux =
        ({ am: 'are', is: 'are', was: 'were', has: 'have', does: 'do' } as Record<string, string>)[aux] ??
        aux;
    // "We do not accept …": do-support already, with the main verb next.
    if (/^(do|does)$/.test(aux) && rest[0]?.pos === 'VERB') {
      const moved = shifted.map((e) => ({ ...e, start: e.start - 1, end: e.end - 1 }));
      return { aux, subject, verb: rest[0].lemma, rest: rest.slice(1), entities: moved };
    }
    return { aux, subject, verb: null, rest, entities: shifted };
  }
  if (head.pos !== 'VERB') return null;
  // A second verb before any break means the first was not the main one ("Orders placed before noon ship …").
  const breakAt = rest.findIndex((w) => w.pos === 'PUNCT' || w.pos === 'CCONJ' || w.pos === 'SCONJ');
  const clauseRest = breakAt === -1 ? rest : rest.slice(0, breakAt);
  if (
    clauseRest.some(
      (w, i) =>
        w.pos === 'VERB' &&
        !/^(to|PART)$/.test(clauseRest[i - 1]?.text ?? '') &&
        clauseRest[i - 1]?.pos !== 'PART',
    )
  )
    return null;
  const word = head.text.toLowerCase();
  // A base form or present plural takes "do", the third person singular "does", a past "did".
  const aux = word === head.lemma ? 'do' : /s$/.test(word) && !/s$/.test(head.lemma) ? 'does' : 'did';
  // A business's documents speak in the present; a past form at the start is more often a misread participle
  // ("Orders placed before noon ship …") than a question worth asking.
  if (aux === 'did') return null;
  return { aux, subject, verb: head.lemma, rest, entities: shifted };
}

/** The rest of a clause cut at a comma or semicolon that ends a complete phrase (drops an afterthought). */
function trimRest(rest: Word[]): Word[] {
  const cut = rest.findIndex((w, i) => (w.text === ',' || w.text === ';') && i >= 2);
  const kept = (cut === -1 ? rest : rest.slice(0, cut)).filter(
    (w) => w.pos !== 'PUNCT' || w.text === ',' || w.text === '%',
  );
  while (kept.length > 0 && kept.at(-1)!.text === ',') kept.pop();
  return kept;
}

const yesNoOf = (c: Clause, rest = trimRest(c.rest)) =>
  `${capitalise(c.aux)} ${join([...c.subject, ...(c.verb ? [c.verb] : []), ...rest.map((w) => w.text)])}?`;

interface WhQuestion {
  wh: string;
  /** The rest of the clause without the time or amount asked about. */
  kept: Word[];
}

/** A wh-question leaving out the time or amount the sentence states, or null. */
function whOf(c: Clause): WhQuestion | null {
  const rest = c.rest;
  const wanted = c.entities
    .filter((e) => e.start >= 0 && e.end < rest.length)
    .map((e) => {
      const words = rest.slice(e.start, e.end + 1).map((w) => w.text.toLowerCase());
      const before = rest[e.start - 1]?.text.toLowerCase();
      let wh: string | null = null;
      if (e.type === 'MONEY') wh = 'How much';
      else if (e.type === 'DATE' || e.type === 'TIME') wh = 'When';
      else if (e.type === 'DURATION')
        wh =
          /^(for|within|in|takes?|lasts?)$/.test(before ?? '') &&
          !/[ap]\.?m\.?|o'clock|day$/.test(words.join(' '))
            ? 'How long'
            : 'When';
      return wh ? { ...e, wh } : null;
    })
    .filter((e): e is NonNullable<typeof e> => e !== null);
  if (wanted.length === 0) return null;
  const wh = wanted.some((e) => e.wh === 'How much') ? 'How much' : wanted[0]!.wh;
  const drop = new Set<number>();
  for (const e of wanted.filter((x) => x.wh === wh)) {
    for (let i = e.start; i <= e.end; i++) drop.add(i);
    const before = rest[e.start - 1];
    if (before && before.pos === 'ADP') drop.add(e.start - 1);
    // "within two hours of your call": what follows belongs to the amount; the question would not read.
    if (rest[e.end + 1]?.text.toLowerCase() === 'of') return null;
  }
  const kept = trimRest(rest.filter((_, i) => !drop.has(i)));
  while (kept.length > 0 && (/^(ADP|CCONJ|DET)$/.test(kept.at(-1)!.pos) || kept.at(-1)!.text === ','))
    kept.pop();
  // "How much do you charge?" needs a verb that takes an amount; a bare "be" ("How much are you") would not.
  if (wh === 'How much' && c.verb === null && kept.length === 0) return null;
  return { wh, kept };
}

const whQuestion = (c: Clause, q: WhQuestion) =>
  `${q.wh} ${join([c.aux, ...c.subject, ...(c.verb ? [c.verb] : []), ...q.kept.map((w) => w.text)])}?`;

/** An instruction ("Press the reset button for 10 seconds") as the clause "I should press …". */
function imperativeClause(sentence: string): Clause | null {
  const trimmed = sentence.trim();
  if (trimmed.includes('?') || trimmed.split(/\s+/).length > 20) return null;
  const text = `I should ${lowerFirst(trimmed)}`;
  const parsed = parse(text);
  if (parsed.words[2]?.pos !== 'VERB' || parsed.words[2].lemma !== parsed.words[2].text.toLowerCase())
    return null;
  while (parsed.words.length > 0 && parsed.words.at(-1)!.pos === 'PUNCT') parsed.words.pop();
  const rest = parsed.words.slice(2).map((w) => ({ ...w, text: PERSON[w.text.toLowerCase()] ?? w.text }));
  const entities = parsed.entities.map((e) => ({ ...e, start: e.start - 2, end: e.end - 2 }));
  return { aux: 'should', subject: ['I'], verb: null, rest, entities };
}

export interface SentenceQuestions {
  /** The question to ask: the wh-question when the sentence states a time or an amount, else yes/no. */
  question: string;
  /** Other wordings of it (paraphrases). */
  variants: string[];
}

/** Questions from one statement, or null when it has no plain shape to turn around. */
export function questionsFromSentence(sentence: string, companyName = ''): SentenceQuestions | null {
  const clause = clauseOf(sentence) ?? imperativeClause(sentence);
  if (!clause) return null;
  const yesNo = yesNoOf(clause);
  const wh = whOf(clause);
  const question = wh ? whQuestion(clause, wh) : yesNo;
  const variants: string[] = [];
  // The indirect form, in statement order: "Could you tell me when you open?", "… if you deliver on Sundays?".
  const subject = clause.subject.join(' ');
  const verb = clause.verb
    ? clause.aux === 'does'
      ? thirdPerson(clause.verb)
      : clause.aux === 'did'
        ? `did ${clause.verb}`
        : clause.verb
    : clause.aux;
  const rest = (wh ? wh.kept : trimRest(clause.rest)).map((w) => w.text);
  variants.push(`Could you tell me ${join([wh ? wh.wh.toLowerCase() : 'if', subject, verb, ...rest])}?`);
  if (wh) variants.push(yesNo);
  const named = namedInstead(question, companyName);
  if (named) variants.push(named);
  return { question, variants };
}

/** "Do you accept …?" asked of the business by name: "Does Acme Plumbing accept …?". */
function namedInstead(question: string, companyName: string): string | null {
  const name = companyName.trim();
  if (!name) return null;
  const m = question.match(
    /^(What time |When |How much |How long |Where |What )?(Do|Are|Have|Can|Will|Could|Should|Would|Did|Were|do|are|have|can|will|could|should|would|did|were) you\b(.*)$/,
  );
  if (!m) return null;
  const singular: Record<string, string> = { do: 'does', are: 'is', have: 'has', were: 'was' };
  const aux = m[2]!.toLowerCase();
  const named = `${singular[aux] ?? aux} ${name}${m[3]}`;
  return m[1] ? `${m[1]}${named}` : capitalise(named);
}

/** A question as written in a heading or an FAQ ("Do you deliver?", "What are your opening hours"). */
export function isQuestion(text: string): boolean {
  const t = text.trim();
  if (t.endsWith('?')) return true;
  const first = t.split(/\s+/)[0] ?? '';
  return (
    WH.test(first) || (AUXES.test(first) && t.split(/\s+/).length >= 3 && /\byou|your|i|we|my\b/i.test(t))
  );
}

/** The statement order of a written question, for the indirect form; null when its shape is not plain. */
function indirectOfQuestion(question: string): string | null {
  const q = question.trim().replace(/\?+$/, '');
  const { words } = parse(q);
  let i = 0;
  const wh: string[] = [];
  while (
    i < words.length &&
    (WH.test(words[i]!.text) || (wh.length > 0 && /^(NOUN|ADJ|ADV)$/.test(words[i]!.pos)))
  ) {
    wh.push(words[i]!.text);
    i += 1;
  }
  const aux = words[i];
  if (!aux || !AUXES.test(aux.text)) return null;
  const afterAux = words.slice(i + 1);
  const subjectEnd = afterAux.findIndex((w) => /^(PRON|NOUN|PROPN)$/.test(w.pos));
  if (subjectEnd === -1 || subjectEnd > 3) return null;
  // Consecutive nouns belong to the subject ("the delivery fee").
  let end = subjectEnd;
  while (/^(NOUN|PROPN)$/.test(afterAux[end + 1]?.pos ?? '') && afterAux[end]!.pos !== 'PRON') end += 1;
  const subject = afterAux.slice(0, end + 1).map((w, k) => (k === 0 ? lowerFirst(w.text) : w.text));
  const rest = afterAux.slice(end + 1);
  const auxWord = aux.text.toLowerCase();
  let verbPart: string[];
  if (/^(do|does|did)$/.test(auxWord)) {
    const [verb, ...more] = rest;
    if (!verb || verb.pos !== 'VERB') return null;
    const v =
      auxWord === 'does'
        ? thirdPerson(verb.text.toLowerCase())
        : auxWord === 'did'
          ? `did ${verb.text}`
          : verb.text;
    verbPart = [v, ...more.map((w) => w.text)];
  } else verbPart = [auxWord, ...rest.map((w) => w.text)];
  const lead = wh.length > 0 ? wh.map((w, k) => (k === 0 ? w.toLowerCase() : w)) : ['if'];
  return `Could you tell me ${join([...lead, ...subject, ...verbPart])}?`;
}

interface Base {
  question: string;
  madeFrom: MadeFrom;
  document: string;
  section: string | null;
  variants: string[];
}

function headingBase(heading: string, documentName: string, companyName: string): Base | null {
  const h = heading.trim().replace(/\s+/g, ' ');
  if (h.length < 3 || h.length > 120) return null;
  if (isQuestion(h)) {
    const question = h.endsWith('?') ? h : `${h}?`;
    const variants = [indirectOfQuestion(question), namedInstead(question, companyName)].filter(
      (v): v is string => v !== null,
    );
    return { question, madeFrom: 'faq', document: documentName, section: h, variants };
  }
  const words = h.replace(/[.:]+$/, '').split(' ');
  if (words.length > 8) return null;
  const topic = lowerFirst(words.join(' '));
  return {
    question: `Can you tell me about ${topic}?`,
    madeFrom: 'heading',
    document: documentName,
    section: h,
    variants: [`${capitalise(words.join(' '))}?`, `I have a question about ${topic}.`],
  };
}

/** How much a sentence states: its times, dates, amounts and numbers. */
function factCount(sentence: string): number {
  return parse(sentence).entities.length;
}

function sentenceBase(passage: SourcePassage, companyName: string): Base | null {
  const candidates = sentencesOf(passage.text)
    .map((s, k) => ({ s, k, facts: factCount(s) }))
    .sort((a, b) => b.facts - a.facts || a.k - b.k);
  for (const { s } of candidates.slice(0, 4)) {
    const made = questionsFromSentence(s, companyName);
    if (made) {
      return {
        question: made.question,
        madeFrom: 'sentence',
        document: passage.documentName,
        section: passage.heading,
        variants: made.variants,
      };
    }
  }
  return null;
}

const keyOf = (q: string) =>
  q
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Words of the documents, to tell which probes they cover. */
function vocabulary(passages: SourcePassage[]): Set<string> {
  const words = new Set<string>();
  for (const p of passages) {
    for (const w of `${p.heading ?? ''} ${p.text}`
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [])
      words.add(w);
  }
  return words;
}

export function makeSelfTestQuestions(
  passages: SourcePassage[],
  options: { companyName: string },
): TestQuestion[] {
  const { companyName } = options;
  // Per document, in document order: each section's heading question, then its key sentence's.
  const perDocument = new Map<string, Base[]>();
  const seenSections = new Set<string>();
  for (const p of passages) {
    const list = perDocument.get(p.documentName) ?? [];
    perDocument.set(p.documentName, list);
    const sectionKey = `${p.documentName}\u0000${p.heading ?? ''}`;
    if (p.heading && !seenSections.has(sectionKey)) {
      seenSections.add(sectionKey);
      const base = headingBase(p.heading, p.documentName, companyName);
      if (base) list.push(base);
    }
    // An FAQ answer is asked by its question; other sections also by their key sentence.
    if (!(p.heading && isQuestion(p.heading))) {
      const base = sentenceBase(p, companyName);
      if (base) list.push(base);
    }
  }
  // Round-robin over the documents, so a long manual does not crowd out a short FAQ.
  const bases: Base[] = [];
  const seen = new Set<string>();
  const queues = [...perDocument.values()];
  while (bases.length < MAX_BASE_QUESTIONS && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (!next || bases.length >= MAX_BASE_QUESTIONS || seen.has(keyOf(next.question))) continue;
      seen.add(keyOf(next.question));
      bases.push(next);
    }
  }
  const out: TestQuestion[] = [];
  for (const base of bases) {
    out.push({
      question: base.question,
      kind: 'document',
      madeFrom: base.madeFrom,
      document: base.document,
      section: base.section,
    });
    let added = 0;
    for (const variant of base.variants) {
      if (added >= PARAPHRASES_PER_QUESTION || seen.has(keyOf(variant))) continue;
      seen.add(keyOf(variant));
      added += 1;
      out.push({
        question: variant,
        kind: 'document',
        madeFrom: 'paraphrase',
        document: base.document,
        section: base.section,
      });
    }
  }
  const words = vocabulary(passages);
  const probes = OUT_OF_SCOPE_PROBES.filter((p) => !p.subject.some((w) => words.has(w)))
    .slice(0, MAX_PROBES)
    .map<TestQuestion>((p) => ({
      question: p.question,
      kind: 'out_of_scope',
      madeFrom: 'probe',
      document: null,
      section: null,
    }));
  return [...out.slice(0, MAX_DOCUMENT_QUESTIONS), ...probes];
}
