import type { CallOutcome, TranscriptEntry } from './calls.repository.ts';

export interface SummaryInput {
  outcome: CallOutcome;
  transcript: TranscriptEntry[];
  escalation: {
    reason: 'requested' | 'no_answer';
    question: string | null;
    message: string | null;
    transferTo: string | null;
  } | null;
}

const MAX_QUOTE = 90;

function quote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return `"${t.length > MAX_QUOTE ? `${t.slice(0, MAX_QUOTE - 1).trimEnd()}…` : t}"`;
}

/** An extractive summary a business owner can read in one glance: what was asked, what happened. */
export function summarizeCall(input: SummaryInput): string {
  const { transcript, outcome, escalation } = input;
  const answered: string[] = [];
  const documents = new Set<string>();
  for (let i = 0; i < transcript.length; i++) {
    const entry = transcript[i]!;
    if (entry.speaker !== 'agent' || !entry.sources?.length) continue;
    const question =
      entry.question ?? [...transcript.slice(0, i)].reverse().find((e) => e.speaker === 'caller')?.text;
    if (question) answered.push(quote(question));
    for (const source of entry.sources) documents.add(source.document);
  }
  const parts: string[] = [];
  if (answered.length > 0) {
    parts.push(
      `The caller asked ${answered.slice(0, 3).join(', ')}${answered.length > 3 ? ` and ${answered.length - 3} more` : ''}; answered from ${[...documents].join(', ')}.`,
    );
  }
  if (escalation) {
    const asked = escalation.question ? ` ${quote(escalation.question)}` : '';
    parts.push(
      escalation.reason === 'requested'
        ? `The caller asked for a person${asked && escalation.question !== 'pressed 0' ? ` (${asked.trim()})` : ''}.`
        : `The agent could not answer${asked}.`,
    );
    if (escalation.transferTo) parts.push(`Transferred to ${escalation.transferTo}.`);
    else if (escalation.message) parts.push(`Message taken: ${quote(escalation.message)}.`);
    else parts.push('No transfer number; the caller left no message.');
  }
  if (parts.length === 0) {
    if (outcome === 'rejected_no_minutes') return 'Not answered: the agent was out of minutes.';
    const callerSpoke = transcript.some((e) => e.speaker === 'caller');
    return callerSpoke
      ? 'The caller hung up without a question answered.'
      : 'The caller hung up without saying anything.';
  }
  return parts.join(' ');
}
