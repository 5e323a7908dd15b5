import type { CallOutcome } from '../api/calls-api.ts';

/** SPEC: date and time in en-US with a short month, e.g. "Nov 22, 2026, 12:04 PM". */
export function formatCallDate(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Minutes and seconds, e.g. "2m 5s" or "0m 4s" (the card shows it only when above 0). */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m}m ${s}s`;
}

export const OUTCOMES: Record<
  CallOutcome,
  { label: string; variant: 'success' | 'warning' | 'danger' | 'neutral' }
> = {
  answered: { label: 'Answered', variant: 'success' },
  escalated_requested: { label: 'Escalated: asked for a person', variant: 'warning' },
  escalated_no_answer: { label: 'Escalated: no answer found', variant: 'warning' },
  abandoned: { label: 'Abandoned', variant: 'neutral' },
  rejected_no_minutes: { label: 'Missed: out of minutes', variant: 'danger' },
};

/** A reply time for the owner: "850 ms" below a second, "1.4 s" above. */
export function formatReplyTime(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The filter choices of the calls page, in the order shown. */
export const OUTCOME_FILTERS = [
  { value: 'answered', label: 'Answered' },
  { value: 'escalated', label: 'Escalated' },
  { value: 'abandoned', label: 'Abandoned' },
  { value: 'rejected_no_minutes', label: 'Missed: out of minutes' },
] as const;
