/**
 * PDF -> page text with pdf.js (through unpdf, which ships a serverless build that needs no worker).
 *
 * pdf.js gives positioned text runs, not lines. We rebuild lines from baselines, mark lines set in a
 * clearly larger font than the body as headings ("# " / "## "), separate paragraphs where the vertical
 * gap is larger than the leading, re-join words hyphenated at line ends, and drop running headers and
 * footers (the same short line at the top or bottom of most pages, page numbers included).
 *
 * Errors from pdf.js (PasswordException, InvalidPDFException, ...) propagate; extract.ts classifies them.
 */
import { constants, inflateSync } from 'node:zlib';
import { getDocumentProxy } from 'unpdf';
import {
  DocumentLimitError,
  RATIO_CHECK_MIN_BYTES,
  formatLimit,
  formatMegabytes,
  textLimitDetail,
  type ExtractionLimits,
} from './extract-limits.ts';
import { joinLines, normaliseLine } from './extract-text.ts';

export interface PdfPageText {
  page: number;
  text: string;
}

export interface PdfText {
  pages: PdfPageText[];
  /** Pages pdf.js could not parse (their text is empty). */
  failedPages: number;
}

interface TextRun {
  str: string;
  x: number;
  y: number;
  size: number;
  width: number;
  rtl: boolean;
}

interface RawLine {
  text: string;
  /** Baseline, PDF units from the bottom of the page. */
  y: number;
  /** Font size of the run carrying most of the line's characters. */
  size: number;
}

/** A line at least this many times the body font size is a top-level heading ("# "). */
const TITLE_RATIO = 1.6;
/** ... at least this many times, a sub-heading ("## "). */
const HEADING_RATIO = 1.15;
const MAX_HEADING_CHARS = 150;

export async function readPdfText(data: Uint8Array, limits: ExtractionLimits): Promise<PdfText> {
  const objects = countPdfObjects(data);
  if (objects > limits.maxPdfObjects) {
    throw new DocumentLimitError(
      `the PDF has ${objects.toLocaleString('en-US')} objects, more than the limit of ${limits.maxPdfObjects.toLocaleString('en-US')}; split it into smaller files`,
    );
  }
  checkPdfStreams(data, limits);
  // pdf.js may take ownership of the array it is given; pass a copy so the caller's buffer stays intact.
  const pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0, isEvalSupported: false });
  try {
    if (pdf.numPages > limits.maxPdfPages) {
      throw new DocumentLimitError(
        `the PDF has ${pdf.numPages.toLocaleString('en-US')} pages, more than the limit of ${limits.maxPdfPages.toLocaleString('en-US')}; split it into smaller files`,
      );
    }
    const rawPages: RawLine[][] = [];
    let failedPages = 0;
    // Stops at the text limit instead of reading every page first (layout only shortens lines).
    let textBytes = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        const runs: TextRun[] = [];
        for (const item of content.items) {
          if (!('str' in item) || item.str === '') continue;
          const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
          const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height;
          runs.push({ str: item.str, x, y, size, width: item.width, rtl: item.dir === 'rtl' });
        }
        const lines = buildLines(runs);
        for (const line of lines) textBytes += Buffer.byteLength(line.text, 'utf8') + 1;
        if (textBytes > limits.maxTextBytes) throw new DocumentLimitError(textLimitDetail(limits));
        rawPages.push(lines);
        page.cleanup();
      } catch (error) {
        if (isPasswordError(error) || error instanceof DocumentLimitError) throw error;
        failedPages++;
        rawPages.push([]);
      }
    }
    removeRunningHeadersAndFooters(rawPages);
    const bodySize = dominantFontSize(rawPages);
    return {
      pages: rawPages.map((lines, index) => ({ page: index + 1, text: layoutPage(lines, bodySize) })),
      failedPages,
    };
  } finally {
    await pdf.destroy();
  }
}

/**
 * The objects a PDF holds, read from the bytes before pdf.js parses them: the largest cross-reference
 * `/Size`, or, when more, the `n g obj` headers plus the objects packed in object streams (`/N`).
 */
export function countPdfObjects(data: Uint8Array): number {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  let declared = 0;
  for (const match of text.matchAll(/\/Size\s+(\d{1,12})/g)) declared = Math.max(declared, Number(match[1]));
  let counted = 0;
  for (const _ of text.matchAll(/\d+\s+\d+\s+obj\b/g)) counted++;
  for (const match of text.matchAll(
    /\/Type\s*\/ObjStm\b[^>]*?\/N\s+(\d{1,12})|\/N\s+(\d{1,12})[^>]*?\/Type\s*\/ObjStm\b/g,
  )) {
    counted += Number(match[1] ?? match[2]);
  }
  return Math.max(declared, counted);
}

/**
 * A PDF bomb is a Flate stream (usually a page's content) that unpacks to hundreds of MB: pdf.js would decode
 * it whole while reading the page. Each compressed stream except images is inflated here first, capped at
 * the ratio limit (and the total), so nothing past the limits is ever produced. Streams that do not inflate
 * are left to pdf.js, which reports damage its own way.
 */
function checkPdfStreams(data: Uint8Array, limits: ExtractionLimits): void {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const text = bytes.toString('latin1');
  let total = 0;
  for (const match of text.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const dictionary = text.slice(Math.max(0, match.index - 2048), match.index);
    const own = dictionary.slice(dictionary.lastIndexOf(' obj') + 1);
    if (!/\/FlateDecode\b/.test(own) || /\/Subtype\s*\/Image\b/.test(own)) continue;
    const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(own);
    const end = direct ? start + Number(direct[1]) : text.indexOf('endstream', start);
    if (end <= start || end > bytes.length) continue;
    const packed = bytes.subarray(start, end);
    const ratioCap = Math.max(RATIO_CHECK_MIN_BYTES, limits.maxCompressionRatio * packed.length);
    const totalCap = limits.maxPdfStreamBytes - total;
    let unpacked: number;
    try {
      unpacked = inflateSync(packed, {
        maxOutputLength: Math.min(ratioCap, totalCap) + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') continue;
      unpacked = Math.min(ratioCap, totalCap) + 1;
    }
    if (unpacked > ratioCap) {
      throw new DocumentLimitError(
        `the PDF is compressed more than ${limits.maxCompressionRatio} to 1, the limit (a stream of ${formatLimit(packed.length)} unpacks to more than ${formatMegabytes(ratioCap)}); it was not opened`,
      );
    }
    total += unpacked;
    if (total > limits.maxPdfStreamBytes) {
      throw new DocumentLimitError(
        `the PDF's text and fonts unpack to more than ${formatLimit(limits.maxPdfStreamBytes)}, the limit; split it into smaller files`,
      );
    }
  }
}

function isPasswordError(error: unknown): boolean {
  return error instanceof Error && error.name === 'PasswordException';
}

/**
 * Groups runs into lines. Runs come in content-stream order, which already follows the reading order of
 * columns; a new line starts whenever the baseline moves by more than half the font size.
 */
function buildLines(runs: TextRun[]): RawLine[] {
  const lines: RawLine[] = [];
  let current: TextRun[] = [];
  const flush = (): void => {
    if (current.length === 0) return;
    const line = joinRuns(current);
    if (line !== null) lines.push(line);
    current = [];
  };
  for (const run of runs) {
    const first = current[0];
    if (first !== undefined && Math.abs(run.y - first.y) > 0.5 * Math.min(run.size, first.size)) flush();
    current.push(run);
  }
  flush();
  return lines;
}

function joinRuns(runs: TextRun[]): RawLine | null {
  const ordered = runs.some((run) => run.rtl) ? runs : [...runs].sort((p, q) => p.x - q.x);
  let text = '';
  let previous: TextRun | undefined;
  const charsBySize = new Map<number, number>();
  for (const run of ordered) {
    if (previous !== undefined && !/\s$/.test(text) && !/^\s/.test(run.str)) {
      // pdf.js usually emits spaces itself; a visible gap between runs without one is a word break.
      const gap = run.x - (previous.x + previous.width);
      if (gap > 0.15 * Math.min(run.size, previous.size)) text += ' ';
    }
    text += run.str;
    const size = Math.round(run.size * 2) / 2;
    charsBySize.set(size, (charsBySize.get(size) ?? 0) + run.str.length);
    previous = run;
  }
  const normalised = normaliseLine(text);
  if (normalised === '') return null;
  return { text: normalised, y: ordered[0]!.y, size: mostFrequent(charsBySize) };
}

function mostFrequent(counts: Map<number, number>): number {
  let best = 0;
  let bestCount = -1;
  for (const [value, count] of counts) {
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/** The body text size: the font size carrying the most characters in the whole document. */
function dominantFontSize(pages: RawLine[][]): number {
  const counts = new Map<number, number>();
  for (const lines of pages) {
    for (const line of lines) counts.set(line.size, (counts.get(line.size) ?? 0) + line.text.length);
  }
  return mostFrequent(counts);
}

/**
 * Drops lines that repeat at the top or bottom of most pages (digits ignored, so "Page 3 of 40" counts
 * as the same line everywhere). Needs three pages or more to tell a running header from content.
 */
function removeRunningHeadersAndFooters(pages: RawLine[][]): void {
  if (pages.length < 3) return;
  const key = (line: RawLine): string => line.text.toLowerCase().replace(/\d+/g, '#');
  const edgeLines = (lines: RawLine[]): RawLine[] => {
    const byHeight = [...lines].sort((p, q) => q.y - p.y);
    return [...new Set([...byHeight.slice(0, 2), ...byHeight.slice(-2)])];
  };
  const pagesWithKey = new Map<string, number>();
  for (const lines of pages) {
    for (const k of new Set(edgeLines(lines).map(key))) pagesWithKey.set(k, (pagesWithKey.get(k) ?? 0) + 1);
  }
  const threshold = Math.max(3, Math.ceil(pages.length * 0.5));
  pages.forEach((lines, index) => {
    const drop = new Set(edgeLines(lines).filter((line) => (pagesWithKey.get(key(line)) ?? 0) >= threshold));
    if (drop.size > 0) pages[index] = lines.filter((line) => !drop.has(line));
  });
}

function headingLevel(line: RawLine, bodySize: number): 0 | 1 | 2 {
  if (bodySize <= 0) return 0;
  const ratio = line.size / bodySize;
  if (ratio < HEADING_RATIO) return 0;
  if (line.text.length > MAX_HEADING_CHARS || !/\p{L}/u.test(line.text) || /[,;]$/.test(line.text)) return 0;
  return ratio >= TITLE_RATIO ? 1 : 2;
}

/** Lines of one page -> text with headings marked, paragraphs separated by blank lines, hyphenation undone. */
function layoutPage(lines: RawLine[], bodySize: number): string {
  const out: string[] = [];
  let previous: RawLine | undefined;
  let previousLevel = 0;
  for (const line of lines) {
    const level = headingLevel(line, bodySize);
    const sameBlock =
      previous !== undefined &&
      level === previousLevel &&
      Math.abs(line.size - previous.size) <= 0.1 * previous.size &&
      previous.y - line.y > 0 &&
      previous.y - line.y <= 1.5 * Math.max(line.size, previous.size);
    const last = out.length - 1;
    if (sameBlock && level > 0) {
      // A heading wrapped over several lines is still one heading.
      out[last] = `${out[last]} ${line.text}`;
    } else if (sameBlock) {
      const [joinedPrevious, rest] = undoHyphenation(out[last]!, line.text);
      out[last] = joinedPrevious;
      if (rest !== '') out.push(rest);
    } else {
      if (out.length > 0) out.push('');
      out.push(level === 1 ? `# ${line.text}` : level === 2 ? `## ${line.text}` : line.text);
    }
    previous = line;
    previousLevel = level;
  }
  return joinLines(out);
}

/** "brake adjust-" + "ments are done" -> "brake adjustments" + "are done". */
function undoHyphenation(previous: string, next: string): [string, string] {
  if (!/\p{Ll}-$/u.test(previous) || !/^\p{Ll}/u.test(next)) return [previous, next];
  const match = /^(\S+)\s*(.*)$/u.exec(next)!;
  return [previous.slice(0, -1) + match[1], match[2] ?? ''];
}
