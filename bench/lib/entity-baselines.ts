/**
 * The answer-type detector the agent used before wink-nlp (evidence.ts, until 2026-11-25): word lists and
 * capitals. Kept only as the baseline of `npm run bench:entities`.
 */
import type { AnswerType } from '#server/agent/question.ts';
import { normalizeText, termOf } from '#server/agent/retrieval/text.ts';

const NUMBER_WORD =
  /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|hundreds|thousand|thousands|million|millions|billion|billions|dozen|dozens|half|once|twice|single|double|triple|several|first|second|third|fourth|fifth|tenth|hundredth)$/i;
const MONEY_WORD =
  /^(?:free|complimentary|included|includes|dollars?|cents?|euros?|pounds?|fee|fees|cost|costs|price|priced|charge|charged|costly|expensive|cheap|discount|discounts|percent|rate|rates)$/i;
const TIME_WORD =
  /^(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays?|weekends?|daily|weekly|monthly|yearly|annually|nightly|today|tomorrow|tonight|yesterday|morning|mornings|afternoon|afternoons|evening|evenings|night|nights|noon|midnight|midday|dawn|dusk|spring|summer|autumn|fall|winter|century|centuries|decade|decades|era|age|period|year|years|month|months|week|weeks|day|days|hour|hours|minute|minutes|seconds?|ago|before|after|during|since|until|till|anytime|holiday|holidays|christmas|easter|immediately|soon|later|earlier|early|late|annual|season|seasons|am|pm|a\.m\.?|p\.m\.?)$/i;
const PLACE_WORD =
  /^(?:street|st|road|rd|avenue|ave|boulevard|blvd|lane|drive|suite|floor|building|room|hall|office|offices|counter|desk|city|town|village|county|country|countries|state|province|region|district|area|areas|north|south|east|west|northern|southern|eastern|western|downtown|near|nearby|next|beside|behind|inside|outside|located|location|locations|online|website|site|web|app|portal|address|entrance|parking|lot|campus|center|centre|station|airport|island|river|sea|ocean|coast|mountains?|valley|continent|border|capital|abroad|overseas|local|home)$/i;
const PERSON_WORD =
  /^(?:staff|team|teams|manager|managers|owner|owners|director|directors|president|king|queen|emperor|leader|leaders|members?|volunteers?|employees?|doctor|doctors|nurse|nurses|dentist|technician|technicians|mechanic|mechanics|instructor|instructors|teacher|teachers|officer|officers|council|committee|board|department|government|company|companies|organization|organisation|agency|firm|family|people|person|everyone|anyone|customers?|clients?|patients?|residents?|students?|parents?|children|he|she|they|who|whom|whose)$/i;

/** The word-list detector entities.ts replaced (kept here as the baseline it is measured against). */
export function statesTypeByWordLists(
  text: string,
  type: AnswerType,
  questionWords: ReadonlySet<string>,
): boolean {
  if (type === 'yesno' || type === 'procedure' || type === 'other') return true;
  const raw = text.match(/[$€£]?[\p{L}\p{N}][\p{L}\p{N}'’.:,/-]*%?/gu) ?? [];
  // Words that open a sentence are capitalised whatever they are: only later capitals mark a name.
  const opening = new Set<number>([0]);
  raw.forEach((word, i) => {
    if (/[.!?]$/.test(word)) opening.add(i + 1);
  });
  return raw.some((word, i) => {
    const w = word.replace(/[.,:;'’]+$/, '');
    const lower = w.toLowerCase();
    const norm = normalizeText(w);
    if (norm === '' || questionWords.has(norm) || questionWords.has(termOf(norm))) return false;
    const numeric = /\d/.test(w) || NUMBER_WORD.test(lower);
    const name = /^\p{Lu}/u.test(w) && !opening.has(i) && !/^(?:I|A|The)$/.test(w);
    switch (type) {
      case 'amount':
        // A year is a date, not an amount ("joined in 2017" is no price).
        return (
          (numeric && !/^(?:1[5-9]|20)\d\d$/.test(w)) ||
          /^[$€£]/.test(w) ||
          /%$/.test(w) ||
          MONEY_WORD.test(lower)
        );
      case 'count':
        return numeric || /%$/.test(w);
      case 'time':
        return numeric || TIME_WORD.test(lower);
      case 'place':
        return name || PLACE_WORD.test(lower);
      case 'person':
        return name || PERSON_WORD.test(lower);
    }
  });
}
