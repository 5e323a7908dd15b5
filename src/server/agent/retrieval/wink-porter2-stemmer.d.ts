declare module 'wink-porter2-stemmer' {
  /** The Porter2 (English Snowball) stem of a lower-case English word. */
  export default function stem(word: string): string;
}
