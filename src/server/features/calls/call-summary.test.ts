import { describe, expect, it } from 'vitest';
import { summarizeCall } from './call-summary.ts';
import type { TranscriptEntry } from './calls.repository.ts';

const source = { document: 'policy.txt', heading: 'Locations', page: null };

describe('call summary', () => {
  it('names the question an answer was for, not the yes that confirmed it', () => {
    const transcript: TranscriptEntry[] = [
      { speaker: 'agent', text: 'Thanks for calling Lakeside Tutoring. How can I help you today?', at_s: 0 },
      { speaker: 'caller', text: 'can you come to my house', at_s: 3 },
      {
        speaker: 'agent',
        text: 'Just to make sure I heard you right: are you asking about locations?',
        at_s: 4,
      },
      { speaker: 'caller', text: 'yes', at_s: 6 },
      {
        speaker: 'agent',
        text: 'Our tutors meet students at home in Riverton and Hollis.',
        at_s: 7,
        sources: [source],
        question: 'can you come to my house',
      },
    ];
    expect(summarizeCall({ outcome: 'answered', transcript, escalation: null })).toBe(
      'The caller asked "can you come to my house"; answered from policy.txt.',
    );
  });

  it('falls back on the caller line before the answer for calls recorded without the question', () => {
    const transcript: TranscriptEntry[] = [
      { speaker: 'caller', text: 'what are your hours', at_s: 1 },
      { speaker: 'agent', text: 'We are open from 8 to 6.', at_s: 2, sources: [source] },
    ];
    expect(summarizeCall({ outcome: 'answered', transcript, escalation: null })).toBe(
      'The caller asked "what are your hours"; answered from policy.txt.',
    );
  });
});
