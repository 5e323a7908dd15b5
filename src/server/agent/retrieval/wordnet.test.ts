import { describe, expect, it } from 'vitest';
import { buildKnowledgeIndex } from './knowledge-index.ts';
import { wordNetDerived, wordNetRelated } from './wordnet.ts';

/** A business's index over one document of headed passages, and what searching it for `question` finds. */
function search(companyName: string, sections: { heading: string; text: string }[], question: string) {
  const passages = sections.map((p, i) => ({ id: `p${i}`, documentName: 'doc.txt', page: null, ...p }));
  return buildKnowledgeIndex(passages, { companyName }).search(question);
}

describe('WordNet', () => {
  it("gives the synonyms of a word's most frequent sense, and what it is a kind of", () => {
    const salary = wordNetRelated('salaries');
    expect(salary).toContainEqual({ word: 'wage', relation: 'synonym' });
    expect(salary).toContainEqual({ word: 'pay', relation: 'synonym' });
    expect(wordNetRelated('skateboard')).toContainEqual({ word: 'board', relation: 'kind-of' });
    // Only the most frequent sense: "kids" are children, not young goats' leather.
    expect(wordNetRelated('kids').map((r) => r.word)).toContain('child');
    expect(wordNetRelated('kids').map((r) => r.word)).not.toContain('kidskin');
    expect(wordNetRelated('qwzxv')).toEqual([]);
  });

  it('finds the passage that names in its own words what the caller asked', () => {
    const found = search(
      'City Police',
      [
        { heading: 'Pay', text: 'Officers start at a wage of 52,000 dollars a year.' },
        { heading: 'Volunteers', text: 'Our volunteers help at community events.' },
        { heading: 'Hours', text: 'The front desk is open from 8 to 5.' },
      ],
      'what is the salary',
    );
    expect(found.hits[0]?.passage.heading).toBe('Pay');
    // "salary" is not in the documents: it counts through WordNet, less than the word itself would.
    const salary = found.terms.find((t) => t.word === 'salary')!;
    expect(salary.alternatives).toContainEqual({ term: 'wage', strength: 0.6, related: true });
  });

  it('gives the noun for the deed a verb names, and the verb for such a noun, but not the doer or a tool', () => {
    expect(wordNetDerived('register')).toContain('registration');
    expect(wordNetDerived('applications')).toContain('apply');
    expect(wordNetDerived('invaded')).toContain('invasion');
    // "invader" is a person, "invasive" says something of a thing; a "timer" is a tool, not time.
    expect(wordNetDerived('invade')).not.toContain('invader');
    expect(wordNetDerived('invade')).not.toContain('invasive');
    expect(wordNetDerived('time')).toEqual([]);
    // A noun that names a thing stands for no verb: a "user" is not "use".
    expect(wordNetDerived('user')).toEqual([]);
  });

  it('finds the passage that names as a noun what the caller asked with a verb', () => {
    const found = search(
      'Valley Soccer',
      [
        {
          heading: 'Registration',
          text: 'Registration for the spring season opens on March 1 at the front desk.',
        },
        { heading: 'Season', text: 'The spring season runs from April to June.' },
      ],
      'when can i register for the spring season',
    );
    expect(found.hits[0]?.passage.heading).toBe('Registration');
    const register = found.terms.find((t) => t.word === 'register')!;
    expect(register.alternatives).toContainEqual({ term: 'registr', strength: 0.75, related: true });
  });
});
