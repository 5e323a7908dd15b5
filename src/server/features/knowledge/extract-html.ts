/**
 * A web page saved as a file (a help centre's article, a council's service page, a product's documentation) ->
 * the lines a person reading the page would read: its main content, with headings marked ("# ") for the chunker.
 *
 * Parsed with htmlparser2 (the parser behind cheerio, forgiving of real-world markup), then:
 * - never text: scripts, styles, templates, forms and their controls, media, and anything hidden;
 * - never content: a page's chrome, i.e. navigation, banners, footers, sidebars, menus, search, breadcrumbs and
 *   tables of contents, recognised by HTML's own elements and ARIA roles (`nav`, `role="navigation"`, …) and by
 *   the class and id names web pages conventionally give them;
 * - the main content, when the page marks it (`main`, `role="main"`, a single `article`), is all that is read;
 * - headings become "# " lines ("## " for an h2, and so on: the chunker keeps what each section sits under); list items, table rows and paragraphs become lines of their own; code blocks are
 *   dropped (code is read on a screen, never over the phone), as are a heading's permalink marks ("#", "¶").
 *
 * See docs/decisions/011-document-extraction.md.
 */
import { parseDocument } from 'htmlparser2';
import type { AnyNode, Element } from 'domhandler';
import { isGenericHeading } from '../../agent/passages.ts';
import { NAVIGATION_RUN } from './extract-markup.ts';
import { namesColumns, tableRowSentence } from './table-rows.ts';

/** The whole file is an HTML document (not Markdown or text with a few tags in it). */
export function isHtmlDocument(text: string): boolean {
  const start = text
    .slice(0, 2000)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return (
    /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<!doctype html/i.test(start) || /^<html[\s>]/i.test(start)
  );
}

/** Elements whose content is never read: code, media, forms, document metadata. */
const NEVER_TEXT = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'video',
  'audio',
  'picture',
  'img',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  'label',
  'dialog',
  'pre',
]);

/** A page's chrome by element. (`header` and `footer` inside an article or section belong to it.) */
const CHROME_ELEMENTS = new Set(['nav', 'aside', 'menu']);
const PAGE_LANDMARKS = new Set(['header', 'footer']);
const CHROME_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'search',
  'menu',
  'menubar',
  'toolbar',
  'tablist',
  'dialog',
  'alertdialog',
  'complementary',
]);
/** Class or id names pages give their chrome, as whole words of the name ("site-nav", "navheader", "toc"). */
const CHROME_NAME =
  /(?:^|[\s_-])(?:(?:top|side|sub|main|doc|site|page|global|primary|secondary|header|footer)?(?:nav|navbar|menu)|navheader|navfooter|navigation|menubar|sidebar|breadcrumbs?|toc|skip-link|skiplink|banner|cookies|cookies?-(?:notice|consent|bar|banner|popup|message|policy|law)|cookieconsent|pagination|pager)(?:$|[\s_-])/i;

const BLOCK = new Set([
  'address',
  'article',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
const HEADING = /^h[1-6]$/;
/** A heading's permalink: a link whose text is only a mark. */
const PERMALINK_MARK = /^\s*[#¶§🔗]\s*$/u;
const ENUMERATION_LABEL = /^(?:\d+(?:\.\d+)*\.?|[a-z][.)]|q|a|q:|a:)$/i;
/** Main content shorter than this is not trusted to be the page's content (an empty `main` placeholder). */
const MIN_MAIN_CHARACTERS = 200;

export function htmlToReadableText(html: string): string {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  const root = mainContent(document.children) ?? document;
  const lines: string[] = [];
  let line = '';
  /** The header row of the table being read, when it names three or more columns. */
  let header: string[] | null = null;
  /** A definition list's term, said before its definition's first line ("hostssl: This record matches …"). */
  let term: string | null = null;
  /** The last heading line, and the last one that names a topic (not "Note", "Tip", "Warning"). */
  let heading: string | null = null;
  let topic: string | null = null;
  const flush = () => {
    let text = line.replace(/\s+/g, ' ').trim();
    if (text && term !== null) {
      text = `${term}: ${text}`;
      term = null;
    }
    if (text) lines.push(text);
    line = '';
  };
  const walk = (nodes: readonly AnyNode[], insideSection: boolean): void => {
    for (const node of nodes) {
      if (node.type === 'text') {
        line += node.data;
        continue;
      }
      if (!isElement(node) || skipped(node, insideSection)) continue;
      const name = node.name;
      if (name === 'br') {
        flush();
        continue;
      }
      if (HEADING.test(name)) {
        flush();
        const text = inlineText(node.children);
        if (text) {
          heading = `${'#'.repeat(Number(name[1]))} ${text}`;
          if (!isGenericHeading(text)) topic = heading;
          lines.push(heading);
        }
        continue;
      }
      if (name === 'dt') {
        flush();
        const text = inlineText(node.children).replace(/[\s:]+$/, '');
        if (text) term = term === null ? text : `${term}, ${text}`;
        continue;
      }
      if (name === 'table') {
        // A table's header row names the columns of the rows under it (table-rows.ts); a table inside it has its own.
        flush();
        const outer = header;
        header = null;
        walk(node.children, insideSection);
        header = outer;
        flush();
        continue;
      }
      if (name === 'tr') {
        flush();
        const elements = node.children.filter(
          (c): c is Element => isElement(c) && (c.name === 'td' || c.name === 'th'),
        );
        const all = elements.map((c) => inlineText(c.children));
        if (header === null && elements.every((c) => c.name === 'th') && namesColumns(all)) {
          header = all;
          continue;
        }
        if (header !== null && all.length === header.length) {
          lines.push(tableRowSentence(all, header));
          continue;
        }
        const cells = all.filter(Boolean);
        // A numbering cell ("1.2.", "Q:") labels the row; the row is what it says.
        while (cells.length > 1 && ENUMERATION_LABEL.test(cells[0]!)) cells.shift();
        if (cells.length > 0) lines.push(tableRowSentence(cells));
        continue;
      }
      const block = BLOCK.has(name);
      if (block) flush();
      if (name === 'li') line = '- ';
      const before = heading;
      walk(node.children, insideSection || name === 'article' || name === 'section' || name === 'main');
      if (block) flush();
      // A note, tip or warning box ends: what follows belongs to the section around it again.
      if (
        block &&
        heading !== before &&
        heading !== topic &&
        topic !== null &&
        isGenericHeading(heading!.replace(/^#+ /, ''))
      ) {
        heading = topic;
        lines.push(topic);
      }
      if (name === 'dl' && term !== null) {
        lines.push(term);
        term = null;
      }
    }
  };
  walk(root.children, root !== document);
  flush();
  if (!lines.some((l) => l.startsWith('#'))) {
    const title = titleOf(document.children);
    if (title) lines.unshift(`# ${title}`);
  }
  return lines.filter((l) => l !== '-').join('\n');
}

function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

function skipped(element: Element, insideSection: boolean): boolean {
  const name = element.name;
  if (NEVER_TEXT.has(name) || CHROME_ELEMENTS.has(name)) return true;
  if (PAGE_LANDMARKS.has(name) && !insideSection) return true;
  const a = element.attribs;
  if ('hidden' in a || a['aria-hidden'] === 'true') return true;
  if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(a.style ?? '')) return true;
  if (a.role && CHROME_ROLES.has(a.role.toLowerCase())) return true;
  // A page's title is never chrome: a "hero-banner" holding the h1 is the top of the content.
  if ((CHROME_NAME.test(a.class ?? '') || CHROME_NAME.test(a.id ?? '')) && !holdsTitle(element)) return true;
  if (name === 'a' && PERMALINK_MARK.test(textOf(element.children))) return true;
  if (LISTS.has(name) && isLinkList(element)) return true;
  // A list entry that is a link and nothing more points to another page ("How much does it cost to ride?" on a
  // home page): the answer is there, not here. A phone number or an e-mail address is said as it is.
  if (name === 'li' && isLinkOnly(element, false)) return true;
  return false;
}

/**
 * The entry says nothing but what its links say (at least 4 in 5 of its letters). `contacts`: a link to call or write
 * to counts as a link (a menu of them is still a menu); without it, such a link is content.
 */
function isLinkOnly(entry: Element, contacts: boolean): boolean {
  const all = textOf(entry.children).replace(/\s+/g, '');
  return all.length > 0 && linkText(entry.children, contacts).replace(/\s+/g, '').length >= 0.8 * all.length;
}

const LISTS = new Set(['ul', 'ol', 'dl']);

/** The element holds the page's title (an h1). */
function holdsTitle(element: Element): boolean {
  return element.children.some((c) => isElement(c) && (c.name === 'h1' || holdsTitle(c)));
}

function isLinkList(list: Element): boolean {
  const entries = list.children.filter(
    (c): c is Element => isElement(c) && (c.name === 'li' || c.name === 'dt' || c.name === 'dd'),
  );
  if (entries.length < NAVIGATION_RUN) return false; // as in Markdown: a table of contents, a menu
  return entries.every((entry) => textOf(entry.children).trim() === '' || isLinkOnly(entry, true));
}

/** The text inside links, with what is outside any link left out; `contacts`: with links to call or write to. */
function linkText(nodes: readonly AnyNode[], contacts: boolean): string {
  let out = '';
  for (const node of nodes) {
    if (!isElement(node) || NEVER_TEXT.has(node.name)) continue;
    out +=
      node.name === 'a' && (contacts || !CONTACT_LINK.test(node.attribs.href ?? ''))
        ? textOf(node.children)
        : linkText(node.children, contacts);
  }
  return out;
}

const CONTACT_LINK = /^\s*(?:tel|mailto|sms):/i;

/** The element the page marks as its main content (main, role=main, its only article), when it has content. */
function mainContent(nodes: readonly AnyNode[]): Element | null {
  const mains: Element[] = [];
  const articles: Element[] = [];
  const find = (list: readonly AnyNode[]) => {
    for (const node of list) {
      if (!isElement(node) || NEVER_TEXT.has(node.name)) continue;
      if (node.name === 'main' || node.attribs.role?.toLowerCase() === 'main') mains.push(node);
      else if (node.name === 'article') articles.push(node);
      find(node.children);
    }
  };
  find(nodes);
  const candidate =
    mains.length === 1 ? mains[0] : mains.length === 0 && articles.length === 1 ? articles[0] : null;
  return candidate && textOf(candidate.children).trim().length >= MIN_MAIN_CHARACTERS ? candidate : null;
}

function titleOf(nodes: readonly AnyNode[]): string | null {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (node.name === 'title') return textOf(node.children).replace(/\s+/g, ' ').trim() || null;
    const found = titleOf(node.children);
    if (found) return found;
  }
  return null;
}

/** The text of inline content, skipping what is never read. */
function inlineText(nodes: readonly AnyNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.data;
    else if (isElement(node) && !skipped(node, true)) out += ` ${inlineText(node.children)} `;
  }
  return (
    out
      .replace(/\s+/g, ' ')
      // The space an element boundary left before punctuation goes; not the one before a name that starts with a dot
      // (".htaccess").
      .replace(/\s+([.,;:!?]+)(?=\s|$)/g, '$1')
      .trim()
  );
}

function textOf(nodes: readonly AnyNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.data;
    else if (isElement(node) && !NEVER_TEXT.has(node.name)) out += textOf(node.children);
  }
  return out;
}
