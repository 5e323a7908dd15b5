/**
 * The chunker every upload goes through: extracted pages -> passages the agent retrieves from.
 *
 * A passage is one answerable unit: an FAQ question with its answer, or ~80-200 words of a section,
 * always carrying the heading it sits under and the page it came from (so a call record can cite it).
 */

import { isBoilerplateLine, isLinkItem, opensLinkList } from './boilerplate.ts';

/** One page of an extracted document. `text` lines are separated by "\n"; "# " / "## " lines are known headings. */
export interface ExtractedPage {
  page: number | null;
  text: string;
}

export interface PassageDraft {
  /** Position of the passage in its document, from 0. */
  ord: number;
  heading: string | null;
  /** The depth of a marked heading ("# " 1, "## " 2, …); null for a heading read from the text's look, or none. */
  headingLevel: number | null;
  page: number | null;
  text: string;
}

/** Sections longer than this are split at sentence boundaries. */
const MAX_WORDS = 200;
/** A split never leaves a tail shorter than this when it can be merged into the previous piece. */
const MIN_WORDS = 80;
/** Heuristic headings in plain text are short. */
const MAX_HEADING_WORDS = 14;
const MAX_QUESTION_HEADING_WORDS = 30;

/** How questions open, including polite and indirect forms ("Hi, do you ...", "I was wondering how ..."). */
const INTERROGATIVE =
  /^(?:(?:hi|hello|hey|good (?:morning|afternoon|evening))[,!.]?\s+)?(?:do|does|did|is|are|was|were|can|could|will|would|should|shall|may|might|have|has|what|what's|when|where|which|who|whose|why|how|i was wondering|i(?:'d| would)? (?:just )?(?:like|want|wanted|need) to (?:know|find out|ask|check)|tell me|can you tell me|please tell me)\b/i;

/**
 * "Q: Do you deliver?" / "A: Yes, within five miles.": the markers of a Q&A-style FAQ are layout, not words to read
 * out or match. Only with a colon, so an outline's "A. Introduction" keeps its letter.
 */
const QA_MARK = /^(?:q|question|a|answer)\s*\d*\s*:\s+(?=\S)/i;

const ONE_LINE_QA = /^(.+?\?)\s+(\S.*)$/;

/**
 * A question typed with a full stop reads as one: a question word and its verb ("When is …", "How do …"), a verb
 * before its subject ("Are children allowed …", but not the order "Do not …"), or an indirect question.
 */
const PERIOD_QUESTION =
  /^(?:(?:hi|hello|hey|good (?:morning|afternoon|evening))[,!.]?\s+)?(?:(?:what|when|where|which|who|whose|why|how)(?:'s|\s+(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|have|has|much|many|long|far|often|old|soon|late|early)\b)|(?:do|does|did|is|are|was|were|can|could|will|would|should|shall|may|might|have|has)\s+(?!not\b)[a-z]|i was wondering|i(?:'d| would)? (?:just )?(?:like|want|wanted|need) to (?:know|find out|ask|check)|(?:can you |please )?tell me)/i;

/**
 * A line ending on an article, a conjunction, "of" or "to", a possessive or a modal verb goes on in the next one (titles
 * may end on other function words: "Who we are", "Sign in", "What we're known for").
 */
const ENDS_MID_PHRASE =
  /\b(?:a|an|the|and|or|nor|but|of|to|than|that|which|whose|any|every|each|its|their|our|your|can|could|will|would|should|must|might)$/i;

/** A list item's marker: "1.", "2)", "-", "*", "+", "•". */
const LIST_MARK = /^(?:\d+[.)]|[-*+•])\s+/;

/**
 * Whitespace collapsed, and the layout around a line's words dropped: Q&A markers, emphasis wrapping a whole line
 * ("**Do you deliver?**"), and the number of a numbered FAQ question ("3. Do you deliver?"; an outline's "3.
 * Pickup Locations" keeps its number, and so does a step: "1. Click Forgot password?").
 */
function cleanLine(raw: string): string {
  const line = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(QA_MARK, '')
    .replace(/^(\*\*|__)(\S.*\S)\1$/, '$2');
  // "3. Is there parking?": a numbered FAQ question, whose number is layout.
  const marker = LIST_MARK.exec(line)?.[0];
  const rest = marker === undefined ? '' : line.slice(marker.length);
  return /^\d/.test(marker ?? '') && /\?["')\]]*$/.test(rest) && INTERROGATIVE.test(rest) ? rest : line;
}

type LineKind = 'explicit-heading' | 'question' | 'heading-like' | 'text' | 'blank';

interface Line {
  kind: LineKind;
  text: string;
  page: number | null;
  /** A marked heading's depth ("## " 2). */
  level?: number;
}

interface Section {
  heading: string | null;
  headingLevel: number | null;
  page: number | null;
  paragraphs: string[];
}

/** Splits extracted pages into passages, keeping headings and page numbers. */
export function splitIntoPassages(pages: ExtractedPage[]): PassageDraft[] {
  const lines = classifyLines(pages);
  const sections = groupSections(lines);
  const drafts: PassageDraft[] = [];
  for (const section of sections) {
    const body = section.paragraphs.join('\n').trim();
    // A heading with nothing under it (a document title before the first question) is not a passage.
    if (body === '') continue;
    for (const chunk of chunkText(section.paragraphs)) {
      drafts.push({
        ord: 0,
        heading: section.heading,
        headingLevel: section.headingLevel,
        page: section.page,
        text: chunk,
      });
    }
  }
  return drafts.map((draft, ord) => ({ ...draft, ord }));
}

function classifyLines(pages: ExtractedPage[]): Line[] {
  const out: Line[] = [];
  for (const page of pages) {
    const raw = withoutBoilerplate(page.text.replace(/\r\n?/g, '\n').split('\n'));
    /** The previous line was blank, or was itself a question with its answer on the same line. */
    let freshLine = true;
    for (const rawLine of raw) {
      const text = cleanLine(rawLine);
      // "Do you deliver? Yes, within five miles." on one line, at the start of a block: a question and its answer.
      const oneLine = freshLine ? ONE_LINE_QA.exec(text) : null;
      if (
        oneLine &&
        INTERROGATIVE.test(oneLine[1]!) &&
        countWords(oneLine[1]!) <= MAX_QUESTION_HEADING_WORDS
      ) {
        out.push({ kind: 'question', text: oneLine[1]!, page: page.page });
        out.push({ kind: 'text', text: oneLine[2]!, page: page.page });
        freshLine = true;
        continue;
      }
      const kind = lineKind(text);
      out.push({
        kind,
        text: stripHeadingMarks(text),
        page: page.page,
        ...(kind === 'explicit-heading' ? { level: /^#+/.exec(text)![0].length } : {}),
      });
      freshLine = text === '';
    }
    // A page break separates blocks like a blank line does.
    out.push({ kind: 'blank', text: '', page: page.page });
  }
  return out;
}

/**
 * The page's lines with navigation, footers and link lists blanked out (boilerplate.ts): a link list runs from its
 * heading ("Related links") over the short lines under it, to the next blank line or sentence.
 */
function withoutBoilerplate(lines: string[]): string[] {
  let inLinkList = false;
  return lines.map((line) => {
    if (line.trim() === '') {
      inLinkList = false;
      return line;
    }
    if (opensLinkList(line)) {
      inLinkList = true;
      return '';
    }
    if (inLinkList && isLinkItem(line)) return '';
    inLinkList = false;
    return isBoilerplateLine(line) ? '' : line;
  });
}

function lineKind(text: string): LineKind {
  if (text === '') return 'blank';
  if (/^#{1,6}\s+\S/.test(text)) return 'explicit-heading';
  const words = text.split(' ').length;
  // A step that ends on a label with a question mark ("1. On the sign-in page, click Forgot password?") is content;
  // a numbered question has lost its number in cleanLine.
  if (/\?["')\].]*$/.test(text) && words <= MAX_QUESTION_HEADING_WORDS) {
    return LIST_MARK.test(text) && !INTERROGATIVE.test(text.replace(LIST_MARK, '')) ? 'text' : 'question';
  }
  // An FAQ question typed with a full stop ("Are children allowed at your location."): a title candidate only,
  // so it becomes a heading when it opens a block and an answer follows it. Not a statement that opens like one:
  // a clause ("When the option is set, it is ignored."), a negative order ("Do not pass …").
  if (PERIOD_QUESTION.test(text) && /\.$/.test(text) && words <= MAX_QUESTION_HEADING_WORDS)
    return 'heading-like';
  if (words > MAX_HEADING_WORDS) return 'text';
  if (/^[-*+•]\s/.test(text)) return 'text'; // bullet items are content, not titles
  if (/\s\|\s/.test(text)) return 'text'; // a table row ("Haircut | 35 €") is content, not a title
  // A label and its value ("Default: 'info'", "Phone: (541) 555-0176") is content, not the title of what follows.
  if (LABEL_VALUE.test(text)) return 'text';
  // Two sentences on one line ("… two working days. Wheel truing and", "… support for JSON. It is") are prose,
  // never a title.
  if (/[A-Za-z]{2,}[.!?]\s+[A-Z]/.test(text)) return 'text';
  // A title does not end on a word that needs one after it ("… is database agnostic and any"): a line of
  // prose wrapped at the page's width.
  if (ENDS_MID_PHRASE.test(text)) return 'text';
  if (/^(\d+(\.\d+)*[.)]?|[IVX]+\.|[A-Z]\.)\s+\S/.test(text) && !/[.!;,]$/.test(text)) return 'heading-like';
  if (/[.!;:,]$/.test(text)) return text.endsWith(':') && words <= 8 ? 'heading-like' : 'text';
  return 'heading-like';
}

function stripHeadingMarks(text: string): string {
  return text.replace(/^#{1,6}\s+/, '').trim();
}

/**
 * Groups lines into sections. A heading-like line only becomes a heading when it opens a block (after a blank
 * line or at the start) and text follows it; a question line is always a heading (FAQ style); a short line right
 * after a heading is the answer, not another heading ("Parking?" / "Free on site").
 */
function groupSections(lines: Line[]): Section[] {
  const sections: Section[] = [];
  let current: Section = { heading: null, headingLevel: null, page: lines[0]?.page ?? null, paragraphs: [] };
  let paragraph: string[] = [];
  let atBlockStart = true;
  /** The previous line was a heuristic heading (an FAQ question or a title-like line). */
  let afterHeading = false;
  /** The current section opened on a "#" heading. */
  let explicitSection = false;

  const flushParagraph = () => {
    if (paragraph.length > 0) current.paragraphs.push(paragraph.join(' '));
    paragraph = [];
  };
  const startSection = (heading: string, headingLevel: number | null, page: number | null) => {
    flushParagraph();
    if (current.heading !== null || current.paragraphs.length > 0) sections.push(current);
    current = { heading, headingLevel, page, paragraphs: [] };
  };

  /**
   * A line that leads in with a colon, first under a "#" heading ("## Log rotation", then "Use a separate tool for
   * log rotation:"), is how the section begins, not a heading under it: the section would be left empty, and the
   * lead-in would name its text.
   */
  const leadsIntoSection = (text: string) =>
    text.endsWith(':') && explicitSection && current.paragraphs.length === 0 && paragraph.length === 0;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.kind === 'blank') {
      flushParagraph();
      atBlockStart = true;
      if (current.paragraphs.length === 0) afterHeading = false; // "# Title", blank, then the first question
      continue;
    }
    const next = nextNonBlank(lines, i);
    const isHeading =
      line.kind === 'explicit-heading' ||
      (line.kind === 'question' && !afterHeading && !wrapsInProse(lines, i)) ||
      (line.kind === 'heading-like' &&
        atBlockStart &&
        !afterHeading &&
        !continuesOnNextLine(lines, i) &&
        !wrappedProse(lines, i) &&
        !leadsIntoSection(line.text) &&
        next !== null &&
        (next.kind === 'text' || next.kind === 'heading-like'));
    if (isHeading) {
      startSection(line.text, line.level ?? null, line.page);
      explicitSection = line.kind === 'explicit-heading';
      // An explicit "#" heading may be followed by an FAQ question; a question is followed by its answer.
      afterHeading = line.kind !== 'explicit-heading';
    } else {
      // A section without a heading starts on the page of its first line.
      if (current.heading === null && current.paragraphs.length === 0 && paragraph.length === 0) {
        current.page = line.page;
      }
      // A list item ("- Kids cuts, $20", "Sunday: closed") is a paragraph of its own, so it is spoken and
      // picked as a sentence of its own instead of running into the next item.
      if (isListItem(line.text)) flushParagraph();
      paragraph.push(line.text);
      if (isListItem(line.text) && !continuesOnNextLine(lines, i) && !itemWraps(lines, i)) flushParagraph();
      afterHeading = false;
    }
    atBlockStart = false;
  }
  flushParagraph();
  if (current.heading !== null || current.paragraphs.length > 0) sections.push(current);
  return sections;
}

/**
 * A long line (more than eight words) that runs straight on into the next line, with no blank line between: a
 * paragraph wrapped at the page's width, not a title over its text.
 */
function wrappedProse(lines: Line[], i: number): boolean {
  const next = lines[i + 1];
  return (
    countWords(lines[i]!.text) > 8 && next !== undefined && next.kind !== 'blank' && !isListItem(next.text)
  );
}

/**
 * A line of a paragraph wrapped at the page's width that happens to end on a question mark is prose, not an FAQ
 * question: it goes on from a line that did not end its sentence ("… before the server is" / "accepting
 * connections. How do we address this problem?"), or it asks nothing and the next line finishes its sentence ("See
 * Why should I use a Reverse Proxy?" / "for a more thorough discussion.").
 */
function wrapsInProse(lines: Line[], i: number): boolean {
  const before = lines[i - 1];
  const text = lines[i]!.text;
  const unfinished = before !== undefined && before.kind !== 'blank' && !/[.!?:;)"'”’]$/.test(before.text);
  return (unfinished && /^[a-z]/.test(text)) || (continuesOnNextLine(lines, i) && !INTERROGATIVE.test(text));
}

/**
 * A line wrapped in the middle of a sentence: the very next line goes on in lower case ("adjustments" / "are …"), or
 * with a package's name ("If you need to use middleware, use" / "@fastify/middie or @fastify/express").
 */
function continuesOnNextLine(lines: Line[], i: number): boolean {
  const next = lines[i + 1];
  return next !== undefined && next.kind !== 'blank' && /^@?[a-z]/.test(next.text);
}

/**
 * A bullet item wrapped at the page's width: it stops short of its sentence's end and the next line is no item of its
 * own ("+ pino-elasticsearch: send" / "Pino logs to an Elasticsearch instance."), as Markdown reads it.
 */
function itemWraps(lines: Line[], i: number): boolean {
  const text = lines[i]!.text;
  const next = lines[i + 1];
  return (
    /^[-*+•]\s/.test(text) &&
    !/[.!?:;)"'”’]$/.test(text) &&
    next !== undefined &&
    next.kind !== 'blank' &&
    !isListItem(next.text)
  );
}

/** "Label: value", as in opening hours, price lists and option defaults. */
const LABEL_VALUE = /^[A-Z][\w'&/() -]{0,30}:\s+\S/;

/** A bullet, a table row, or a short "Label: value" line as in opening hours and price lists. */
function isListItem(text: string): boolean {
  return /^[-*+•]\s/.test(text) || /\s\|\s/.test(text) || (LABEL_VALUE.test(text) && countWords(text) <= 10);
}

function nextNonBlank(lines: Line[], i: number): Line | null {
  for (let j = i + 1; j < lines.length; j++) {
    if (lines[j]!.kind !== 'blank') return lines[j]!;
  }
  return null;
}

function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** Splits a section's paragraphs into chunks of at most MAX_WORDS, at sentence boundaries. */
function chunkText(paragraphs: string[]): string[] {
  const total = paragraphs.reduce((n, p) => n + countWords(p), 0);
  if (total <= MAX_WORDS) return [paragraphs.join('\n')];

  // Each sentence remembers whether it opens a paragraph, so list items stay on lines of their own.
  const sentences = paragraphs.flatMap((p) =>
    splitSentences(p).map((sentence, k) => (k === 0 ? `\n${sentence}` : sentence)),
  );
  const chunks: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const sentence of sentences) {
    const n = countWords(sentence);
    if (words > 0 && words + n > MAX_WORDS) {
      chunks.push(joinSentences(current));
      current = [];
      words = 0;
    }
    // A single sentence longer than the limit is cut at word boundaries.
    if (n > MAX_WORDS) {
      const parts = sentence.split(/\s+/);
      for (let k = 0; k < parts.length; k += MAX_WORDS) chunks.push(parts.slice(k, k + MAX_WORDS).join(' '));
      continue;
    }
    current.push(sentence);
    words += n;
  }
  if (current.length > 0) {
    const tail = joinSentences(current);
    const last = chunks[chunks.length - 1];
    if (
      last !== undefined &&
      countWords(tail) < MIN_WORDS &&
      countWords(last) + countWords(tail) <= MAX_WORDS + MIN_WORDS
    ) {
      chunks[chunks.length - 1] = `${last}\n${tail}`;
    } else {
      chunks.push(tail);
    }
  }
  return chunks;
}

function joinSentences(sentences: string[]): string {
  return sentences
    .map((s, k) => (k === 0 ? s.replace(/^\n/, '') : s.startsWith('\n') ? s : ` ${s}`))
    .join('');
}

/**
 * Headings that name no topic: documentation's admonitions and structure ("Note", "Example:", "Tips", "See also"),
 * metadata tags in brackets ("[MODES: framework]"), and a line that goes on from the one before ("Or async/await:").
 * A section under one is about the topic heading before it.
 * Retrieval still matches the heading as written (taking the parent's heading at ingestion cost 2 points of
 * precision on the documentation-site set: notes then competed with their parent sections); "are you asking
 * about …?" names the topic instead (KnowledgeIndex.topicOf).
 */
const GENERIC_HEADING =
  /^(?:(?:a|an|the|for|and|or|more|other|some|further|additional|important|quick|full|basic|advanced)\s+)*(?:notes?|examples?|tips?|hints?|warnings?|cautions?|important|info|information|usage|remarks?|see also|details|output|results?|samples?|demos?|code|snippet|therefore|summary|overview|caveats?|attention|danger)$/;

export function isGenericHeading(heading: string): boolean {
  const text = heading
    .replace(/^[#\s*_>-]+/, '')
    .replace(/[\s:.!*_>-]+$/, '')
    .trim()
    .toLowerCase();
  return /^\[[^\]]*\]$/.test(text) || GENERIC_HEADING.test(text) || CONTINUES.test(text);
}

/** A heading that goes on from the one before it ("Or async/await:", "And in production"): it names no topic. */
const CONTINUES = /^(?:or|and|but|nor)\s/;

/** A section's number before its title ("2.7.5. Uncommon options", "10.3 DHAT's viewer", "B) Fees"): never spoken. */
export function withoutSectionNumber(heading: string): string {
  return heading.replace(/^(?:\d+(?:\.\d+)*[.)]|\d+(?:\.\d+)+|[A-Z][.)])\s+(?=\S)/, '');
}

/** True when a heading asks something (an FAQ entry's question), not a topic label ("Service Area"). */
export function isQuestionHeading(heading: string): boolean {
  const text = heading.trim();
  return /\?["')\].]*$/.test(text) || INTERROGATIVE.test(text);
}

/**
 * Sentence split that keeps abbreviations like "a.m.", "Dr." and decimals together. A line ends a sentence too: the
 * chunker joins a paragraph's wrapped lines, so a line break left in a passage closes a list item, a table row or a
 * label and its value ("Default: 1048576 (1MiB)").
 */
export function splitSentences(text: string): string[] {
  return text.split(/\n+/).flatMap(sentencesOfLine);
}

function sentencesOfLine(text: string): string[] {
  const out: string[] = [];
  // Lazy up to a sentence end, so text with inner periods ("8 a.m. to 6", "3.5 hours") is never dropped.
  const re = /[\s\S]+?(?:[.!?]+(?=\s+[A-Z0-9"'(]|\s*$)|$)/g;
  let buffer = '';
  for (const match of text.match(re) ?? [text]) {
    buffer += match;
    const trimmed = buffer.trim();
    // Do not end a sentence after a short abbreviation ("Dr.", "St.", "a.m.") or a single initial.
    if (/\b(?:[A-Za-z]|Dr|Mr|Mrs|Ms|St|Ave|No|vs|etc|approx|[ap]\.m)\.$/.test(trimmed)) continue;
    // A step's number ("2. Enter your email. 3. Open the link.") is layout, never a sentence to speak.
    if (trimmed !== '' && !/^\d{1,2}[.)]$/.test(trimmed)) out.push(trimmed);
    buffer = '';
  }
  if (buffer.trim() !== '') out.push(buffer.trim());
  return out;
}
