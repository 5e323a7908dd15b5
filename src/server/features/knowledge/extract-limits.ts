/**
 * What one uploaded document may cost to read. Every number is checked before the parser that it protects
 * runs (or, for the text, as soon as the text is known), so a small file that unpacks or expands into
 * hundreds of MB is refused with a 4xx naming the limit instead of exhausting the server's memory.
 * The extraction thread's memory and time limits (document-extractor.ts) are the backstop behind these.
 * See docs/decisions/011-document-extraction.md ("Limits").
 */

export interface ExtractionLimits {
  /** Extracted text per document, in UTF-8 bytes. A plain-text file bigger than this is refused by size. */
  maxTextBytes: number;
  /** DOCX: the archive's parts together, unpacked, as its central directory declares them. */
  maxUnpackedBytes: number;
  /** DOCX: unpacked / packed size of any part over 1 MB unpacked. */
  maxCompressionRatio: number;
  /** DOCX: parts in the archive. */
  maxArchiveEntries: number;
  /** PDF: pages. */
  maxPdfPages: number;
  /** PDF: objects (the cross-reference table's declared size, or the objects counted in the file). */
  maxPdfObjects: number;
  /** PDF: the Flate streams other than images, unpacked, together (images are never decoded for text). */
  maxPdfStreamBytes: number;
}

const MB = 1024 * 1024;

export const EXTRACTION_LIMITS: ExtractionLimits = {
  maxTextBytes: 2 * MB,
  maxUnpackedBytes: 20 * MB,
  maxCompressionRatio: 100,
  maxArchiveEntries: 1000,
  maxPdfPages: 2000,
  maxPdfObjects: 200_000,
  maxPdfStreamBytes: 100 * MB,
};

/**
 * DOCX parts and PDF streams smaller than this unpacked are not held to the compression ratio (tiny XML
 * compresses unevenly).
 */
export const RATIO_CHECK_MIN_BYTES = 1 * MB;

/** A document exceeds one of the limits; `detail` says which, in the owner's words (after "name: "). */
export class DocumentLimitError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'DocumentLimitError';
  }
}

/** "2 MB", "1.5 MB", "512 KB", "200 bytes": a limit as the owner reads it. */
export function formatLimit(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** A size over a limit, rounded up so it never reads as the limit itself ("10.1 MB" not "10.0 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${(Math.ceil((bytes / MB) * 10) / 10).toFixed(1)} MB`;
}

export function textLimitDetail(limits: ExtractionLimits): string {
  return `the document has more than ${formatLimit(limits.maxTextBytes)} of text, the limit for one document; split it into smaller files`;
}

/** Throws when the pages' text together is over the per-document limit. */
export function assertTextWithinLimit(texts: Iterable<string>, limits: ExtractionLimits): void {
  let total = 0;
  for (const text of texts) {
    total += Buffer.byteLength(text, 'utf8');
    if (total > limits.maxTextBytes) throw new DocumentLimitError(textLimitDetail(limits));
  }
}
