import { describe, expect, it } from 'vitest';
import { makeSelfTestQuestions, questionsFromSentence } from './self-test-questions.ts';

describe('self-test questions', () => {
  it('turns statements into the questions a caller would ask, with paraphrases', () => {
    expect(questionsFromSentence('We are open Monday to Friday from 8 a.m. to 6 p.m.')).toEqual({
      question: 'When are you open?',
      variants: [
        'Could you tell me when you are open?',
        'Are you open Monday to Friday from 8 a.m. to 6 p.m.?',
      ],
    });
    expect(questionsFromSentence('We charge $85 for a call-out visit.', 'Acme')?.question).toBe(
      'How much do you charge for a call out visit?',
    );
    expect(questionsFromSentence('We do not accept returns after 30 days.', 'Acme')?.variants).toContain(
      'When does Acme accept returns?',
    );
    expect(questionsFromSentence('Press the reset button for 10 seconds.')?.question).toBe(
      'How long should I press the reset button?',
    );
    expect(
      questionsFromSentence('Free parking is available behind the building, entrance on Elm Street.'),
    ).toEqual({
      question: 'Is free parking available behind the building?',
      variants: ['Could you tell me if free parking is available behind the building?'],
    });
    // No plain shape to turn around: no question rather than a garbled one.
    expect(questionsFromSentence('Orders placed before noon ship the same day.')).toBeNull();
  });

  it('asks FAQ questions as written, asks about other headings, and probes what no document mentions', () => {
    const questions = makeSelfTestQuestions(
      [
        {
          documentName: 'faq.txt',
          heading: 'Parking',
          text: 'Free parking is available behind the building.',
        },
        { documentName: 'faq.txt', heading: 'Do you sell gift vouchers?', text: 'Yes, at the front desk.' },
        { documentName: 'pets.txt', heading: null, text: 'Dogs are welcome in the garden.' },
      ],
      { companyName: 'Acme Plumbing' },
    );
    const asked = questions.map((q) => `${q.kind}/${q.madeFrom}: ${q.question}`);
    expect(asked).toContain('document/heading: Can you tell me about parking?');
    expect(asked).toContain('document/faq: Do you sell gift vouchers?');
    expect(asked).toContain('document/paraphrase: Does Acme Plumbing sell gift vouchers?');
    expect(asked).toContain('document/sentence: Are dogs welcome in the garden?');
    // The documents mention gifts and dogs: those probes are left out; others are asked.
    const probes = questions.filter((q) => q.kind === 'out_of_scope').map((q) => q.question);
    expect(probes).toHaveLength(10);
    expect(probes).not.toContain('Do you sell gift cards?');
    expect(probes).not.toContain('Can I bring my dog with me?');
    expect(probes).toContain('Are you hiring at the moment?');
    // Each question from the documents says where it was made from.
    expect(questions.find((q) => q.madeFrom === 'faq')).toMatchObject({
      document: 'faq.txt',
      section: 'Do you sell gift vouchers?',
    });
  });

  it('keeps to 50 questions from the documents, spread over every document', () => {
    const manual = Array.from({ length: 80 }, (_, i) => ({
      documentName: 'manual.pdf',
      heading: `Part ${i + 1}`,
      text: `The part number ${i + 1} costs $${i + 10}.`,
    }));
    const faq = { documentName: 'faq.txt', heading: 'Do you deliver?', text: 'Yes, within 5 miles.' };
    const questions = makeSelfTestQuestions([...manual, faq], { companyName: 'Acme' });
    expect(questions.filter((q) => q.kind === 'document')).toHaveLength(50);
    expect(questions.some((q) => q.document === 'faq.txt')).toBe(true);
  });
});
