declare module 'wink-lemmatizer' {
  /** The base form of an English word, by WordNet's exception lists and detachment rules. */
  const lemmatizer: {
    noun(word: string): string;
    verb(word: string): string;
    adjective(word: string): string;
  };
  export default lemmatizer;
}
