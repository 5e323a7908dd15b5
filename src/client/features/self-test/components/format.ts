/** "just now", "5 minutes ago", "3 hours ago", else the date and time. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `on ${new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })}`;
}

/** "Your agent answers 46 of 50 questions from your documents and declines 9 of 10 it shouldn't answer." */
export function summaryOf(run: {
  document_answered: number;
  document_questions: number;
  probe_declined: number;
  probe_questions: number;
}): string {
  const documents = `answers ${run.document_answered} of ${run.document_questions} ${run.document_questions === 1 ? 'question' : 'questions'} from your documents`;
  if (run.probe_questions === 0) return `Your agent ${documents}.`;
  return `Your agent ${documents} and declines ${run.probe_declined} of ${run.probe_questions} it shouldn't answer.`;
}

/** The self-test panel's anchor: one per number when the dashboard shows several (ADR 044). */
export const selfTestAnchor = (agentId: string | undefined): string =>
  agentId ? `self-test-${agentId}` : 'self-test';
