import { describe, expect, it } from 'vitest';
import { speechHintsInSlices, speechHintsOf } from './speech-hints.ts';

const faq = [
  { heading: 'Do you have bike parking?', text: 'Yes, there is a bike rack by the door.' },
  { heading: 'Is there car parking at Rosa’s Bakery?', text: 'Street parking only, on Elm Street.' },
  {
    heading: 'What payment options do you accept?',
    text: 'We take cash, Visa, Mastercard and Apple Pay. Apple Pay works at the counter too.',
  },
  { heading: 'Do you offer outdoor seating?', text: 'Outdoor seating is available from May to September.' },
  { heading: 'Can I order a wedding cake?', text: 'Wedding cakes need two weeks notice.' },
];

describe('speech hints', () => {
  it('read a large site a slice at a time, other work running between slices, to the same hints', async () => {
    const site = Array.from({ length: 400 }, (_, page) =>
      faq.map((p) => ({ ...p, text: `${p.text} Ask at the Elm Street counter, page ${page}.` })),
    ).flat();
    let otherWork = 0;
    const tick = setInterval(() => otherWork++, 0);
    const sliced = await speechHintsInSlices(site, 'Rosa’s Bakery', undefined, 1);
    clearInterval(tick);
    expect(otherWork).toBeGreaterThan(0);
    expect(sliced).toEqual(speechHintsOf(site, 'Rosa’s Bakery'));
    expect(sliced).toContain('Elm Street');
  });

  it("lead with the business's name, then its topics as a caller says them and the names in its text", () => {
    const hints = speechHintsOf(faq, 'Rosa’s Bakery');
    expect(hints[0]).toBe('Rosa’s Bakery');
    expect(hints).toEqual(
      expect.arrayContaining(['bike parking', 'car parking', 'payment', 'outdoor seating', 'wedding cake']),
    );
    expect(hints).toEqual(expect.arrayContaining(['Elm Street', 'Visa', 'Mastercard', 'Apple Pay']));
    // Topics and names take turns: the first topic, then the first name.
    expect(hints.slice(1, 3)).toEqual(['bike parking', 'Elm Street']);
  });

  it('leave out question framing, function words, calendar words and the word that opens a sentence', () => {
    const hints = speechHintsOf(faq, 'Rosa’s Bakery').map((h) => h.toLowerCase());
    for (const framing of ['offer', 'accept', 'options', 'available', 'do you', 'can i'])
      expect(hints).not.toContain(framing);
    expect(hints).not.toContain('may');
    expect(hints).not.toContain('september');
    // "Apple Pay works …" opens a sentence: "Pay" on its own is not a name.
    expect(hints).not.toContain('pay');
    expect(hints.filter((h) => h === 'apple pay')).toHaveLength(1);
    // The business's name in a heading is hinted once, as a whole.
    expect(hints.filter((h) => h.includes('rosa'))).toEqual(['rosa’s bakery']);
  });

  it('read topic labels whole, never put a comma inside a hint, and stop at the limit', () => {
    const policy = [
      { heading: 'Service Area', text: 'We work throughout Cedar Falls, Waverly and Denver Township.' },
      { heading: 'Stump Grinding', text: 'We call Iowa One Call before any grinding.' },
      { heading: 'Service Area', text: 'Jobs north of the Shell Rock River bridge are declined.' },
    ];
    const hints = speechHintsOf(policy, 'Tall Pines Tree Care');
    expect(hints.slice(0, 4)).toEqual([
      'Tall Pines Tree Care',
      'Service Area',
      'Cedar Falls',
      'Stump Grinding',
    ]);
    expect(hints).toEqual(
      expect.arrayContaining([
        'Cedar Falls',
        'Waverly',
        'Denver Township',
        'Iowa One Call',
        'Shell Rock River',
      ]),
    );
    expect(hints.every((h) => !h.includes(','))).toBe(true);
    expect(speechHintsOf(policy, 'Tall Pines Tree Care', 4)).toHaveLength(4);
  });

  it('keep words of any alphabet whole: accents are part of the name', () => {
    const hints = speechHintsOf(
      [
        {
          heading: 'Do you sell crème brûlée?',
          text: 'Yes, made with Valrhona chocolate from Tain-l’Hermitage.',
        },
      ],
      'Café Olé',
    );
    expect(hints).toEqual(['Café Olé', 'crème brûlée', 'Valrhona', 'Tain-l’Hermitage']);
  });

  it('topics that head several passages come before topics that head one', () => {
    const hints = speechHintsOf(
      [
        { heading: 'Gift cards', text: 'Sold at the till.' },
        { heading: 'Catering prices', text: 'From 12 dollars a head.' },
        { heading: 'Catering menus', text: 'Three menus.' },
      ],
      'Rosa’s Bakery',
    );
    expect(hints.slice(1, 4)).toEqual(['Gift cards', 'Catering prices', 'Catering menus']); // no names in the text
    const repeated = speechHintsOf(
      [
        { heading: 'Gift cards', text: 'Sold at the till.' },
        { heading: 'Do you sell gift cards online?', text: 'Not yet.' },
        { heading: 'Catering', text: 'For parties.' },
        { heading: 'Catering', text: 'Menus on request.' },
        { heading: 'Catering', text: 'Delivery included.' },
      ],
      'Rosa’s Bakery',
    );
    expect(repeated[1]).toBe('Catering');
  });
});
