/**
 * A heading said as the topic of "are you asking about …?". Many headings tell the reader what to do ("Cancel your
 * order", "Add the storage package", "Install"); "are you asking about cancel your order?" is not English, so such a
 * heading is said as the activity: "are you asking about cancelling your order?".
 *
 * The parts of speech come from wink-nlp's tagger (entities.ts), the -ing form from
 * compromise's conjugation: no list of verbs, no hand-written spelling rules ("stop" -> "stopping", "use" ->
 * "using", "cancel" -> "cancelling").
 */
import nlp from 'compromise';
import lemmatizer from 'wink-lemmatizer';
import { partsOfSpeech } from './entities.ts';
import { splitSentences } from './passages.ts';
import { remembered } from '../lib/memo.ts';

/** A word after which the first word can only be a verb: "a", "the", "your", "us" ("Open an account", "Visit us"). */
const OBJECT_START =
  /^(?:a|an|the|your|my|our|their|his|her|its|us|them|me|this|that|these|those|some|any|all)$/;

const memo = new Map<string, string>();

/**
 * `label` (a heading in lower case, as the offer says it) with an opening verb in its -ing form; unchanged when it
 * does not open with a verb in its base form, or when the verb has no -ing form to be had.
 */
export function topicPhrase(label: string): string {
  return remembered(memo, label, (l) => {
    const named = withoutDanglingClause(l);
    return asActivity(named) ?? named;
  });
}

/**
 * A heading that leads into a list the items finish ("Use Framework Mode if you:" over "are migrating from
 * Next.js") ends on a clause the list completes: the topic is what comes before it ("use framework mode"). The tagger
 * marks the clause's opening word (SCONJ: "if", "when", "because"); a pronoun may follow it.
 */
function withoutDanglingClause(label: string): string {
  const { words, tags } = partsOfSpeech(label);
  const tail = tags.at(-1) === 'SCONJ' ? 1 : tags.at(-2) === 'SCONJ' && tags.at(-1) === 'PRON' ? 2 : 0;
  if (tail === 0 || words.length <= tail || !words.slice(-tail).every((w) => /^[a-z]+$/.test(w)))
    return label;
  return label.replace(tail === 1 ? /\s+[a-z]+$/ : /\s+[a-z]+\s+[a-z]+$/, '');
}

function asActivity(label: string): string | null {
  const first = /^[a-z]+(?=\s|$)/.exec(label)?.[0];
  if (!first || first.endsWith('ing')) return null;
  const { words, tags } = partsOfSpeech(label);
  if (words[0] !== first) return null;
  // The model reads the first word as a verb, or as something a determiner or an object pronoun cannot follow.
  const verb =
    tags[0] === 'VERB' ||
    (tags[0] !== 'PRON' && tags[0] !== 'DET' && words.length > 1 && OBJECT_START.test(words[1]!));
  // Only a verb in its base form ("changed middleware support" is a change, not an instruction), and not a
  // statement with a verb of its own later ("react router v7 requires …").
  if (!verb || lemmatizer.verb(first) !== first || tags.slice(1).includes('VERB')) return null;
  const gerund = gerundOf(first);
  return gerund === null ? null : gerund + label.slice(first.length);
}

/** The -ing form compromise gives the verb ("we cancel it" -> "we are cancelling it"); null when it gives none. */
function gerundOf(verb: string): string | null {
  const doc = nlp(`we ${verb} it`);
  doc.verbs().toGerund();
  const form = /^we (?:are|were|is) ([a-z]+ing) it$/.exec(doc.text())?.[1];
  return form && form.slice(0, 2) === verb.slice(0, 2) ? form : null;
}

/**
 * Loads the two models (about half a second, once per process), so that the first offer of a call does not wait
 * for them: called where an agent's index is built, before its calls need it.
 */
export function loadTopicPhrasing(): void {
  if (loaded) return;
  asActivity('open an account');
  loaded = true;
}
let loaded = false;

/** Longest subject, in words, said as a topic: a longer one is a clause, not a name. */
const SUBJECT_MAX_WORDS = 6;
/** Parts of speech inside a noun phrase, before its last noun ("the 10th century", "Rollo 's Vikings"). */
const IN_NOUN_PHRASE = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN', 'PART']);
const NOUN = new Set(['NOUN', 'PROPN']);
/** A pronoun that opens a noun phrase: "our tutors", "your order". */
const POSSESSIVE = /^(?:my|our|your|their|his|her|its)$/i;
const subjects = new Map<string, string | null>();

/**
 * What a passage without a heading is about, as the subject of its first sentence: the first noun phrase before the
 * sentence's first verb that does not follow a preposition ("In England, the period of Norman architecture
 * immediately succeeds …" -> "the period of Norman architecture"; "The Normans (Norman: Nourmands) were the
 * people …" -> "The Normans"). Null when the sentence opens with no such phrase ("It is important …"), has no verb
 * after it ("Open every day from nine."), or when the phrase is too long to say as a name.
 */
export function subjectOf(text: string): string | null {
  const sentence = (splitSentences(text.trim())[0] ?? '').replace(/\s*\([^()]*\)/g, '').slice(0, 300);
  return remembered(subjects, sentence, firstNounPhrase);
}

function firstNounPhrase(sentence: string): string | null {
  const { words, tags } = partsOfSpeech(sentence);
  let start = -1;
  // Inside a phrase after a preposition ("In England", "For this reason"): it sets the scene, the subject comes after.
  let scene = false;
  for (let i = 0; i <= words.length; i++) {
    const tag = tags[i] ?? 'END';
    if (start < 0) {
      if (tag === 'VERB' || tag === 'AUX' || tag === 'END') return null;
      const opens = (IN_NOUN_PHRASE.has(tag) && tag !== 'PART') || POSSESSIVE.test(words[i] ?? '');
      if (tag === 'ADP') scene = true;
      else if (!opens) scene = false;
      else if (!scene) start = i;
      continue;
    }
    // "the period of Norman architecture": a phrase goes on through "of" into the next one.
    const goesOn =
      IN_NOUN_PHRASE.has(tag) || (words[i]?.toLowerCase() === 'of' && NOUN.has(tags[i - 1] ?? ''));
    if (goesOn) continue;
    let end = i;
    while (end > start && !NOUN.has(tags[end - 1]!)) end--;
    if (end === start) {
      start = -1;
      i--; // read this word again as a possible start
      continue;
    }
    const phrase = words.slice(start, end);
    // A subject has a verb after it; "Open every day from nine." has none.
    const hasVerb = tags.slice(end).some((t) => t === 'VERB' || t === 'AUX');
    if (phrase.length > SUBJECT_MAX_WORDS || !hasVerb) return null;
    return phrase.join(' ').replace(/\s+(?=['’]s\b)/g, '');
  }
  return null;
}
