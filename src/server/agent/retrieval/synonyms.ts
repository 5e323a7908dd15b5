/**
 * A small general thesaurus of how callers and documents name the same thing ("kids" / "children",
 * "pets" / "dogs", "how much" / "price"). It is written from everyday customer-service English for any small
 * business (shops, clinics, salons, trades, hospitality), not fitted to a data set: a group joins words a caller
 * could use for the concept a document answers. Matches through a synonym count less than the word itself.
 */
import { termOf } from './text.ts';

const GROUPS: string[] = [
  // people and access
  'child children kid kids toddler toddlers infant infants baby babies family families youngster',
  'pet pets dog dogs cat cats animal animals puppy',
  'wheelchair wheelchairs accessible accessibility disabled disability disabilities handicap handicapped mobility ramp',
  'elevator elevators lift lifts stairs',
  'staff employee employees team personnel worker workers',
  'language languages multilingual bilingual speak speaks spoken',
  'senior seniors elderly',
  'student students',
  'military veteran veterans',
  'group groups party parties',
  // getting there
  'parking park parked garage valet',
  'bike bikes bicycle bicycles cycling',
  'address located location directions',
  'shuttle transportation transport',
  // money
  'price prices cost costs fee fees charge charges charged rate rates expensive cheap afford pricing',
  'pay paying payment payments card cards credit debit cash mastercard visa amex',
  'discount discounts deal deals coupon coupons promotion',
  'refund refunds cancel cancellation cancellations cancelled',
  'tip tips tipping gratuity',
  'insurance insured coverage',
  'estimate estimates quote quotes',
  'warranty warranties guarantee guarantees',
  'return returns exchange exchanges',
  // time
  'hour hours open opening close closing closed schedule',
  'weekend weekends saturday sunday',
  'reservation reservations reserve book booking bookings appointment appointments',
  'wait waiting queue line',
  'arrive arrival early late',
  // service
  'delivery deliver delivers delivered',
  'takeout pickup togo carryout',
  'wifi internet wireless',
  'tv television tvs',
  'smoke smoking smoker cigarette cigarettes vape vaping',
  'alcohol alcoholic beer wine wines liquor cocktail cocktails drink drinks bar',
  'vegetarian vegan veggie plant',
  'gluten celiac',
  'allergy allergies allergic',
  'breakfast brunch',
  'gym fitness workout exercise',
  'pool swimming swim',
  'noise noisy loud quiet',
  'ambiance ambience atmosphere vibe decor',
  'outdoor outdoors outside patio terrace',
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
];

/** term -> related terms (stems), each with the weight of a match through it. */
export const SYNONYMS: ReadonlyMap<string, readonly string[]> = buildSynonyms();

function buildSynonyms(): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const group of GROUPS) {
    const terms = [
      ...new Set(
        group
          .split(/\s+/)
          .filter((w) => w !== '')
          .map((w) => termOf(w)),
      ),
    ];
    for (const t of terms) {
      const set = map.get(t) ?? new Set<string>();
      for (const other of terms) if (other !== t) set.add(other);
      map.set(t, set);
    }
  }
  return new Map([...map].map(([k, v]) => [k, [...v]]));
}

/** term -> the written words of its synonyms ("price" -> cost, fee, ...), for letter-level alignment. */
export const SYNONYM_WORDS: ReadonlyMap<string, readonly string[]> = buildSynonymWords();

function buildSynonymWords(): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const group of GROUPS) {
    const words = group.split(/\s+/).filter((w) => w !== '');
    for (const w of words) {
      const t = termOf(w);
      const set = map.get(t) ?? new Set<string>();
      for (const other of words) {
        const ot = termOf(other);
        if (ot === t) continue;
        let i = 0;
        while (i < other.length && i < ot.length && other[i] === ot[i]) i++;
        set.add(i >= 4 ? other.slice(0, i) : other);
      }
      map.set(t, set);
    }
  }
  return new Map([...map].map(([k, v]) => [k, [...v]]));
}

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
