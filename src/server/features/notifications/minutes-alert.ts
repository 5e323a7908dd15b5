/** The owner's e-mails at 80 % and at 100 % of the minutes (ADR 042), every plan, once per period each. */
export interface MinutesAlertInput {
  threshold: 80 | 100;
  minutesUsed: number;
  minutesLimit: number;
  /** Where minute packs are bought: the pricing page. */
  buyUrl: string;
}

export function renderMinutesAlert(input: MinutesAlertInput): {
  subject: string;
  text: string;
  html: string;
} {
  const { threshold, minutesUsed, minutesLimit, buyUrl } = input;
  const subject =
    threshold === 100 ? "You've used all your minutes" : `You've used ${threshold}% of your minutes`;
  const lead = `Your AI phone agent has used ${minutesUsed} of its ${minutesLimit} minutes this period.`;
  const next =
    threshold === 100
      ? 'Until you add minutes, calls are forwarded to your transfer number, or callers can leave a message.'
      : 'When the minutes run out, calls are forwarded to your transfer number, or callers can leave a message.';
  const buy = 'Buy more minutes (from $0.60 a minute; they never expire):';
  return {
    subject,
    text: [lead, next, '', buy, buyUrl, ''].join('\n'),
    html: [
      `<p>${lead}</p>`,
      `<p>${next}</p>`,
      `<p><a href="${buyUrl}">Buy more minutes</a> (from $0.60 a minute; they never expire).</p>`,
    ].join('\n'),
  };
}
