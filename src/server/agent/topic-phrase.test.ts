import { describe, expect, it } from 'vitest';
import { subjectOf, topicPhrase } from './topic-phrase.ts';

describe('topic phrases', () => {
  it('says a heading that gives an instruction as the activity', () => {
    expect(topicPhrase('cancel your order')).toBe('cancelling your order');
    expect(topicPhrase('opening hours')).toBe('opening hours');
  });

  it('leaves out the clause a heading leaves for its list to finish', () => {
    // "Use Framework Mode if you:" over "are migrating from Next.js", "want to compare frameworks", …
    expect(topicPhrase('use framework mode if you')).toBe('use framework mode');
    expect(topicPhrase('install the package if you')).toBe('installing the package');
    expect(topicPhrase('book a table if')).toBe('booking a table');
    expect(topicPhrase('what to bring if you have a dog')).toBe('what to bring if you have a dog');
  });

  it("names a paragraph without a heading by its first sentence's subject", () => {
    expect(
      subjectOf(
        'The Normans (Norman: Nourmands; French: Normands) were the people who gave their name to Normandy. They came from Scandinavia.',
      ),
    ).toBe('The Normans');
    // A phrase after a preposition sets the scene; the subject comes after it, through "of".
    expect(
      subjectOf(
        'In England, the period of Norman architecture immediately succeeds that of the Anglo-Saxon.',
      ),
    ).toBe('the period of Norman architecture');
    expect(subjectOf('Our tutors meet students at the Maple Grove library.')).toBe('Our tutors');
    expect(subjectOf('For this reason, the old bridge stays closed to trucks.')).toBe('the old bridge');
    expect(subjectOf('Computational complexity theory is a branch of the theory of computation.')).toBe(
      'Computational complexity theory',
    );
  });

  it('names nothing when the first sentence opens without a subject to say', () => {
    expect(subjectOf('It is important to book early.')).toBeNull();
    expect(subjectOf('Open every day from nine.')).toBeNull();
    // Too long to be a name.
    expect(
      subjectOf('The list of the names of the members of the board of the club is posted online.'),
    ).toBeNull();
  });
});
