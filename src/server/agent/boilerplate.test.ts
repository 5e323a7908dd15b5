import { describe, expect, it } from 'vitest';
import { splitIntoPassages } from './passages.ts';
import { isBoilerplateLine, isPointerSentence } from './boilerplate.ts';

describe('boilerplate', () => {
  it('recognises navigation, breadcrumbs and footers, not content', () => {
    expect(isBoilerplateLine('Home | About | Services | Contact')).toBe(true);
    expect(isBoilerplateLine('Home > Services > Brakes')).toBe(true);
    expect(isBoilerplateLine('© 2026 Halden Auto. All rights reserved.')).toBe(true);
    expect(isBoilerplateLine('See also: Opening hours, Prices')).toBe(true);
    expect(isBoilerplateLine('We are open Monday to Friday, 8 a.m. to 5 p.m.')).toBe(false);
    expect(isBoilerplateLine('Cash | Card | Cheque are all accepted at the desk.')).toBe(false);
  });

  it("keeps a page's date stamp out of its first passage, so it is never read out or taken for an answer", () => {
    expect(isBoilerplateLine('Updated November 20, 2026')).toBe(true);
    expect(isBoilerplateLine('Last revised: 2026-11-03')).toBe(true);
    expect(isBoilerplateLine('Updated hours for the holidays: we close at 3 p.m. on December 24.')).toBe(
      false,
    );
    const text = [
      '# Recurring invoices',
      'Updated October 28, 2026',
      'Recurring invoices send the same invoice on a schedule. They are available on the Growth plan.',
    ].join('\n');
    const [passage] = splitIntoPassages([{ page: null, text }]);
    expect(passage?.text).toBe(
      'Recurring invoices send the same invoice on a schedule. They are available on the Growth plan.',
    );
  });

  it("keeps a help centre's vote and its prompt to write in out of the passages", () => {
    const text = [
      '# Records you must keep',
      'Tax authorities may require you to keep accounting records for several years.',
      '## 176 out of 219 found this helpful',
      'Have more questions? Submit a request',
    ].join('\n');
    const passages = splitIntoPassages([{ page: null, text }]);
    expect(passages.map((p) => [p.heading, p.text])).toEqual([
      [
        'Records you must keep',
        'Tax authorities may require you to keep accounting records for several years.',
      ],
    ]);
    expect(isBoilerplateLine('Have more questions? Call us on 555-0100.')).toBe(false);
  });

  it('keeps navigation and link lists out of the passages', () => {
    const text = [
      'Home | Services | Prices | Contact',
      '',
      '# Brake repair',
      'Brake pads are replaced in about an hour and cost $120 per axle.',
      '',
      'Related links',
      'Tyre fitting',
      'Oil change prices',
      '',
      'Copyright 2026 Halden Auto',
    ].join('\n');
    const passages = splitIntoPassages([{ page: null, text }]);
    const all = passages.map((p) => `${p.heading ?? ''} ${p.text}`).join('\n');
    expect(all).toContain('$120 per axle');
    expect(all).not.toMatch(/Home \||Tyre fitting|Oil change prices|Copyright/);
  });

  it('tells a sentence that only points elsewhere from one that gives a way to get the answer', () => {
    expect(
      isPointerSentence('1. For more information about virtualization options, see Citrix XenServer.'),
    ).toBe(true);
    expect(isPointerSentence('See the section on billing.')).toBe(true);
    // A link's title after "see": the holiday page it names, not the answer.
    expect(isPointerSentence("See Holiday Service for Thanksgiving, Christmas and New Year's.")).toBe(true);
    expect(isPointerSentence('See Dr. Avery for rabbits and birds.')).toBe(false);
    expect(isPointerSentence('See Fares and Passes, or call 555-0123.')).toBe(false);
    expect(isPointerSentence('For more information, call us at 555-0100.')).toBe(false);
    expect(isPointerSentence('For more details, visit our office at 12 Main Street.')).toBe(false);
    expect(isPointerSentence('For more details, write to help@example.com.')).toBe(false);
    // A digit in a name is no way to get in touch.
    expect(
      isPointerSentence('For more details on using HTTP2 check out the Fastify HTTP2 documentation page.'),
    ).toBe(true);
    expect(isPointerSentence('The see-saw is in the park.')).toBe(false);
    expect(isPointerSentence('→ Get Started with Data Mode.')).toBe(true);
    expect(isPointerSentence('» Read the full guide')).toBe(true);
    // Where to look, after what for: a title follows.
    expect(
      isPointerSentence('To get paid by your clients, see Get paid online with Ledgerly Payments.'),
    ).toBe(true);
    expect(isPointerSentence('If you use Docker, refer to the Container guide.')).toBe(true);
    expect(isPointerSentence('If you have a rabbit, see Dr. Avery.')).toBe(false);
    expect(isPointerSentence('If you lose your card, see the front desk.')).toBe(false);
    expect(isPointerSentence('For payment by card, see Billing, or call 555-0100.')).toBe(false);
  });

  it('takes a sentence in which the document says what it is about for no answer', () => {
    expect(isPointerSentence('This article is about paying for your own Ledgerly subscription.')).toBe(true);
    expect(isPointerSentence('This guide walks you through the first hour in your new account.')).toBe(true);
    expect(isPointerSentence('This guide is intended to help with migration from Fastify v2 to v3.')).toBe(
      true,
    );
    expect(isPointerSentence('In this article, you will learn how to add users.')).toBe(true);
    // One that goes on to give a fact is content.
    expect(isPointerSentence('This page lists our holiday hours: closed on the 25th.')).toBe(false);
    expect(isPointerSentence('This section covers the 3 plans we offer.')).toBe(false);
    expect(isPointerSentence('This plan is about the best value.')).toBe(false);
  });
});
