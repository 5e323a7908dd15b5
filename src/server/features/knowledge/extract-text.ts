/**
 * Text decoding and normalisation shared by every document kind (see extract.ts).
 */

/** Characters that carry no visible text: soft hyphen, zero-width space, word joiner, BOM. */
const INVISIBLE = /[\u00AD\u200B\u2060\uFEFF]/g;
/**
 * Emoji, which are pictures, not words: a callout's "ℹ️ Note:" would otherwise be read "i Note" (NFKC turns the
 * information sign into a letter). Symbols drawn as text (©, ™) stay.
 */
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/gu;
/** C0/C1 control characters; tabs and line breaks are handled before this runs. */
const CONTROL = /\p{Cc}/gu;

/**
 * One line as callers will read it: no emoji, Unicode NFKC (ligatures, full-width forms, non-breaking spaces
 * become plain characters), no control or invisible characters, whitespace collapsed, trimmed.
 */
export function normaliseLine(line: string): string {
  return line
    .replace(EMOJI, '')
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/[\t\v\f]/g, ' ')
    .replace(CONTROL, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Joins lines into page text: at most one blank line in a row, none at the start or end. */
export function joinLines(lines: Iterable<string>): string {
  const out: string[] = [];
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

/** Plain text -> normalised page text, keeping the author's blank lines as block breaks. */
export function normaliseText(text: string): string {
  return joinLines(text.split(/\r\n|[\r\n\f\u2028\u2029\u0085]/).map(normaliseLine));
}

/** True when the text has at least one letter or digit (anything a caller could be told). */
export function hasReadableText(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Decodes bytes that should be plain text: UTF-8 (with or without BOM), UTF-16 LE/BE (BOM, or the
 * tell-tale zero bytes of mostly-ASCII text without one), otherwise Windows-1252 (a superset of
 * Latin-1 as browsers decode it). Returns null when the bytes are not text (binary data).
 */
export function decodeText(data: Uint8Array): { text: string; encoding: TextEncodingName } | null {
  const encoding = detectEncoding(data);
  if (encoding === null) return null;
  let text: string;
  try {
    text =
      encoding === 'windows-1252'
        ? decodeWindows1252(data)
        : new TextDecoder(encoding, { fatal: true }).decode(data);
  } catch {
    return null;
  }
  return looksLikeText(text) ? { text, encoding } : null;
}

/**
 * Windows-1252 is Latin-1 except 0x80-0x9F, which hold € ‘ ’ “ ” – — and friends. Node 20's TextDecoder
 * decodes 'windows-1252' as plain Latin-1 (0x80 -> U+0080), so the upper block is mapped here.
 * The five unassigned bytes (0x81 0x8D 0x8F 0x90 0x9D) stay C1 controls and count as "not text".
 */
// prettier-ignore
const WINDOWS_1252_HIGH = String.fromCharCode(
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
);

function decodeWindows1252(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009F]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}

/** UTF-16 (LE or BE) by its byte-order mark, or by the zero bytes of mostly-Latin text in the first 8 KB. */
export function utf16Encoding(data: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  if (data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';
  const zeros = zeroBytes(data);
  return zeros === 'none' || zeros === 'mixed' ? null : zeros;
}

function zeroBytes(data: Uint8Array): 'none' | 'mixed' | 'utf-16le' | 'utf-16be' {
  const sample = data.subarray(0, 8192);
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) zeroEven++;
      else zeroOdd++;
    }
  }
  if (zeroEven + zeroOdd === 0) return 'none';
  const halves = sample.length / 2;
  // UTF-16 without a BOM: mostly-Latin text has a zero in every other byte, on one side only.
  if (sample.length % 2 === 0 && zeroOdd > halves * 0.3 && zeroEven === 0) return 'utf-16le';
  if (sample.length % 2 === 0 && zeroEven > halves * 0.3 && zeroOdd === 0) return 'utf-16be';
  return 'mixed';
}

function detectEncoding(data: Uint8Array): TextEncodingName | null {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 'utf-8';
  if (data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  if (data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';

  const zeros = zeroBytes(data);
  if (zeros === 'mixed') return null;
  if (zeros !== 'none') return zeros;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Text a person wrote has (almost) no control characters or undecodable bytes. */
function looksLikeText(text: string): boolean {
  let suspicious = 0;
  let total = 0;
  for (const char of text) {
    total++;
    const code = char.codePointAt(0)!;
    const isControl =
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) ||
      (code >= 0x7f && code < 0xa0);
    if (isControl || code === 0xfffd) suspicious++;
  }
  // A stray control character (a pasted bell, a form feed) is tolerated; binary data has many.
  return total > 0 && (suspicious <= 3 || suspicious / total <= 0.02);
}
