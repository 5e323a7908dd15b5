/**
 * Plain-text uploads are often Markdown or carry HTML saved from a web page or a help centre. What a caller must
 * never hear is the markup: tags (`<a id="x"></a>`), link targets, emphasis marks, table rules, and code. This
 * turns such text into the lines a person would read aloud, keeping headings ("# ") for the chunker.
 *
 * - Fenced code blocks (``` or ~~~) are dropped: code is read on a screen, never over the phone.
 * - HTML comments, scripts and styles are dropped; other tags too, their text kept (`<b>Open</b>` -> "Open");
 *   `<br>` breaks the line. (A whole saved web page is read by extract-html.ts instead.)
 * - Links keep their words (`[the docs](https://…)` -> "the docs"), images and link definitions go.
 * - Inline code and emphasis keep their words (`` `bodyLimit` `` -> "bodyLimit", `**free**` -> "free").
 * - Table rows become one sentence of their cells ("| Basic | $99 |" -> "Basic: $99."), naming each value's column
 *   under a header of three or more ("Electric bike: 2 hours, $40; Full day, $90."); rule rows go.
 * - Lists of nothing but links (a table of contents, a menu) are dropped: navigation, not content.
 * - A quote's marks go ("> Note: …" -> "Note: …").
 */

import { namesColumns, tableRowSentence } from './table-rows.ts';

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const TAG = /<\/?[A-Za-z][\w:-]*(?:\s+[^<>]*)?\/?>/g;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const LINK_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*\S+.*$/;

export function readableMarkup(text: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  /** The lines of the open fence: kept after all when it never closes (a stray ``` is not code). */
  let fenced: string[] = [];
  // Comments, and what scripts and styles hold, are never text (even when a page was pasted into a text file).
  const bare = text.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  for (const line of foldTables(bare.split('\n'))) {
    const opening = FENCE.exec(line);
    if (fence !== null) {
      if (opening && opening[1]![0] === fence[0] && opening[1]!.length >= fence.length) {
        fence = null;
        fenced = [];
      } else fenced.push(line);
      continue;
    }
    if (opening) fence = opening[1]!;
    else if (!TABLE_RULE.test(line) && !LINK_DEFINITION.test(line)) kept.push(line);
  }
  kept.push(...fenced);
  dropLinkLists(kept);
  // Links and tags may run over a line break ("[`createServer`\nmethod](https://…)").
  const joined = kept
    .join('\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/!\[[^\]]{0,300}\]\([^)\s]*\)/g, '') // images
    .replace(/\[([^\]]{1,300})\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1') // [words](target)
    .replace(/\[([^\]]{1,300})\]\[[^\]]*\]/g, '$1') // [words][reference]
    .replace(TAG, '');
  return joined
    .split('\n')
    .map((line) => inline(tableRow(line)))
    .join('\n');
}

/** A list line that is only a link: an entry of a table of contents or a menu. */
const LINK_ITEM =
  /^\s*(?:(?:[-*+]|\d+[.)])\s+\[[^\]]+\](?:\([^)]*\)|\[[^\]]*\])|(?:<li[^>]*>\s*)?<a\s[^>]*>[^<]*<\/a>\s*(?:<\/li>)?)\s*$/i;
/** From this many link lines in a row (blank lines between them allowed), the list is navigation. */
export const NAVIGATION_RUN = 3;

/** Tables of contents and menus are navigation, never an answer: their lines are removed in place. */
function dropLinkLists(lines: string[]): void {
  for (let i = 0; i < lines.length;) {
    if (!LINK_ITEM.test(lines[i]!)) {
      i++;
      continue;
    }
    let j = i;
    let links = 0;
    while (j < lines.length && (LINK_ITEM.test(lines[j]!) || lines[j]!.trim() === '')) {
      if (lines[j]!.trim() !== '') links++;
      j++;
    }
    if (links >= NAVIGATION_RUN) lines.splice(i, j - i, '');
    i = links >= NAVIGATION_RUN ? i + 1 : j;
  }
}

/** The cells of a Markdown table line ("| Basic | $99 |"), or null when it is not one (it must start and end with a bar). */
function cellsOf(line: string): string[] | null {
  const trimmed = line.trim();
  if (!/^\|.*\|$/.test(trimmed) || trimmed.length < 3) return null;
  return trimmed
    .slice(1, -1)
    .split('|')
    .map((c) => c.trim());
}

/**
 * A table whose header names three or more columns: each row under it becomes the sentence that names its values'
 * columns (table-rows.ts), and the header and its rule go.
 */
function foldTables(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const header = cellsOf(lines[i]!);
    if (header === null || !namesColumns(header) || !TABLE_RULE.test(lines[i + 1] ?? '')) {
      out.push(lines[i]!);
      continue;
    }
    i++; // the rule
    while (i + 1 < lines.length && cellsOf(lines[i + 1]!) !== null) {
      i++;
      const cells = cellsOf(lines[i]!)!;
      out.push(cells.every((c) => c === '') ? '' : tableRowSentence(cells, header));
    }
  }
  return out;
}

/** "| Basic | $99 | 100 minutes |" -> "Basic: $99, 100 minutes." (only lines that start and end with a bar). */
function tableRow(line: string): string {
  const cells = cellsOf(line)?.filter((c) => c !== '');
  if (cells === undefined) return line;
  return cells.length === 0 ? '' : tableRowSentence(cells);
}

function inline(line: string): string {
  return line
    .replace(/^\s{0,3}(?:>\s?)+/, '') // a quote's marks ("> Note: …"): its words are read as they are
    .replace(/`+([^`]+?)`+/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[\s(])[*_](?=\S)([^*_]+?)(?<=\S)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
