/**
 * One uploaded file -> the passages the agent will answer from: extraction (extract.ts) then the splitter.
 * This is the work the extraction thread does (extraction-thread.ts); it needs nothing from the server.
 */
import { splitIntoPassages, type PassageDraft } from '../../agent/passages.ts';
import { ExtractionError, extractDocument, type DocumentKind, type ExtractionLimits } from './extract.ts';

export interface ExtractedPassages {
  kind: DocumentKind;
  /** PDF page count; null for formats without reliable pages. */
  pageCount: number | null;
  passages: PassageDraft[];
}

/** Throws ExtractionError when the file cannot be used. */
export async function extractPassages(
  file: { filename: string; data: Buffer },
  limits?: ExtractionLimits,
): Promise<ExtractedPassages> {
  const extracted = await extractDocument(file, limits);
  const passages = splitIntoPassages(extracted.pages);
  if (passages.length === 0) {
    throw new ExtractionError(file.filename, 'no_text', `${file.filename}: the document contains no text`);
  }
  const pageCount = extracted.pages.some((page) => page.page !== null) ? extracted.pages.length : null;
  return { kind: extracted.kind, pageCount, passages };
}
