/**
 * What a web page or a document carries around its content: navigation bars, breadcrumbs, "See also" and "Related
 * links" lists, share buttons, footers. Recognised when a document is split into passages, so that none of it is
 * ever searched or spoken as an answer; and sentences that only point elsewhere ("For more information, see …")
 * are never an answer either.
 */

/** Items separated by bars, bullets or arrows, each a few words: "Home | About | Services | Contact". */
const SEPARATED = /\s(?:\||·|•|»|›|>|\/)\s/;
const SEPARATORS = /\s(?:\||·|•|»|›|>|\/)\s/g;

const LINE =
  /^(?:see also|related (?:links|pages|articles|topics|resources|content|services)|quick links|useful links|helpful links|other links|more links|links|share(?: this)?(?: page| article)?|follow us|connect with us|skip to (?:main )?content|skip navigation|back to top|return to top|print(?: this page)?|email this page|last (?:updated|modified|reviewed)|page last|copyright|\(c\) \d{4}|all rights reserved|privacy policy|terms of (?:use|service)|cookie(?:s| policy| settings)|sitemap|site map|accessibility statement|was this (?:page|article) helpful|subscribe to our newsletter|menu|main menu|search this site|you are here)\b/i;

/**
 * A help centre's vote under an article and its prompt to write in: "176 out of 219 found this helpful", "Have more
 * questions? Submit a request".
 */
const FEEDBACK =
  /^(?:\d[\d,]* (?:out )?of \d[\d,]* (?:people |users |customers )?found this (?:article |answer |page )?(?:helpful|useful)|have more questions\? submit a request)\.?$/i;

/** A page's date stamp alone on its line: "Updated November 20, 2026", "Last revised: 2026-11-03". */
const DATE_STAMP =
  /^(?:last )?(?:updated|modified|reviewed|revised)(?: on)?:?\s+(?:[a-z]+\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{1,2} [a-z]+\.? \d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4})\.?$/i;

/** A heading that opens a list of links rather than content. */
const LINK_LIST_HEADING =
  /^(?:see also|related (?:links|pages|articles|topics|resources|content|services)|quick links|useful links|helpful links|other links|more links|links|resources|further reading|more information|learn more)\s*:?\s*$/i;

/** A line that is navigation, a footer or a link list's heading: never content. */
export function isBoilerplateLine(line: string): boolean {
  const text = line.replace(/^[#*\s>-]+/, '').trim();
  if (text === '') return false;
  if (/^(?:https?:\/\/|www\.)\S+$/i.test(text)) return true;
  const words = text.split(/\s+/).length;
  if ((LINE.test(text) || text.startsWith('©')) && (words <= 14 || /^see also\b/i.test(text))) return true;
  if (DATE_STAMP.test(text) || FEEDBACK.test(text)) return true;
  if (SEPARATED.test(text)) {
    const items = text.split(SEPARATORS);
    if (
      items.length >= 3 &&
      items.every((item) => item.trim().split(/\s+/).length <= 4 && !/[.?!]$/.test(item.trim()))
    )
      return true;
  }
  return false;
}

/** The heading of a list of links ("Related links", "See also:"): the short lines under it are links too. */
export function opensLinkList(line: string): boolean {
  return LINK_LIST_HEADING.test(line.replace(/^[#*\s]+/, '').trim());
}

/** A short line without sentence punctuation, as the items of a link list are. */
export function isLinkItem(line: string): boolean {
  const text = line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '').trim();
  return text !== '' && text.split(/\s+/).length <= 10 && !/[.?!:;]$/.test(text);
}

/** A sentence that only points elsewhere: not an answer. A link after an arrow ("→ Get started") is one too. */
const POINTER =
  /^(?:\d+[.)]\s*)?(?:[→➔➜»›]|for (?:more|further|additional) (?:information|details|info)\b|to (?:learn|find out|read) more\b|see (?:also|the|our|below|above|more|section|chapter|page)\b|visit (?:our|the)\b|click (?:here|on|the)\b|refer to\b|read more\b|learn more\b|more information (?:is|can be) (?:found|available)\b)/i;

/**
 * A clause that says what for, then where to look: "To get paid by your clients, see Get paid online with Ledgerly
 * Payments.", "If you use Docker, refer to the Container guide." A title (capitalised, or a link's bracket) follows.
 */
const PURPOSE_POINTER =
  /^(?:\d+[.)]\s*)?(?:to|if|for|when|once)\b[^.;:]{1,120}?,\s*(?:please\s+)?(?:see|refer to|read|visit|check out|go to)\s+(?:the\s+|our\s+)?(?!(?:dr|mr|mrs|ms)\b)(\S)/i;

/**
 * A sentence in which the document says what it is about, not what it knows: "This article is about paying for your
 * own subscription.", "This guide walks you through the first hour.", "In this article, you will learn …". Not one
 * that goes on to give a fact (a colon or a number, not a version's: "This page lists our holiday hours: closed on
 * the 25th").
 */
const ABOUT_ITSELF =
  /^(?:in )?(?:this|the following) (?:article|page|guide|section|document|topic|tutorial|chapter|help article|how-to)\b(?:,|\s+(?:is (?:about|for|intended|meant|designed)|explains|describes|covers|shows|walks|tells|lists|gives|provides|contains|outlines|introduces|summari[sz]es|discusses|helps|will (?:help|show|explain|walk)))/i;

/** A phone number, a street address, an e-mail address, or words that say how to get in touch. */
const CONTACT = [
  /\d[\d\s().-]{5,}\d|@/,
  /\b\d{1,5}\s+[A-Z][a-z]/,
  /\b(?:call|phone|ring|e-?mail|write to|stop by|come in)\b/i,
];

/** "See" before a capitalised title is a link's text: "See Holiday Service for Thanksgiving and Christmas." */
const SEE_TITLE = /^(?:\d+[.)]\s*)?See (?!Dr\b|Mr\b|Mrs\b|Ms\b)[A-Z]/;

export function isPointerSentence(sentence: string): boolean {
  // One that gives a way to get in touch is an answer ("For more information, call 555-0100"); a name with a digit
  // in it ("the HTTP2 documentation page") is not one.
  const text = sentence.trim();
  if (ABOUT_ITSELF.test(text) && !/:|(?<![a-z])\d/i.test(text)) return true;
  return (
    (POINTER.test(text) ||
      SEE_TITLE.test(text) ||
      /^[A-Z[\u201c"]/.test(PURPOSE_POINTER.exec(text)?.[1] ?? '')) &&
    !CONTACT.some((way) => way.test(text.replace(/^\d+[.)]\s*/, '')))
  );
}
