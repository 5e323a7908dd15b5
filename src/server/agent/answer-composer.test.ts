import { describe, expect, it } from 'vitest';
import { composeExtractive, toSpokenText } from './answer-composer.ts';

const passage = (text: string) => ({ id: '1', documentName: 'faq.txt', heading: 'Q?', page: null, text });

describe('extractive answers', () => {
  it('removes markdown and never reads out a URL', () => {
    const spoken = toSpokenText(
      '## Hours\n* **Mon-Fri**: 9am to 5pm\n* See [our site](https://example.com/hours) or www.example.com/x',
    );
    expect(spoken).not.toMatch(/[#*_`[\]]|https?:|www\./);
    expect(spoken).toContain('Mon-Fri: 9am to 5pm');
    expect(spoken).toContain('our site');
  });

  it('keeps a long passage to a few sentences, preferring those about the question', () => {
    const text = [
      'Our bakery opened in 1998.',
      'We bake everything on site.',
      'Delivery is free for orders over $40.',
      'Our founder trained in Lyon.',
      'We also run baking classes on Saturdays.',
      'Gift cards are sold in the shop.',
    ].join(' ');
    const answer = composeExtractive({
      companyName: 'X',
      question: 'is delivery free',
      passages: [passage(text)],
    });
    expect(answer).toContain('Delivery is free for orders over $40.');
    expect(answer.split(/(?<=\.)\s/).length).toBeLessThanOrEqual(3);
  });

  it('ends a passage without punctuation as a sentence', () => {
    expect(
      composeExtractive({ companyName: 'X', question: 'q', passages: [passage('No smoking anywhere')] }),
    ).toBe('No smoking anywhere.');
  });
});
