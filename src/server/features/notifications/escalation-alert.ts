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
  /** A message the caller left: the e-mail leads with who to call back (ADR 042). */
  callerMessage?: {
    name: string | null;
    callback_number: string;
    text: string;
    context: 'after_hours' | 'no_transfer' | 'no_minutes';
  } | null;
}

const MESSAGE_CONTEXT = {
  after_hours: 'The caller called outside your opening hours',
  no_transfer: 'No transfer number: the agent took a message',
  no_minutes: 'Your minutes ran out, so the agent could not take the call',
} as const;

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
  const left = input.callerMessage ?? null;
  const subject = left
    ? `New message from ${left.name ?? left.callback_number}: please call back ${left.callback_number}`
    : `Call escalated: ${input.callerNumber} needs a follow-up`;
  const facts: [string, string][] = left
    ? [
        ['Name', left.name ?? 'not given'],
        ['Call back', left.callback_number],
        ['Message', left.text],
        ['Called from', input.callerNumber],
        ['Time', formatTime(input.startedAt)],
        ['Why a message', MESSAGE_CONTEXT[left.context]],
      ]
    : [
        ['Caller', input.callerNumber],
        ['Time', formatTime(input.startedAt)],
        ['Duration', formatDuration(input.durationS)],
        ['Reason', REASONS[input.reason]],
      ];
  if (!left && input.question) facts.push(["Caller's question", input.question]);
  if (!left && input.message) facts.push(["Caller's message", input.message]);
  if (!left)
    facts.push(['Transferred to', input.transferTo ?? 'No transfer number: the agent took a message']);
  const lines = input.transcript.map((t) => `${t.speaker === 'agent' ? 'Agent' : 'Caller'}: ${t.text}`);
  const text = [
    left
      ? `A caller left a message for ${input.companyName}.`
      : `A call to ${input.companyName} was escalated.`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    'Transcript',
    ...lines,
    '',
  ].join('\n');
  const html = [
    left
      ? `<p>A caller left a message for <strong>${escapeHtml(input.companyName)}</strong>.</p>`
      : `<p>A call to <strong>${escapeHtml(input.companyName)}</strong> was escalated.</p>`,
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
