// word-extractor ships no types; this covers the part extract-word.ts uses.
declare module 'word-extractor' {
  interface WordTextOptions {
    /** Default true: turns curly quotes and similar characters into ASCII. */
    filterUnicode?: boolean;
  }
  interface WordDocument {
    getBody(options?: WordTextOptions): string;
    getFootnotes(options?: WordTextOptions): string;
    getEndnotes(options?: WordTextOptions): string;
    getHeaders(options?: WordTextOptions & { includeFooters?: boolean }): string;
    getFooters(options?: WordTextOptions): string;
    getAnnotations(options?: WordTextOptions): string;
    getTextboxes(
      options?: WordTextOptions & { includeHeadersAndFooters?: boolean; includeBody?: boolean },
    ): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
}
