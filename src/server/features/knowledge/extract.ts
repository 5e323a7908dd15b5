/**
 * Ingestion, step one: an uploaded file -> normalised text per page, whatever the format.
 *
 * The type is decided by the bytes, never by the name (a DOCX called menu.pdf is read as DOCX). Anything
 * we cannot read becomes an ExtractionError naming the file and the reason; the route maps it to a 4xx.
 * See docs/decisions/011-document-extraction.md.
 */
import {
  DocumentLimitError,
  EXTRACTION_LIMITS,
  assertTextWithinLimit,
  formatMegabytes,
  textLimitDetail,
  type ExtractionLimits,
} from './extract-limits.ts';
import { htmlToReadableText, isHtmlDocument } from './extract-html.ts';
import { readableMarkup } from './extract-markup.ts';
import { decodeText, hasReadableText, normaliseText, utf16Encoding } from './extract-text.ts';
import { readPdfText } from './extract-pdf.ts';
import { readDocText, readDocxText } from './extract-word.ts';
import { MAX_FILE_BYTES } from '../../lib/upload-limits.ts';

export { EXTRACTION_LIMITS, type ExtractionLimits };

export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'txt';

/** One page of an extracted document. `text` lines are separated by "\n"; "# " / "## " lines are known headings. */
export interface ExtractedPage {
  page: number | null;
  text: string;
}

export type ExtractionFailure =
  'unsupported_type' | 'too_large' | 'empty' | 'no_text' | 'encrypted' | 'corrupt';

export class ExtractionError extends Error {
  constructor(
    public filename: string,
    public reason: ExtractionFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

export const MAX_DOCUMENT_BYTES = MAX_FILE_BYTES;

export interface ExtractedDocument {
  kind: DocumentKind;
  pages: ExtractedPage[];
}

const KIND_LABEL: Record<DocumentKind, string> = {
  pdf: 'the PDF',
  docx: 'the Word document',
  doc: 'the Word document',
  txt: 'the text file',
};

const SUPPORTED = 'Upload a PDF, a Word document or a plain-text file.';

/**
 * Reads one document within `limits` (see extract-limits.ts). Meant to run off the main thread
 * (document-extractor.ts); every limit is checked before the parser it protects, so this never needs
 * much more memory or time than a valid document of the maximum size.
 */
export async function extractDocument(
  file: { filename: string; data: Buffer },
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<ExtractedDocument> {
  const { filename, data } = file;
  const fail = (reason: ExtractionFailure, detail: string): ExtractionError =>
    new ExtractionError(filename, reason, `${displayName(filename)}: ${detail}`);

  if (data.length === 0) throw fail('empty', 'the file is empty');
  if (data.length > MAX_DOCUMENT_BYTES) {
    throw fail('too_large', `the file is ${formatMegabytes(data.length)}, more than the 10 MB limit`);
  }

  const sniffed = sniffDocument(data, limits);
  if (sniffed.kind === 'unsupported') {
    throw fail('unsupported_type', `unsupported file type (${sniffed.description}). ${SUPPORTED}`);
  }
  if (sniffed.kind === 'encrypted') {
    throw fail(
      'encrypted',
      `${sniffed.description} is password-protected; remove the password and upload it again`,
    );
  }

  const kind = sniffed.kind;
  // A text file is its text: one bigger than the text limit is refused by its size, before decoding it.
  if (kind === 'txt' && data.length > maxTextFileBytes(data, limits)) {
    throw fail('too_large', textLimitDetail(limits));
  }
  let pages: ExtractedPage[];
  try {
    pages = await readPages(kind, data, limits, filename);
    assertTextWithinLimit(
      pages.map((page) => page.text),
      limits,
    );
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    if (error instanceof DocumentLimitError) throw fail('too_large', error.detail);
    if (kind === 'pdf' && error instanceof Error && error.name === 'PasswordException') {
      throw fail('encrypted', 'the PDF is password-protected; remove the password and upload it again');
    }
    throw fail('corrupt', `${KIND_LABEL[kind]} is damaged or incomplete and cannot be read`);
  }

  if (!pages.some((page) => hasReadableText(page.text))) {
    throw kind === 'pdf'
      ? fail('no_text', 'the PDF has no readable text (it may be a scanned image)')
      : kind === 'txt'
        ? fail('empty', 'the file contains no text')
        : fail('no_text', `${KIND_LABEL[kind]} contains no text`);
  }
  return { kind, pages };
}

async function readPages(
  kind: DocumentKind,
  data: Buffer,
  limits: ExtractionLimits,
  filename: string,
): Promise<ExtractedPage[]> {
  switch (kind) {
    case 'pdf': {
      const { pages, failedPages } = await readPdfText(data, limits);
      const readable = pages.filter((page) => hasReadableText(page.text));
      // Some pages failed to parse and none of the rest has text: the file is broken, not a scan.
      if (failedPages > 0 && readable.length === 0) throw new Error('no page could be parsed');
      return pages;
    }
    case 'docx':
      return [{ page: null, text: await readDocxText(data, limits) }];
    case 'doc':
      return [{ page: null, text: await readDocText(data, limits) }];
    case 'txt': {
      const decoded = decodeText(data);
      if (decoded === null) throw new Error('not text');
      // A saved web page is read as a browser shows it (its main content), as is a page's markup without its
      // <html> (a fragment named .html); other text may be Markdown.
      const fragment = /\.html?$/i.test(filename) && /^\uFEFF?\s*</.test(decoded.text);
      const readable =
        isHtmlDocument(decoded.text) || fragment
          ? htmlToReadableText(decoded.text)
          : readableMarkup(decoded.text);
      return [{ page: null, text: normaliseText(readable) }];
    }
  }
}

type Sniffed =
  | { kind: DocumentKind }
  | { kind: 'encrypted'; description: string }
  | { kind: 'unsupported'; description: string };

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Well-known binary formats, named so the error tells the owner what they actually uploaded. */
const BINARY_SIGNATURES: Array<{ offset: number; bytes: number[] | string; description: string }> = [
  { offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47], description: 'a PNG image' },
  { offset: 0, bytes: [0xff, 0xd8, 0xff], description: 'a JPEG image' },
  { offset: 0, bytes: 'GIF8', description: 'a GIF image' },
  { offset: 8, bytes: 'WEBP', description: 'a WebP image' },
  { offset: 4, bytes: 'ftypheic', description: 'a HEIC image' },
  { offset: 0, bytes: [0x49, 0x49, 0x2a, 0x00], description: 'a TIFF image' },
  { offset: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a], description: 'a TIFF image' },
  { offset: 0, bytes: 'BM', description: 'a BMP image' },
  { offset: 0, bytes: 'MZ', description: 'a program (executable)' },
  { offset: 0, bytes: [0x7f, 0x45, 0x4c, 0x46], description: 'a program (executable)' },
  { offset: 0, bytes: [0x1f, 0x8b], description: 'a compressed (gzip) file' },
  { offset: 0, bytes: 'Rar!', description: 'a RAR archive' },
  { offset: 0, bytes: [0x37, 0x7a, 0xbc, 0xaf], description: 'a 7-Zip archive' },
  { offset: 0, bytes: '{\\rtf', description: 'an RTF document (save it as DOCX or PDF)' },
];

function startsWith(data: Buffer, offset: number, bytes: number[] | string): boolean {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return (
    data.length >= offset + expected.length &&
    data.subarray(offset, offset + expected.length).equals(expected)
  );
}

/**
 * The largest text file, in bytes, whose text can be within the limit: UTF-16 takes two bytes for a
 * character UTF-8 stores in one, every other encoding we read takes no more bytes than UTF-8.
 */
function maxTextFileBytes(data: Buffer, limits: ExtractionLimits): number {
  return utf16Encoding(data) === null ? limits.maxTextBytes : 2 * limits.maxTextBytes;
}

/** A text file over the text limit is recognised by its first bytes (it is refused by size, unread). */
const TEXT_SNIFF_BYTES = 64 * 1024;

/** Decides the document kind from the bytes alone. */
function sniffDocument(data: Buffer, limits: ExtractionLimits): Sniffed {
  // The PDF header may follow a little junk (some generators prepend bytes); readers accept it within 1 KB.
  if (data.subarray(0, 1024).includes('%PDF-')) return { kind: 'pdf' };

  if (startsWith(data, 0, ZIP_MAGIC)) {
    // File names sit uncompressed in the ZIP headers, so a byte search finds the main part of a DOCX.
    if (data.includes('word/document')) return { kind: 'docx' };
    if (data.includes('application/vnd.oasis.opendocument.text')) {
      return { kind: 'unsupported', description: 'an OpenDocument text file (save it as DOCX or PDF)' };
    }
    if (data.includes('xl/workbook')) return { kind: 'unsupported', description: 'an Excel spreadsheet' };
    if (data.includes('ppt/presentation'))
      return { kind: 'unsupported', description: 'a PowerPoint presentation' };
    return { kind: 'unsupported', description: 'a ZIP archive' };
  }

  if (startsWith(data, 0, OLE2_MAGIC)) {
    // Stream names in the compound-file directory are UTF-16LE.
    if (data.includes(Buffer.from('EncryptedPackage', 'utf16le'))) {
      return { kind: 'encrypted', description: 'the Word document' };
    }
    if (data.includes(Buffer.from('WordDocument', 'utf16le'))) return { kind: 'doc' };
    return {
      kind: 'unsupported',
      description: 'an Office file that is not a Word document (e.g. Excel or PowerPoint)',
    };
  }

  for (const signature of BINARY_SIGNATURES) {
    if (startsWith(data, signature.offset, signature.bytes)) {
      return { kind: 'unsupported', description: signature.description };
    }
  }
  // Decoding here and again in readPages costs a few milliseconds on a 2 MB file; it keeps the sniffer pure.
  const sample = data.length > maxTextFileBytes(data, limits) ? data.subarray(0, TEXT_SNIFF_BYTES) : data;
  if (decodeText(sample) !== null) return { kind: 'txt' };
  return { kind: 'unsupported', description: 'binary data that is not a document' };
}

/** The name as the owner knows it: no folders some browsers still send, no control characters. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/\p{Cc}/gu, '').trim();
  return clean === '' ? 'The file' : clean;
}
