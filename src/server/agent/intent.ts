/**
 * What the caller wants from a turn, from speech-recognition text. Small talk is recognised only when little
 * else was said: "thanks, do they take credit cards" is a question, "ok thanks bye" is a goodbye, and
 * "is there a place to park my bike bye" is still a question.
 */
import { normalizeText, tokenizeNormalized } from './retrieval/text.ts';

export type CallerIntent =
  | 'greeting'
  | 'thanks'
  | 'goodbye'
  | 'request_person'
  | 'affirm'
  | 'deny'
  | 'question'
  | 'unclear'
  | 'repeat'
  | 'wait'
  | 'acknowledge'
  | 'about_agent';

const PERSON =
  '(?:a |an |the |some |your |to )?(?:real |live |actual |human |another )?(?:person|human|human being|someone|somebody|anyone|anybody|representative|rep|agent|operator|manager|supervisor|receptionist|attendant|staff member|employee|owner)';

/** Requests to be put through to a human, in the many ways callers say it. */
const REQUEST_PERSON: RegExp[] = [
  new RegExp(
    `\\b(?:speak|talk|chat|connect|transfer|put|get|pass|send|forward|switch)(?:ing)? (?:me )?(?:with |to |through to |over to |me to |me through to |back to )?${PERSON}\\b`,
  ),
  new RegExp(
    `\\b(?:want|need|like|get|give|have|reach|is there)(?: me)? (?:to )?${PERSON} (?:on the (?:phone|line)|please|now)\\b`,
  ),
  /\b(?:operator|representative|receptionist|customer service|front desk|live agent|real person|live person|human being)\s*(?:please)?$/,
  /^(?:operator|representative|agent|human|person|reception|receptionist|a human|a person|a real person|customer service)(?: please)?$/,
  /\b(?:are you|is this) (?:a )?(?:robot|machine|bot|computer|real person|recording)\b.*\b(?:person|human|someone|somebody)\b/,
  /\b(?:transfer|connect|put) me\b/,
  /\b(?:someone|somebody|a person|a human|anyone|anybody) (?:i|we) (?:can|could) (?:speak|talk) (?:to|with)\b/,
  /\bi (?:do not|don't) want to (?:talk|speak) to (?:a |the )?(?:robot|machine|bot|computer)\b/,
  // "Is anyone available to talk?", "Could you have someone call me back?"
  /\b(?:is|are) (?:there )?(?:anyone|anybody|someone|somebody|a person|a human|a real person)(?: \w+){0,2}? available(?: (?:to (?:talk|speak|chat)(?: (?:to|with) me)?|now|right now))?$/,
  /\b(?:have|get|ask) (?:someone|somebody|a person|a human|anyone) (?:to )?(?:call|ring|phone) me(?: back)?\b/,
];

/** Taking leave: "bye", "take care", "have a nice day". */
const LEAVE_TAKING =
  'bye|goodbye|good bye|bye bye|see you|see ya|take care|have a (?:good|great|nice) (?:day|night|evening|one|weekend)';
const GOODBYE = new RegExp(
  `\\b(?:${LEAVE_TAKING}|talk to you later|that is all|that is it|that will be all|that is everything|nothing else|i am done|i am all set|all set|no more questions|hang up)\\b`,
);
/** A question about the agent itself: what it can do, whom the caller is talking to, whether it is a person. */
const ABOUT_AGENT =
  /^(?:what (?:can|do) you (?:help (?:me )?with|do for me)|what can you do|how can you help(?: me)?|what kind of (?:questions|things) can (?:you answer|i ask)|who (?:am i|are you)(?: (?:speaking|talking) (?:to|with))?|who is this|(?:are you|is this) (?:a |an |the )?(?:robot|bot|machine|computer|ai|automated|recording|virtual assistant|real person|human|person)|am i (?:talking|speaking) (?:to|with) (?:a |an )?(?:robot|bot|machine|computer|ai|real person|human|person))$/;
/** Letting something go: "no problem", "never mind", "no worries, thanks anyway". */
const DISMISS =
  /^(?:(?:ok|okay|alright|all right|oh|well|um+|uh+)\s+)*(?:no problem|never mind|nevermind|no worries|forget it|that is (?:ok|okay|fine|all right|alright)|it is (?:ok|okay|fine)|do not worry(?: about it)?)(?:\s+(?:then|thanks|thank you|anyway|though|at all))*$/;
/**
 * Letting it go by saying what they will do instead, asking nothing: "That's okay, I'll check your website instead.",
 * "No thanks, I'll call back tomorrow", "I'll figure it out".
 */
const GOES_ELSEWHERE =
  /^(?:(?:no|nope|nah|no thanks|no thank you|ok|okay|alright|all right|oh|well|um+|uh+|that is (?:ok|okay|fine|all right|alright)|it is (?:ok|okay|fine)|no problem|no worries|never mind|thanks|thank you)\s+)*i (?:will|am going to|can|could|might|may|should)(?: just| probably| maybe)? (?:check|look|try|find|figure|ask|email|call|stop|come|go|visit|search|read|wait|see)\b/;
/** Taking an answer in: "got it", "I see", "that makes sense". */
const ACKNOWLEDGE =
  /^(?:(?:ok|okay|alright|all right|great|perfect|cool|oh|ah|right|nice|good)\s+)*(?:got it|gotcha|i see|i understand|understood|noted|(?:that )?makes sense|fair enough|good to know|that helps|i got it|sounds good|sounds great)(?:\s+(?:then|thanks|thank you))*$/;
/** Asking to hear the agent's last words again. */
const REPEAT =
  /\b(?:repeat (?:that|it|yourself|the last part|what you said)|say (?:that|it) again|(?:did not|could not) (?:catch|hear|get|understand) (?:that|you|it|what you said)|come again|pardon(?: me)?$|^(?:sorry )?what was that$|^(?:sorry |okay |ok )?wait what$|what did you (?:just )?say|one more time|^(?:sorry |um+ |uh+ )?(?:what do you mean|what does that mean|i do not understand|i am not sure what you mean)$|(?:say|repeat) (?:that|it)(?: again)? (?:slower|more slowly)|^(?:sorry |ok(?:ay)? |um+ |uh+ )?(?:(?:can|could) you (?:please )?|please )?(?:(?:speak|talk|go) (?:a (?:bit|little) )?(?:slower|more slowly)|slow down)(?: please| a (?:bit|little))?$)\b/;
/** Asking the agent to wait. */
const WAIT =
  /^(?:(?:um+|uh+|ok|okay|sorry|yeah|yes|oh)\s+)*(?:hold on|hang on|wait(?: a (?:second|sec|moment|minute))?|one (?:second|sec|moment|minute)|just a (?:second|sec|moment|minute)|give me a (?:second|sec|moment|minute)|bear with me)\b/;
/** A turn's last words taking leave ("… bye", "… have a nice day", "… i will call back later"). */
const ENDS_IN_GOODBYE = new RegExp(
  `\\b(?:${LEAVE_TAKING}|i will call (?:you )?(?:back|again)(?: later| tomorrow)?|i will try again later)$`,
);
/** What makes a turn ask something: a question's opening word, or a question word anywhere in it. */
const ASKS =
  /^(?:do|does|did|is|are|was|were|can|could|will|would|should|may|have|has)\b|\b(?:what|when|where|who|which|why|how)\b|\b(?:is|are) there\b|\b(?:do|does|can|could|will|would|should|may) (?:you|i|we|they|it|he|she)\b/;
const THANKS =
  /\b(?:thanks|thank you|thank u|thx|cheers|appreciate it|much appreciated|that helps|that is helpful|great help)\b/;
const GREETING = /^(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|yo)\b/;
const AFFIRM = /^(?:yes|yeah|yep|yup|sure|ok|okay|alright|right|correct|please|yes please|i do|i have)\b/;
const DENY = /^(?:no|nope|nah|not really|no thanks|no thank you|i am good|i am fine|i am ok|that is ok)\b/;

/** Words that make up small talk; what is left after removing them is the substance of the turn. */
export const SMALL_TALK: ReadonlySet<string> = new Set(
  `hi hello hey hiya howdy good morning afternoon evening yo thanks thank you u thx cheers appreciate it much
   appreciated that helps is helpful great help bye goodbye see ya talk to later take care have a nice day night
   one weekend all it will be everything nothing else i am done set no more questions hang up yes yeah yep yup sure
   ok okay alright right correct please do not nope nah really fine so very oh um umm uh uhh hmm ah well perfect
   awesome cool wonderful lovely excellent then just and the for your my`
    .split(/\s+/)
    .filter((w) => w !== ''),
);

export interface IntentResult {
  intent: CallerIntent;
  /** The caller's text, normalised (lower case, no punctuation). */
  normalized: string;
}

export function detectIntent(text: string): IntentResult {
  const normalized = normalizeText(text);
  if (normalized === '') return { intent: 'unclear', normalized };
  if (REQUEST_PERSON.some((re) => re.test(normalized))) return { intent: 'request_person', normalized };

  // "Sorry, could you repeat that?", "I didn't catch that", "wait, what?": the caller missed what was said.
  if (REPEAT.test(normalized) && normalized.split(' ').length <= 8) return { intent: 'repeat', normalized };
  // "Hold on one second": the caller needs a moment, and asks nothing.
  if (WAIT.test(normalized) && !ASKS.test(normalized) && normalized.split(' ').length <= 8)
    return { intent: 'wait', normalized };
  // "What can you help me with?", "Are you a robot?": about the agent itself.
  if (ABOUT_AGENT.test(normalized.replace(/^(?:(?:hi|hello|hey|um+|uh+|ok|okay|so|sorry)\s+)+/, '')))
    return { intent: 'about_agent', normalized };
  // "Okay, no problem.", "never mind": the caller lets it go. "Got it", "that makes sense": they took it in.
  if (DISMISS.test(normalized)) return { intent: 'deny', normalized };
  if (ACKNOWLEDGE.test(normalized)) return { intent: 'acknowledge', normalized };
  // "No, that's okay, I'll call back later. Bye.": a turn that ends in a goodbye and asks nothing closes the call.
  if (ENDS_IN_GOODBYE.test(normalized) && !ASKS.test(normalized)) return { intent: 'goodbye', normalized };
  // "That's okay, I'll check your website instead.": letting it go, as "never mind" does.
  if (GOES_ELSEWHERE.test(normalized) && !ASKS.test(normalized)) return { intent: 'deny', normalized };

  const words = normalized.split(' ');
  const substance = words.filter((w) => !SMALL_TALK.has(w));
  // A question with substance wins over the small talk wrapped around it.
  if (substance.length >= 2 || (substance.length === 1 && !GOODBYE.test(normalized))) {
    return { intent: 'question', normalized };
  }
  if (GOODBYE.test(normalized)) return { intent: 'goodbye', normalized };
  if (DENY.test(normalized)) return { intent: 'deny', normalized };
  if (THANKS.test(normalized)) return { intent: 'thanks', normalized };
  if (GREETING.test(normalized)) return { intent: 'greeting', normalized };
  if (AFFIRM.test(normalized)) return { intent: 'affirm', normalized };
  return { intent: substance.length > 0 ? 'question' : 'unclear', normalized };
}

const YES =
  /^(?:yes|yeah|yea|yep|yup|ya|yes please|sure|correct|right|exactly|absolutely|definitely|uh huh|huh uh|mhm|mm hmm|i (?:guess|think|believe) so|pretty much|that is (?:right|correct|it|exactly it|what i (?:meant|mean|asked|am asking))|you got it|you are right|that one|(?:it is|i am)$)\b/;
const NO =
  /^(?:no|nope|nah|not really|not quite|not exactly|wrong|incorrect|that is (?:not|wrong|incorrect)(?: it| right| what i (?:meant|mean|asked|am asking))?|neither|(?:it is not|i am not)$)\b/;
const LEAD_IN = /^(?:(?:um|umm|uh|uhh|hmm|ah|oh|well|so|ok|okay|i mean)\s+)+/;
const AFTER_NO =
  /^(?:(?:not that|i (?:meant|mean|was asking|am asking)(?: about)?|actually|sorry|it is|about)\s+)+/;
/** What a caller says after a no that names nothing ("no, something else"): a plain no. */
const NOTHING_NAMED =
  /^(?:(?:something|anything) (?:else|different)|(?:a |another |some )?(?:different|other) (?:thing|question|one|topic))$/;

/**
 * The caller's answer to the agent's "are you asking …?": yes, no (with what they went on to say, if anything:
 * "no i mean for my bike" -> "for my bike"), or neither (a new question).
 */
export function confirmationAnswer(normalized: string): { answer: 'yes' | 'no' | null; rest: string } {
  // "uh huh" is a yes before "uh" is taken for a filler.
  const text = YES.test(normalized) ? normalized : normalized.replace(LEAD_IN, '');
  if (NO.test(text)) {
    let rest = text;
    while (NO.test(rest)) rest = rest.replace(NO, '').trim(); // "no no no"
    rest = rest.replace(AFTER_NO, '').trim();
    return { answer: 'no', rest: NOTHING_NAMED.test(rest) ? '' : rest };
  }
  if (YES.test(text)) return { answer: 'yes', rest: text.replace(YES, '').trim() };
  return { answer: null, rest: text };
}

/** "Is this …?", "Have I reached …?": the caller checking whom they called. Group 1 is whom they named. */
const WHO_ANSWERED =
  /^(?:(?:hi|hello|hey|yes|um+|uh+|good (?:morning|afternoon|evening))\s+)*(?:is this|is that|am i (?:speaking|talking) (?:to|with)|have i reached|did i reach|i am calling)\s+(.+)$/;
/** Words that may come with the business's name in such a question ("is this the right number for …"). */
const NAMING_WORDS = new Set(
  'the a an right correct number for of line office shop store business company place phone'.split(' '),
);

/**
 * The caller asks whether they reached this business ("Hello, is this the Corner Deli?"): every word they name,
 * beyond the few that go with a name, is a word of the business's name.
 */
export function asksWhoAnswered(normalized: string, companyName: string): boolean {
  const named = WHO_ANSWERED.exec(normalized)?.[1];
  if (named === undefined) return false;
  const ofName = new Set(normalizeText(companyName).split(' '));
  const words = named.split(' ').filter((w) => w !== '' && !NAMING_WORDS.has(w));
  return words.length > 0 && words.every((w) => ofName.has(w) || ofName.has(w.replace(/s$/, '')));
}

/** "The first one", "the former", "number one"; and "the second", "the other one", "the latter", "the last one". */
const FIRST_OPTION = /\b(?:first|former|1st|number one|option one|the one before)\b/;
const SECOND_OPTION =
  /\b(?:second|latter|2nd|number two|option two|the other(?: one)?|the last one|the one after)\b/;

/**
 * Which of two offered topics the caller's reply to "are you asking about A, or about B?" picks: by its place ("the
 * second one") or by the words that name only one of them ("the bike one" for "parking" or "bike storage"); null when
 * it picks neither, or both equally.
 */
export function pickedOption(normalized: string, names: readonly [string, string]): 0 | 1 | null {
  const first = FIRST_OPTION.test(normalized);
  const second = SECOND_OPTION.test(normalized);
  if (first !== second) return first ? 0 : 1;
  const stems = (text: string) =>
    new Set(
      tokenizeNormalized(normalizeText(text))
        .filter((t) => !t.stop)
        .map((t) => t.stem),
    );
  const said = stems(normalized);
  const [a, b] = names.map(stems) as [Set<string>, Set<string>];
  const only = (mine: Set<string>, theirs: Set<string>) =>
    [...mine].filter((w) => !theirs.has(w) && said.has(w)).length;
  const inA = only(a, b);
  const inB = only(b, a);
  return inA === inB ? null : inA > inB ? 0 : 1;
}
