/**
 * A small general thesaurus of how callers and documents name the same thing ("kids" / "children",
 * "pets" / "dogs", "how much" / "price"). It is written from everyday customer-service English for any small
 * business (shops, clinics, salons, trades, hospitality), not fitted to a data set.
 *
 * Two relations, as in a lexical database such as WordNet:
 *   - SAME: words a caller could use for the concept a document names (synonyms and inflections);
 *   - KINDS: a general word and the specific words that are kinds of it ("pet": dog, cat). A passage about the
 *     general thing answers a question about a kind of it fairly well ("What payment methods do you accept?"
 *     covers "credit cards"), a passage about one kind answers a question about the general thing less well
 *     ("Are dogs allowed?" for "pets"), and two kinds of one thing are different things: "Do you accept Apple
 *     Pay?" does not answer "credit cards", "vegan" options are not "vegetarian" ones, dogs are not cats.
 * Matches through the thesaurus count less than the word itself (see MATCH).
 */
import { termOf, writtenStem } from './text.ts';

const SAME: string[] = [
  // people and access
  'child children kid kids youngster youngsters family families',
  'wheelchair wheelchairs accessible accessibility disabled disability disabilities handicap handicapped mobility ramp',
  'elevator elevators lift lifts stairs',
  'staff employee employees team personnel worker workers',
  'senior seniors elderly',
  'student students',
  'military veteran veterans',
  'group groups party parties',
  // getting there
  'bike bikes bicycle bicycles cycling',
  'address located location directions',
  // money
  'price prices cost costs fee fees charge charges charged rate rates expensive cheap afford pricing',
  'discount discounts deal deals coupon coupons promotion',
  'refund refunds',
  'tip tips tipping gratuity',
  'insurance insured coverage',
  'estimate estimates quote quotes',
  'warranty warranties guarantee guarantees',
  'return returns exchange exchanges',
  // time
  'hour hours open opening close closing closed schedule',
  'reservation reservations reserve book booking bookings appointment appointments',
  'wait waiting queue line',
  'arrive arrival early late',
  // service
  'delivery deliver delivers delivered',
  'takeout pickup togo carryout',
  'wifi internet wireless',
  'tv television tvs',
  'smoke smoking smoker cigarette cigarettes vape vaping',
  'vegetarian vegetarians veggie',
  'vegan vegans',
  'gluten celiac',
  'allergy allergies allergic',
  'gym fitness workout exercise',
  'pool swimming swim',
  'noise noisy loud quiet',
  'ambiance ambience atmosphere vibe decor',
  'outdoor outdoors outside',
  'kitchen kitchenette cook cooking',
  'luggage baggage bag bags suitcase suitcases',
  'housekeeping cleaning maid',
  'restroom restrooms bathroom bathrooms toilet toilets',
  'aircon conditioning conditioned cooling',
  'heat heating heater heated',
  'laundry washing',
  'dress attire',
  'safe safety secure security',
  'private privacy',
  'menu menus dish dishes food meal meals',
  'event events venue',
  'tour tours guided guide',
  'ticket tickets admission entry entrance',
  'age ages old',
  'photo photos photography camera',
  'phone telephone call',
  'email mail',
];

/** "general words | kinds of it": each kind is narrower than every general word, and unrelated to the others. */
const KINDS: string[] = [
  'child children kid kids | toddler toddlers infant infants baby babies',
  'pet pets animal animals | dog dogs puppy puppies cat cats kitten kittens',
  'language languages multilingual bilingual speak speaks spoken | english spanish french german italian chinese mandarin cantonese japanese korean vietnamese russian arabic portuguese hindi tagalog',
  'parking park parked | garage garages valet',
  'transportation transport | shuttle shuttles taxi taxis cab cabs',
  'pay paying payment payments | card cards credit debit cash mastercard visa amex',
  'card cards | credit debit mastercard visa amex',
  'weekend weekends | saturday saturdays sunday sundays',
  'drink drinks beverage beverages | alcohol alcoholic beer beers wine wines liquor cocktail cocktails',
  'alcohol alcoholic liquor | beer beers wine wines cocktail cocktails bar bars',
  'meal meals food | breakfast brunch lunch dinner',
  'outdoor outdoors outside | patio patios terrace terraces',
];

/**
 * Words of one series that a passage about another member still speaks to: a passage about "Monday through
 * Friday" is where "are you open on saturdays" is answered (with a no). They match each other weakly (MATCH.series),
 * enough to rank such a passage first, never enough to count as the same thing.
 */
const SERIES: string[] = [
  'monday mondays tuesday tuesdays wednesday wednesdays thursday thursdays friday fridays saturday saturdays sunday sundays',
];

/** Every word of the thesaurus, as written (spelling correction also looks for these: "bagage" -> baggage). */
export const THESAURUS_WORDS: readonly string[] = [
  ...new Set([...SAME, ...KINDS, ...SERIES].flatMap((g) => g.split(/[\s|]+/).filter((w) => w !== ''))),
];

/** Strength of a match through the thesaurus, by how the caller's word relates to the document's. */
export const MATCH = {
  same: 0.75,
  /** The document names the general thing, the caller a kind of it. */
  broader: 0.6,
  /** The document names a kind of what the caller asked about. */
  narrower: 0.45,
  /** Another member of the caller's series (SERIES). */
  series: 0.3,
} as const;

export interface Related {
  /** The related word's index term (stem). */
  term: string;
  /** The related word as written, cut to the part its stem keeps ("parking" -> park), for letter alignment. */
  word: string;
  strength: number;
  /** The document's word names the general thing the caller's word is a kind of ("pay" for "cash"). */
  broader?: true;
}

/** caller term -> document terms that count for it. */
export const SYNONYMS: ReadonlyMap<string, readonly Related[]> = buildRelations('caller');

/** document term -> caller words that count for it, for letter-level alignment of headings. */
export const SYNONYM_WORDS: ReadonlyMap<string, readonly Related[]> = buildRelations('document');

function buildRelations(from: 'caller' | 'document'): Map<string, Related[]> {
  const map = new Map<string, Map<string, Related>>();
  const link = (a: string, b: string, strength: number, broader = false) => {
    const [key, other] = from === 'caller' ? [a, b] : [b, a];
    const keyTerm = termOf(key);
    const related: Related = {
      term: termOf(other),
      word: writtenStem(other, termOf(other)),
      strength,
      ...(broader && from === 'caller' ? { broader: true as const } : {}),
    };
    if (related.term === keyTerm) return;
    const entries = map.get(keyTerm) ?? new Map<string, Related>();
    const id = from === 'caller' ? related.term : related.word;
    if (strength > (entries.get(id)?.strength ?? 0)) entries.set(id, related);
    map.set(keyTerm, entries);
  };
  const words = (group: string) => group.split(/\s+/).filter((w) => w !== '');
  for (const group of SAME) {
    const ws = words(group);
    for (const caller of ws) for (const doc of ws) link(caller, doc, MATCH.same);
  }
  for (const entry of KINDS) {
    const [general, specific] = entry.split('|').map(words) as [string[], string[]];
    for (const g of general) {
      for (const k of specific) {
        link(k, g, MATCH.broader, true);
        link(g, k, MATCH.narrower);
      }
      for (const other of general) link(g, other, MATCH.same);
    }
  }
  for (const group of SERIES) {
    const ws = words(group);
    for (const caller of ws) for (const doc of ws) link(caller, doc, MATCH.series);
  }
  return new Map([...map].map(([k, v]) => [k, [...v.values()]]));
}

/** Phrases callers use for a concept the documents name with one word. */
export const PHRASES: [RegExp, string][] = [
  [/\bhow much\b/g, ' price '],
  [/\bhow late\b/g, ' hours '],
  [/\bhow early\b/g, ' hours '],
  [/\b(?:when|what time) (?:are|do|does|is) (?:you|they|it|we) (open|close)\b/g, ' hours $1 '],
  [/\bair condition(ing|ed|er)?\b/g, ' aircon '],
  [/\bdine in\b/g, ' dinein '],
  [/\bto go\b/g, ' togo '],
  [/\bcarry out\b/g, ' carryout '],
  [/\bmaster card\b/g, ' mastercard '],
  // A thing that "comes with" something includes it ("does it come with a helmet?" / "Every rental includes a
  // helmet"); a person who comes with someone ("can my son come with me?") does not.
  [/\bcomes with\b/g, ' includes '],
  [
    /\b(do|does|did|will|would|can|could) ((?:the |your |a |an )?(?!(?:i|we|you|he|she|they|my|our|his|her|their)\b)[\w-]+(?: [\w-]+)?) come with\b/g,
    ' $1 $2 include ',
  ],
  // A phrasal verb split by its object ("pick him up", "drop them off") is the same verb as "pick up".
  [/\b([a-z]{3,}) (him|her|it|them|me|us) (up|off|out|in|back|over|on)\b/g, ' $1 $3 $2 '],
  // The caller, or a heading, pointing at the business itself ("at this restaurant", "in that location") names no topic.
  [
    /\b(?:at|in|of|for|to) (?:this|that|the|your) (?:restaurant|hotel|location|property|establishment|business|shop|store|office|clinic|salon|venue|premises|building)\b/g,
    ' ',
  ],
];

/** Rewrites multi-word phrases (see PHRASES) in normalised text. */
export function applyPhrases(normalized: string): string {
  let t = normalized;
  let changed = false;
  for (const [re, rep] of PHRASES) {
    re.lastIndex = 0;
    if (!re.test(t)) continue;
    t = t.replace(re, rep);
    changed = true;
  }
  return changed ? t.replace(/\s+/g, ' ').trim() : t;
}
