/**
 * How the agent words "are you asking …?" (ADR 010, stage 4): the opening says what it doubts, and the topic is read
 * back as a caller would say it: a question heading as the question, a code name as written, a label in lower case
 * and as an activity when it says what to do.
 */
import type { KnowledgePassage } from './retrieval/knowledge-index.ts';
import { isQuestionHeading, withoutSectionNumber } from './passages.ts';
import { topicPhrase } from './topic-phrase.ts';

/**
 * A heading that is one code name: an identifier in camelCase or with dots ("bodyLimit", "reply.raw",
 * "pino.destination"), optionally followed by a call signature, type parameters or a type in brackets
 * ("logger.flush([cb])", "messageKey (String)", "=> SonicBoom"). The name is group 1.
 */
const CODE_LABEL =
  /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[a-z_$][a-z0-9_$]*[A-Z][\w$]*)(?:\s*(?:\(.*\)|<.*>|\[.*\])(?:\s*=>.*)?)?[.:]?$/;

/**
 * "Just to make sure I heard you right: are you asking, do you have bike parking?" for an FAQ entry; "... are you
 * asking about service area?" for a topic label; "I may only have part of what you asked. Are you asking, is there
 * parking?" when the entry is likely but may answer only part of the question; "Just to make sure I understand: are
 * you asking about parking?" when the entry was found by meaning, the caller's words being other than the
 * documents'. Null when the passage has no heading to read back.
 */
export function confirmationOf(
  hit: { passage: KnowledgePassage },
  doubt: 'unsure' | 'partial' | 'meaning' = 'unsure',
  topic: string | null = hit.passage.heading,
): string | null {
  const asked = askedAbout(topic);
  if (asked === null) return null;
  // Unsure what the caller said, the agent checks it heard right; sure of the entry but not that it covers all the
  // caller asked, it says so; with the entry found by meaning, it checks it understood.
  const opening = {
    unsure: 'Just to make sure I heard you right: are you asking',
    partial: 'I may only have part of what you asked. Are you asking',
    meaning: 'Just to make sure I understand: are you asking',
  }[doubt];
  return `${opening}${asked}?`;
}

/**
 * `single` (confirmationOf's "… are you asking about parking?" for `topic`) with a second topic: "… are you asking
 * about parking, or about bike storage?"; with a question heading on either side, "… are you asking, do you deliver?
 * Or are you asking about service area?". Null when the other topic has nothing to read back.
 */
export function offerOfTwo(single: string, topic: string, otherTopic: string): string | null {
  const other = askedAbout(otherTopic);
  if (other === null) return null;
  const labels = other.startsWith(' about ') && (askedAbout(topic)?.startsWith(' about ') ?? false);
  return labels ? `${single.slice(0, -1)}, or${other}?` : `${single} Or are you asking${other}?`;
}

/**
 * What "are you asking" reads back of a topic: ", do you have bike parking" for a question heading, " about service
 * area" for a label; null when there is nothing to read back.
 */
function askedAbout(topic: string | null): string | null {
  // A list item's marker ("- How much does it cost to ride?") is not said.
  const heading = withoutSectionNumber((topic ?? '').replace(/^[#*\s]+|[*\s]+$/g, ''))
    .replace(/^[-–•]\s+/, '')
    .trim();
  if (heading === '') return null;
  if (isQuestionHeading(heading)) {
    const asked = heading.replace(/[.?!\s]+$/, '');
    // A heading in title case ("How to Register for Classes") is said as a sentence: "how to register for classes".
    if (isTitleCase(asked)) return `, ${asked.replace(/\b[A-Z][a-z]+\b/g, (w) => w.toLowerCase())}`;
    return `, ${asked.charAt(0).toLowerCase()}${asked.slice(1)}`;
  }
  // A code name is said as written, without its call signature or type parameters: "bodyLimit",
  // "logger.flush([cb])" -> "logger.flush", "FastifyReply<RawServer, …>" -> "FastifyReply".
  const code = CODE_LABEL.exec(heading);
  if (code) return ` about ${code[1]}`;
  // A label is read in lower case ("Service Area" -> "service area"), keeping acronyms ("WiFi and TV" -> "wifi
  // and TV") unless the whole label is in capitals ("SERVICE AREA").
  const shouting = !/[a-z]/.test(heading);
  const label = heading
    .replace(/[.:!?\s]+$/, '')
    .split(/\s+/)
    .map((w) => (!shouting && /^[A-Z0-9&-]{2,}$/.test(w) ? w : w.toLowerCase()))
    .join(' ')
    .replace(/^about\s+(?=\S)/, ''); // "About the clinic": "are you asking about the clinic?"
  // "Cancel your order": "are you asking about cancelling your order?"
  return ` about ${topicPhrase(label)}`;
}

/**
 * Every longer word of the heading after the first, acronyms aside, starts with a capital: "How to Register", "Where to
 * Get a Valley Card", not "Can I bring my dog to Riverside Park?".
 */
function isTitleCase(heading: string): boolean {
  const words = heading
    .split(/\s+/)
    .slice(1)
    .filter((w) => /^[A-Za-z]{4,}$/.test(w) && /[a-z]/.test(w));
  return words.length > 0 && words.every((w) => /^[A-Z]/.test(w));
}
