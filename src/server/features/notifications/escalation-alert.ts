/** The escalation email (Pro and Enterprise): what a business owner needs to call the customer back. */

export interface EscalationAlertInput {
  callId: string;
  userId: string;
  companyName: string;
  contactEmail: string;
  callerNumber: string;
  startedAt: Date;
  durationS: number;
  reason: 'requested' | 'no_answer';
  /** What the caller asked (no_answer) or how they asked for a person (requested). */
  question: string | null;
  /** The message the caller left when there was no one to transfer to. */
  message: string | null;
  transferTo: string | null;
  transcript: { speaker: 'agent' | 'caller'; text: string; at_s: number }[];
}

const REASONS: Record<EscalationAlertInput['reason'], string> = {
  requested: 'The caller asked to speak with a person',
  no_answer: "The agent couldn't answer from your documents",
};

export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}

function formatTime(date: Date): string {
  return `${date.toLocaleString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })} UTC`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderEscalationAlert(input: EscalationAlertInput): {
  subject: string;
  text: string;
  html: string;
} {
  const subject = `Call escalated: ${input.callerNumber} needs a follow-up`;
  const facts: [string, string][] = [
    ['Caller', input.callerNumber],
    ['Time', formatTime(input.startedAt)],
    ['Duration', formatDuration(input.durationS)],
    ['Reason', REASONS[input.reason]],
  ];
  if (input.question) facts.push(["Caller's question", input.question]);
  if (input.message) facts.push(["Caller's message", input.message]);
  facts.push(['Transferred to', input.transferTo ?? 'No transfer number: the agent took a message']);
  const lines = input.transcript.map((t) => `${t.speaker === 'agent' ? 'Agent' : 'Caller'}: ${t.text}`);
  const text = [
    `A call to ${input.companyName} was escalated.`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    'Transcript',
    ...lines,
    '',
  ].join('\n');
  const html = [
    `<p>A call to <strong>${escapeHtml(input.companyName)}</strong> was escalated.</p>`,
    '<table>',
    ...facts.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<h3>Transcript</h3>',
    ...input.transcript.map(
      (t) => `<p><strong>${t.speaker === 'agent' ? 'Agent' : 'Caller'}:</strong> ${escapeHtml(t.text)}</p>`,
    ),
  ].join('\n');
  return { subject, text, html };
}
