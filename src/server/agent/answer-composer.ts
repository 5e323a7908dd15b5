/**
 * Turning retrieved passages into what the agent says. The engine always produces an extractive answer
 * (synchronously, no model); a runtime with an LLM may reword it with its own AnswerComposer, grounded only on
 * the same passages, and fall back to the extractive text on error or timeout.
 */
import type { KnowledgePassage } from './retrieval/knowledge-index.ts';
import { isPointerSentence } from './boilerplate.ts';
import { isGenericHeading, isQuestionHeading, splitSentences, withoutSectionNumber } from './passages.ts';
import { tokenize } from './retrieval/text.ts';

export interface AnswerRequest {
  companyName: string;
  /** The caller's question as heard (speech-recognition text). */
  question: string;
  /** The passages judged relevant, best first. The answer must rest on these only. */
  passages: KnowledgePassage[];
  /** The sentences of the first passage that answer (the evidence stage's choice), when it read them. */
  sentences?: string[];
}

/** The seam for answer wording. `compose` returns spoken text: no markdown, no URLs, a sentence or three. */
export interface AnswerComposer {
  compose(request: AnswerRequest): string | Promise<string>;
}

const MAX_SENTENCES = 3;
const MAX_WORDS = 60;

/** The built-in composer: the most relevant sentences of the best passage, cleaned up for speech. */
export const extractiveComposer = {
  compose(request: AnswerRequest): string {
    return composeExtractive(request);
  },
} satisfies AnswerComposer;

/**
 * The passage's text holds a sentence to say: not only code, links or a line that points elsewhere. A passage
 * without one is never offered ("are you asking about pino with express?" would be answered with its heading).
 */
export function saysSomething(text: string): boolean {
  return spokenSentences(text).length > 0;
}

/**
 * The sentences of a passage's text as they would be said, without those that only point elsewhere ("For more
 * information, see …", "→ Get started"). Split before cleaning: a list's items start in lower case ("pino-hapi: use
 * Pino …"), and once joined for speech they would read as one sentence of a hundred words.
 */
function spokenSentences(text: string): string[] {
  return splitSentences(text)
    .map((s) => finishSentence(toSpokenText(s)))
    .filter((s) => /[a-z0-9]/i.test(s) && !isPointerSentence(s));
}

export function composeExtractive(request: AnswerRequest): string {
  const passage = request.passages[0];
  if (!passage) return '';
  const items = listItems(passage.text);
  if (items !== null) return composeFromList(items, request.question);
  if (request.sentences && request.sentences.length > 0) {
    const spoken = splitSentences(toSpokenText(request.sentences.join('\n'))).filter((s) =>
      /[a-z0-9]/i.test(s),
    );
    if (spoken.length > 0)
      return withoutBareYes(
        withHeading(finishSentence(spoken.join(' ')), passage.heading, request.question),
        request.question,
      );
  }
  const sentences = spokenSentences(passage.text);
  if (sentences.length === 0) return toSpokenText(passage.heading ?? '');

  let chosen = sentences;
  if (sentences.length > MAX_SENTENCES || wordCount(sentences.join(' ')) > MAX_WORDS) {
    // Keep the sentences that share most words with the question, in document order; the first sentence of a
    // passage usually states the answer, so it gets a head start.
    const q = stemsOf(request.question);
    const scored = sentences.map((s, i) => {
      const overlap = tokenize(s).filter((t) => !t.stop && q.has(t.stem)).length;
      return { i, s, score: overlap + (i === 0 ? 0.5 : 0) };
    });
    const picked: typeof scored = [];
    let words = 0;
    for (const c of [...scored].sort((a, b) => b.score - a.score || a.i - b.i)) {
      const n = wordCount(c.s);
      if (picked.length > 0 && (picked.length >= MAX_SENTENCES || words + n > MAX_WORDS)) continue;
      picked.push(c);
      words += n;
    }
    chosen = picked.sort((a, b) => a.i - b.i).map((c) => c.s);
  }
  return withoutBareYes(
    withHeading(
      finishSentence(limitWords(chosen.join(' '), MAX_WORDS * 2)),
      passage.heading,
      request.question,
    ),
    request.question,
  );
}

/**
 * `answer` with those of `sentences` it does not say yet, in their order, as far as `maxWords` allows. After the
 * caller's yes to "are you asking about …?", the composer's pick (the passage's first lines, which most often state
 * the answer) is said with the evidence sentences that hold the question's own words (ADR 010, ninth pass).
 */
export function withSentences(answer: string, sentences: readonly string[], maxWords: number): string {
  let text = answer;
  for (const sentence of sentences) {
    const spoken = finishSentence(toSpokenText(sentence));
    if (plainWords(spoken) === '' || plainWords(text).includes(plainWords(spoken))) continue;
    const longer = `${text} ${spoken}`;
    if (wordCount(longer) > maxWords) break;
    text = longer;
  }
  return text;
}

/** A reply's words only, lower case, to tell whether one says what another already said. */
export function plainWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Longest label heading said before an answer, in words. */
const MAX_HEADING_WORDS = 12;

/**
 * A sentence from under a label says what it says of the label ("Returns an object with the current bindings." under
 * "logger.bindings()", "Free spaces behind the building." under "Parking"): when the caller asked about what the
 * label names and the sentence does not name it in full, the label is said first, so the answer names its subject.
 */
function withHeading(answer: string, heading: string | null, question: string): string {
  if (heading === null || isQuestionHeading(heading) || isGenericHeading(heading)) return answer;
  const label = toSpokenText(withoutSectionNumber(heading)).replace(/[.:;,!?\s]+$/, '');
  if (label === '' || wordCount(label) > MAX_HEADING_WORDS) return answer;
  // "Use Data Mode if you:" over "want data features …": the answer finishes the label's sentence.
  if (/:\s*$/.test(heading) && /^[a-z]/.test(answer)) return `${label}: ${answer}`;
  const asked = stemsOf(question);
  // "logger.bindings()" and "keepAliveTimeout" are read as their words.
  const words = label.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[^\p{L}\p{N}']+/gu, ' ');
  const labelStems = [...stemsOf(words)];
  const said = stemsOf(answer);
  const askedOfLabel = labelStems.filter((stem) => asked.has(stem));
  if (askedOfLabel.length === 0) return answer;
  // A code name is named as written ("trustProxy", not "Trust all proxies": the caller needs the name to use it); a
  // label in words when the sentence says none of what the caller asked of it ("Opening hours" needs no saying
  // before "We are open …").
  const identifier = /[._()]|[a-z][A-Z]/.test(label);
  if (
    identifier
      ? answer.toLowerCase().includes(label.toLowerCase())
      : askedOfLabel.some((stem) => said.has(stem))
  )
    return answer;
  return `${label}: ${answer}`;
}

/** The words a caller's question opens with, once the fillers are gone ("um so how much is it" -> "how"). */
const WH_QUESTION =
  /^(?:(?:um+|uh+|hmm+|ok(?:ay)?|so|and|oh|hi|hey|well|great|thanks?|thank you)\s+)*(?:how|what|when|where|which|who|whom|why)\b/i;

/**
 * An FAQ answer written for a yes-or-no question ("Yes, we deliver within five miles for 5 dollars") starts oddly
 * when the caller asked "how much is delivery": its bare "Yes" is dropped. A "No" is kept, it says something.
 */
function withoutBareYes(answer: string, question: string): string {
  if (!WH_QUESTION.test(question.trim())) return answer;
  const rest = answer.replace(/^yes\s*[,.!;:]\s*/i, '');
  if (rest === answer || !/[a-z0-9]/i.test(rest)) return answer;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

interface ListItem {
  /** The line as spoken. */
  spoken: string;
  /** What the line is about, before its first ":" or "|" ("Monday" in "Monday: 9am - 5pm"); empty without one. */
  key: string;
}

/**
 * A passage made of short lines ("Monday: 9am - 5pm", "- Kids cuts, $20", "Haircut | 35 €"): its items, spoken; null
 * for prose. The chunker keeps such lines apart (passages.ts).
 */
function listItems(text: string): ListItem[] | null {
  const lines = text.split('\n').filter((line) => /[a-z0-9]/i.test(line) && !isPointerSentence(line));
  if (lines.length < 3 || lines.some((line) => wordCount(line) > 12)) return null;
  return lines.map((line) => ({
    spoken: finishSentence(toSpokenText(line)),
    key: /^\s*\|?([^:|]+)[:|]/.exec(line)?.[1] ?? '',
  }));
}

/**
 * The items the caller asked about ("are you open on sunday" -> "Sunday: closed."), or, when the question names none
 * ("what are your hours"), the whole list as far as it fits: a list is not ranked by its first item. The caller's
 * words count double in an item's name ("saturday" in "what time do you close on saturday" picks "Saturday: 10am -
 * 2pm", not "Sunday: closed"), and the items that match most are read.
 */
function composeFromList(items: ListItem[], question: string): string {
  const asked = stemsOf(question);
  const scores = items.map((item) => {
    const inKey = new Set([...stemsOf(item.key)].filter((s) => asked.has(s)));
    const inRest = [...stemsOf(item.spoken)].filter((s) => asked.has(s) && !inKey.has(s));
    return 2 * inKey.size + inRest.length;
  });
  const best = Math.max(...scores);
  const matching = best > 0 ? items.filter((_, i) => scores[i] === best) : items;
  const chosen: string[] = [];
  let words = 0;
  for (const { spoken } of matching) {
    const n = wordCount(spoken);
    if (chosen.length > 0 && words + n > MAX_WORDS) break;
    chosen.push(spoken);
    words += n;
  }
  return chosen.join(' ');
}

function stemsOf(text: string): Set<string> {
  return new Set(
    tokenize(text)
      .filter((t) => !t.stop)
      .map((t) => t.stem),
  );
}

/** Removes what cannot be spoken: markdown, URLs, e-mail link syntax, bullets, table pipes, stray symbols. */
export function toSpokenText(text: string): string {
  return (
    text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ') // images
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // links keep their label
      .replace(/<https?:[^>]*>/gi, ' our website ')
      .replace(/\b(?:https?:\/\/|www\.)[^\s)]+/gi, ' our website ')
      .replace(/\b[a-z0-9-]+\.(?:com|org|net|io|co|us|uk)(?:\/[^\s]*)?\b/gi, ' our website ')
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/gm, '')
      .replace(/(\*\*|\*|`{1,3}|~~)(\S(?:.*?\S)?)\1/g, '$2')
      // Emphasis by underscores opens and closes at a word's edge; an identifier keeps its own ("listen_addresses",
      // "FST_ERR_CTP"): the caller may have to type it, and a speech engine says "underscore".
      .replace(/(?<![\p{L}\p{N}])(__?)(\S(?:.*?\S)?)\1(?![\p{L}\p{N}])/gu, '$2')
      .replace(/[*`~|<>{}\\]|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, ' ')
      .replace(/:\s*\n+\s*/g, ': ') // "Supported validations include:" and its first item
      .replace(/\s*\n+\s*/g, '. ')
      .replace(/\.(\s*\.)+/g, '.')
      .replace(/\s+([.,;:!?])(?=\s|$)/g, '$1') // not before ".js" in "use .js or .ts files"
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w !== '').length;
}

function limitWords(text: string, max: number): string {
  const words = text.split(/\s+/);
  return words.length <= max ? text : words.slice(0, max).join(' ');
}

function finishSentence(text: string): string {
  const t = text.trim();
  if (t === '') return t;
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** Share of a worded answer's content words that must come from the evidence or the question. */
const GROUNDED_SHARE = 0.75;

/**
 * A model's wording agrees with the evidence it was given: every number it says is in the evidence, and most of its
 * content words (by stem) are the evidence's or the question's. Otherwise the extractive answer is spoken.
 */
export function isGrounded(answer: string, evidence: string, question: string): boolean {
  const source = `${evidence} ${question}`;
  const numbers = (t: string) => new Set(t.match(/\d+(?:[.,:]\d+)*/g) ?? []);
  const known = numbers(source);
  for (const n of numbers(answer)) if (!known.has(n)) return false;
  const words = tokenize(answer).filter((t) => !t.stop && !/^\d/.test(t.word));
  if (words.length === 0) return true;
  const sourceStems = stemsOf(source);
  const held = words.filter((t) => sourceStems.has(t.stem)).length;
  return held / words.length >= GROUNDED_SHARE;
}

/** The text a worded answer must rest on: the evidence sentences when the engine read them, else the passages. */
export function evidenceText(request: AnswerRequest): string {
  if (request.sentences && request.sentences.length > 0) return request.sentences.join(' ');
  return request.passages.map((p) => `${p.heading ?? ''} ${p.text}`).join(' ');
}
