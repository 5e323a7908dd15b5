/**
 * How the simulated caller says each question. The sets are written as callers speak on the phone, in fragments
 * ("ok and what option do i use to change it"); a caller who speaks in full, polite sentences, as many people (and
 * a language model playing a caller) do, wraps the same question in greetings and thanks: "Hi there, I was wondering
 * if you could help me. What's the default body size limit?", "Thanks, that's helpful. And what option do I use?".
 * BENCH_STYLE=polite rewrites every turn so (the wrappers below, in turn, by the turn's position; every other
 * conversation lower-cased and without punctuation, as some recognisers write speech); BENCH_STYLE=wordy
 * puts the question inside a sentence that says the caller wants to know ("I'm trying to find out …, can you help
 * with that?"). The figures should not move, since the question is the same.
 */
export type CallerStyle = 'phone' | 'polite' | 'wordy';

const OPENERS = [
  'Hi there, I was wondering if you could help me.',
  'Hello! I have a question.',
  'Good morning.',
];

const ACKNOWLEDGEMENTS = [
  "Thanks, that's helpful.",
  'Okay, got it. Another question:',
  'I see.',
  'Perfect, thank you!',
  'Thank you, that makes sense.',
];

const FRAMES = [
  "I'm trying to find out {}, can you help with that?",
  'Could you help me understand {}?',
  "I'd like to know {}, please.",
  'I was wondering, {}?',
];

export const CALLER_STYLE: CallerStyle =
  process.env.BENCH_STYLE === 'polite' || process.env.BENCH_STYLE === 'wordy'
    ? process.env.BENCH_STYLE
    : 'phone';

/** The caller's line for the turn at `position` (0: the first of the call) of conversation number `conversation`. */
export function spokenAs(style: CallerStyle, line: string, position: number, conversation: number): string {
  if (style === 'phone') return line;
  const pick = (list: readonly string[]) => list[(conversation + position) % list.length]!;
  // The caller's fillers ("um", "ok so") go: they are not said inside such a sentence.
  if (style === 'wordy')
    return pick(FRAMES).replace('{}', line.replace(/^(?:(?:hi|hey|um+|uh+|ok|okay|so)\s+)+/, ''));
  const question = `${line.charAt(0).toUpperCase()}${line.slice(1)}${/[?.!]$/.test(line) ? '' : '?'}`;
  const said = `${position === 0 ? pick(OPENERS) : pick(ACKNOWLEDGEMENTS)} ${question}`;
  // Every other conversation as a recogniser without punctuation writes it: the sentences run together.
  return conversation % 2 === 0 ? said : unpunctuated(said);
}

function unpunctuated(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.,!?:]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
