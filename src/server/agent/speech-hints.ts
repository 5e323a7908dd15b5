/**
 * Speech-recognition hints for one business: the words and phrases its callers will say that a general
 * recogniser tends to get wrong. Most of the questions the turn engine cannot repair are ones the recogniser
 * mangled beyond lexical repair ("do the the lover" for delivery, "you'll right jun" for gym, "al dor city" for
 * outdoor seating; ADR 010). A recogniser told the business's vocabulary in advance mishears it less, so the fix
 * belongs before the text reaches the engine: Twilio's ConversationRelay takes such a list as its `hints`
 * attribute (ADR 040).
 *
 * The vocabulary is read from the documents the way a caller would ask about them: the business's name, the
 * topics its passages are about (a topic label whole, "Service Area"; a question's content words, split at
 * function words and question framing: "Do you have bike parking?" gives "bike parking") and the names in its
 * text (capitalised words inside a sentence: "Apple Pay", "Cedar Falls"), topics and names taking turns, the most
 * frequent of each first. Computing them for 12,000 passages takes 0.2-0.3 s of short FAQ entries and 0.7-1 s of web
 * pages, so the call cache works them out only when Twilio's webhook asks, a slice at a time.
 */
import type { KnowledgePassage } from './retrieval/knowledge-index.ts';
import { isQuestionHeading, splitSentences } from './passages.ts';
import { FRAMING_WORDS, STOP_WORDS } from './retrieval/text.ts';
import { inSlices, SLICE_MS } from './slices.ts';

/**
 * At most this many hints: recognisers' phrase lists work best short and focused (the providers advise against
 * hundreds of common words), and some cap them (ElevenLabs' realtime Scribe takes 50 key terms).
 */
export const MAX_SPEECH_HINTS = 50;
const MAX_HINT_WORDS = 4;
const MAX_HINT_CHARS = 50;

/** A written word: letters of any alphabet and digits, with inner apostrophes, hyphens, dots or ampersands. */
const WORD = /[\p{L}\p{N}]+(?:['’&.-][\p{L}\p{N}]+)*/gu;

export function speechHintsOf(
  passages: readonly Pick<KnowledgePassage, 'heading' | 'text'>[],
  companyName: string,
  max = MAX_SPEECH_HINTS,
): string[] {
  const reader = new HintReader(companyName);
  for (const p of passages) reader.read(p);
  return reader.hints(max);
}

/**
 * The same hints, read a slice of passages at a time (inSlices): 12,000 passages of web pages take 0.7-1 s, which
 * the calls to other businesses on the instance must not wait behind.
 */
export async function speechHintsInSlices(
  passages: readonly Pick<KnowledgePassage, 'heading' | 'text'>[],
  companyName: string,
  max = MAX_SPEECH_HINTS,
  sliceMs = SLICE_MS,
): Promise<string[]> {
  const reader = new HintReader(companyName);
  await inSlices(passages.length, (i) => reader.read(passages[i]!), sliceMs);
  return reader.hints(max);
}

/** Topics and names counted passage by passage, then ranked into the hints. */
class HintReader {
  private readonly topics = new HintList();
  private readonly names = new HintList();
  constructor(private readonly companyName: string) {}

  read(p: Pick<KnowledgePassage, 'heading' | 'text'>): void {
    const heading = (p.heading ?? '').replace(/^[#*\s]+|[*\s]+$/g, '');
    // A heading's own topics once per passage, however often it repeats them.
    const seen = new Set<string>();
    for (const phrase of headingTopics(withoutName(heading, this.companyName))) {
      const key = phrase.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      this.topics.add(phrase);
    }
    for (const name of namesIn(withoutName(p.text, this.companyName))) this.names.add(name);
  }

  hints(max: number): string[] {
    const hints = new HintList();
    const company = cleanPhrase(this.companyName);
    if (company !== '') hints.add(company);
    // Names and topics take turns, so a long price list of product names cannot crowd out the topics (or the
    // other way round) when the list is cut at `max`.
    const [t, n] = [this.topics.ranked(), this.names.ranked()];
    for (let k = 0; k < Math.max(t.length, n.length); k++) {
      if (k < t.length) hints.add(t[k]!);
      if (k < n.length) hints.add(n[k]!);
    }
    return hints
      .inOrder()
      .filter((h) => h.length <= MAX_HINT_CHARS)
      .slice(0, max);
  }
}

/** Phrases counted case-insensitively, keeping the first written form and the order of first appearance. */
class HintList {
  private readonly entries = new Map<string, { phrase: string; count: number; order: number }>();
  add(phrase: string): void {
    const key = phrase.toLowerCase();
    const entry = this.entries.get(key);
    if (entry) entry.count += 1;
    else this.entries.set(key, { phrase, count: 1, order: this.entries.size });
  }
  /** Most frequent first, then in order of first appearance. */
  ranked(): string[] {
    return [...this.entries.values()]
      .sort((a, b) => b.count - a.count || a.order - b.order)
      .map((e) => e.phrase);
  }
  inOrder(): string[] {
    return [...this.entries.values()].map((e) => e.phrase);
  }
}

function cleanPhrase(text: string): string {
  return (text.match(WORD) ?? []).join(' ');
}

function withoutName(heading: string, companyName: string): string {
  const name = cleanPhrase(companyName);
  if (name === '') return heading;
  const pattern = name
    .split(' ')
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^\\p{L}\\p{N}]+');
  return heading.replace(new RegExp(pattern, 'giu'), ',');
}

/** Verbs of asking a business, on top of the engine's question framing ("Do you *take* reservations?", "Do you *sell* …"). */
const ASKING: ReadonlySet<string> = new Set(
  'take takes taking used using describe described tell sell sells carry carries stock stocks'.split(' '),
);

/** A topic label ("Service Area") is hinted whole; a question gives the runs of content words it asks about. */
function headingTopics(heading: string): string[] {
  const label = cleanPhrase(heading);
  if (label === '' || isQuestionHeading(heading)) return topicPhrases(heading);
  return label.split(' ').length <= MAX_HINT_WORDS ? [label] : topicPhrases(heading);
}

/** Runs of content words between function words, question framing and punctuation. */
function topicPhrases(heading: string): string[] {
  const phrases: string[] = [];
  for (const chunk of heading.split(/[,;:!?()[\]/"“”|]+|\s[-–—]\s|\.(?:\s|$)/)) {
    let run: string[] = [];
    const flush = () => {
      if (run.length > 0 && run.some((w) => !/^\d+$/.test(w))) phrases.push(...capped(run));
      run = [];
    };
    for (const word of chunk.match(WORD) ?? []) {
      const lower = word.toLowerCase().replace(/['’]s$/, '');
      if (STOP_WORDS.has(lower) || FRAMING_WORDS.has(lower) || ASKING.has(lower) || lower.length < 2) flush();
      else run.push(word);
    }
    flush();
  }
  return phrases;
}

/** A run longer than a phrase a caller says in one breath is hinted word by word. */
function capped(run: string[]): string[] {
  return run.length <= MAX_HINT_WORDS ? [run.join(' ')] : run.filter((w) => w.length >= 4);
}

/** Calendar words are capitalised but every recogniser knows them. */
const CALENDAR =
  /^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$|^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * Capitalised words inside a sentence ("accepts Apple Pay", "in Cedar Falls"), a leading "The" dropped; the first
 * word of a sentence is capitalised anyway and says nothing, and punctuation ends a name ("Visa, Mastercard").
 */
function namesIn(text: string): string[] {
  const names: string[] = [];
  for (const sentence of splitSentences(text)) {
    const words = sentence.split(/[,;:!?()[\]/"“”|]+|\s[-–—]\s/).map((chunk) => chunk.match(WORD) ?? []);
    let position = 0;
    // A name that opens the sentence cannot be told from its capital: "Apple Pay is accepted" gives no "Pay".
    let opening = true;
    for (const chunk of words) {
      let run: string[] = [];
      const flush = () => {
        while (run.length > 0 && STOP_WORDS.has(run[0]!.toLowerCase())) run.shift();
        if (run.length > 0 && run.length <= MAX_HINT_WORDS && !opening) names.push(run.join(' '));
        run = [];
      };
      for (const word of chunk) {
        const capitalised = /^\p{Lu}\p{Ll}/u.test(word) || /^\p{Lu}{2,}\p{Ll}*$/u.test(word);
        if (position > 0 && capitalised && !CALENDAR.test(word)) run.push(word);
        else {
          flush();
          if (position > 0) opening = false;
        }
        if (position === 0 && !capitalised) opening = false;
        position += 1;
      }
      flush();
      opening = false;
    }
  }
  return names;
}
