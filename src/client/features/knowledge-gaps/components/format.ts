/** "Nov 22, 2026, 12:04 PM" (en-US, short month), like the call history. */
export function formatAskedAt(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export const KIND_LABELS: Record<string, string> = {
  declined: 'Not in your documents',
  not_confirmed: 'Caller said no to "are you asking…?"',
  before_person: 'Asked before wanting a person',
  no_answer: 'Transferred: no answer',
  self_test: 'Marked wrong in the self-test',
};

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
