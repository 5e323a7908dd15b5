/**
 * The sentences of an agent's reply, as the softphone speaks them: the relay sends one `play` per sentence, the
 * audio route speaks sentence k of the recorded reply, and the softphone tells how much the caller heard by them.
 * A sentence ends at . ! or ? followed by a space and a capital or a digit, so "8 a.m. to 6 p.m." stays whole and
 * "Mr. Smith" is not cut after "Mr.".
 */
export function replySentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])(?<!\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|No|vs)\.)\s+(?=["'(]?[A-Z0-9])/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
