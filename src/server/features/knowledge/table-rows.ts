/**
 * A table row as the sentence a person would read aloud. A caller cannot see the columns, so a row of a table
 * with a header of three or more columns names each value's column:
 *
 *   | Bike type | 2 hours | Full day |        ->  "Electric bike: 2 hours, $40; Full day, $90."
 *   | Electric bike | $40 | $90 |
 *
 * and the header row itself is not kept (its words are in every row). Other rows become one sentence of their
 * cells ("| Basic | $99 |" -> "Basic: $99.").
 */

/** A header names the columns of the rows under it when it has a row label and at least two value columns. */
export function namesColumns(header: readonly string[]): boolean {
  return header.length >= 3 && header.every((cell) => cell.trim() !== '');
}

export function tableRowSentence(cells: readonly string[], header: readonly string[] | null = null): string {
  const [first, ...rest] = cells;
  if (first === undefined) return '';
  let sentence: string;
  if (header !== null && namesColumns(header) && header.length === cells.length) {
    const pairs = rest
      .map((value, i) => ({ column: header[i + 1]!.trim(), value: value.trim() }))
      .filter((p) => p.value !== '' && !/^[-–—]$/.test(p.value))
      .map((p) => `${p.column}, ${p.value.replace(/;+$/, '')}`);
    sentence = pairs.length > 0 ? `${first}: ${pairs.join('; ')}` : first;
  } else {
    sentence = rest.length > 0 ? `${first}: ${rest.join(', ')}` : first;
  }
  return /[.!?:]$/.test(sentence) ? sentence : `${sentence}.`;
}
