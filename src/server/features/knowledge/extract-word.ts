/**
 * Word documents -> page text. DOCX through mammoth (its HTML keeps heading styles, which become
 * "# " / "## " lines); DOC (Word 97-2003) through word-extractor, which yields paragraphs without styles.
 * Parser errors propagate; extract.ts classifies them.
 */
import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import {
  DocumentLimitError,
  RATIO_CHECK_MIN_BYTES,
  assertTextWithinLimit,
  formatLimit,
  formatMegabytes,
  type ExtractionLimits,
} from './extract-limits.ts';
import { joinLines, normaliseLine } from './extract-text.ts';
import { readZipDirectory, verifyZipEntries } from './extract-zip.ts';

/** Title and Subtitle are not in mammoth's default style map; Heading 1-6 already map to h1-h6. */
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

/** Images carry no text we can read; keep them out of the HTML instead of inlining them as data URIs. */
const dropImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

export async function readDocxText(data: Buffer, limits: ExtractionLimits): Promise<string> {
  checkDocxArchive(data, limits);
  const result = await mammoth.convertToHtml(
    { buffer: data },
    { styleMap: STYLE_MAP, convertImage: dropImages, ignoreEmptyParagraphs: true },
  );
  // The unpacked limit bounds this HTML, and so the work of turning it into text.
  const text = htmlToText(result.value);
  assertTextWithinLimit([text], limits);
  return text;
}

/**
 * A zip bomb is refused before mammoth (JSZip) unpacks anything: the central directory's entry count,
 * declared unpacked sizes and compression ratios are checked, then each part is inflated with its declared
 * size as a hard cap, so a directory that understates a part is caught as damage (ZipFormatError).
 */
function checkDocxArchive(data: Buffer, limits: ExtractionLimits): void {
  const entries = readZipDirectory(data);
  if (entries.length > limits.maxArchiveEntries) {
    throw new DocumentLimitError(
      `the Word document has ${entries.length} parts, more than the limit of ${limits.maxArchiveEntries}`,
    );
  }
  const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > limits.maxUnpackedBytes) {
    throw new DocumentLimitError(
      `the Word document unpacks to ${formatMegabytes(unpacked)}, more than the ${formatLimit(limits.maxUnpackedBytes)} limit`,
    );
  }
  for (const entry of entries) {
    if (entry.uncompressedSize < RATIO_CHECK_MIN_BYTES) continue;
    if (entry.uncompressedSize > limits.maxCompressionRatio * Math.max(entry.compressedSize, 1)) {
      throw new DocumentLimitError(
        `the Word document is compressed more than ${limits.maxCompressionRatio} to 1, the limit (a part of ${formatLimit(entry.compressedSize)} unpacks to ${formatMegabytes(entry.uncompressedSize)}); it was not opened`,
      );
    }
  }
  verifyZipEntries(data, entries);
}

type Block = 'heading1' | 'heading2' | 'paragraph' | 'item';

const MARK: Record<Block, string> = {
  heading1: '\u0001H1',
  heading2: '\u0001H2',
  paragraph: '\u0001P',
  item: '\u0001LI',
};

/**
 * mammoth's HTML is small and regular (h1-h6, p, ul/ol/li, table/tr/td, inline tags), so a few
 * replacements turn it into lines: each paragraph or heading its own block, list items and table rows
 * kept together in one block (a table row becomes "cell | cell").
 */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g, (_, row: string) => {
      const cells = [...row.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/g)]
        .map((cell) => inlineText(cell[1]!.replace(/<\/p>|<br\s*\/?>/g, ' ')))
        .filter((cell) => cell !== '');
      return `\n${MARK.item} ${cells.join(' | ')}\n`;
    })
    .replace(/<h1\b[^>]*>/g, `\n${MARK.heading1} `)
    .replace(/<h[2-6]\b[^>]*>/g, `\n${MARK.heading2} `)
    .replace(/<li\b[^>]*>/g, `\n${MARK.item} `)
    .replace(/<p\b[^>]*>/g, `\n${MARK.paragraph} `)
    .replace(/<\/(h[1-6]|p|li|ul|ol|table)>|<br\s*\/?>/g, '\n');

  const out: string[] = [];
  let previousBlock: Block | null = null;
  for (const rawLine of marked.split('\n')) {
    const match = /^\s*\u0001(H1|H2|P|LI) ?([\s\S]*)$/.exec(rawLine);
    const block: Block = match
      ? ({ H1: 'heading1', H2: 'heading2', P: 'paragraph', LI: 'item' } as const)[
          match[1] as 'H1' | 'H2' | 'P' | 'LI'
        ]
      : 'paragraph';
    const text = inlineText(match ? match[2]! : rawLine);
    if (text === '') continue;
    if (!(block === 'item' && previousBlock === 'item')) out.push('');
    out.push(block === 'heading1' ? `# ${text}` : block === 'heading2' ? `## ${text}` : text);
    previousBlock = block;
  }
  return joinLines(out);
}

function inlineText(html: string): string {
  return normaliseLine(decodeEntities(html.replace(/<[^>]*>/g, '')));
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }[lower] ?? entity;
  });
}

export async function readDocText(data: Buffer, limits: ExtractionLimits): Promise<string> {
  // An OLE2 file is not compressed: its text is at most the 10 MB file, so it is checked once read.
  const document = await new WordExtractor().extract(data);
  const body = [document.getBody(), document.getTextboxes({ includeHeadersAndFooters: false })].join('\n');
  const out: string[] = [];
  let previousWasRow = false;
  for (const rawLine of body.split(/\r\n|[\r\n]/)) {
    // word-extractor ends each table cell with a tab; such a line is a table row.
    const isRow = /\t$/.test(rawLine) && rawLine.trim() !== '';
    const text = normaliseLine(
      isRow
        ? rawLine
            .replace(/\t+$/, '')
            .split(/\t+/)
            .map((cell) => cell.trim())
            .join(' | ')
        : rawLine,
    );
    if (text === '') continue;
    if (!(isRow && previousWasRow)) out.push('');
    out.push(text);
    previousWasRow = isRow;
  }
  const text = joinLines(out);
  assertTextWithinLimit([text], limits);
  return text;
}
