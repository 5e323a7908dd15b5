/**
 * A table row as the sentence a person would read aloud. A caller cannot see the columns, so a row of a table
 * with a header of three or more columns names each value's column:
 *
 *   | Bike type | 2 hours | Full day |        ->  "Electric bike: 2 hours, $40; Full day, $90."
 *   | Electric bike | $40 | $90 |
 *
 *   |                       | Starter | Growth |  ->  "Price, billed monthly: Starter, $15; Growth, $35."
 *   | Price, billed monthly | $15     | $35    |
 *
 * and the header row itself is not kept (its words are in every row). Other rows become one sentence of their
 * cells ("| Basic | $99 |" -> "Basic: $99.").
 */

/**
 * A header names the columns of the rows under it when it has at least two named value columns. Its first cell
 * labels the row labels ("Bike type") or is left empty, as in a comparison of plans (" | Starter | Growth | Pro").
 */
export function namesColumns(header: readonly string[]): boolean {
  return header.length >= 3 && header.slice(1).every((cell) => cell.trim() !== '');
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
