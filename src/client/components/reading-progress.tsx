import { BookOpenText } from 'lucide-react';
import { Progress } from './ui/progress.tsx';
import { cn } from '../lib/cn.ts';

/**
 * How far the agent has read its documents for search by meaning (ADR 043), as GET /agent/knowledge-base and
 * GET /agent/config return it.
 */
export interface DocumentReading {
  passages_read: number;
  passages_total: number;
  ready: boolean;
}

/** How often a page showing the progress asks again while the agent is still reading. */
export const READING_POLL_MS = 2_000;

/** A TanStack Query refetchInterval: poll while the response's reading is not finished. */
export function pollWhileReading(reading: DocumentReading | null | undefined): number | false {
  return reading && !reading.ready ? READING_POLL_MS : false;
}

const count = new Intl.NumberFormat('en-US');

/**
 * "Reading your documents: 120 of 480 passages" with a bar, until every passage has its sentence vector; nothing
 * once the agent is fully ready. The agent answers from the documents' words meanwhile.
 */
export function ReadingProgress({
  reading,
  className,
}: {
  reading: DocumentReading | null | undefined;
  className?: string;
}) {
  if (!reading || reading.ready) return null;
  const percent = reading.passages_total > 0 ? (reading.passages_read / reading.passages_total) * 100 : 0;
  return (
    <div
      data-testid="reading-progress"
      className={cn('rounded-xl border border-brand-100 bg-brand-50/60 p-4', className)}
    >
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-ink-900">
        <BookOpenText aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
        Reading your documents: {count.format(reading.passages_read)} of{' '}
        {count.format(reading.passages_total)} passages
      </p>
      <Progress value={percent} label="Reading your documents" className="mt-3" />
      <p className="mt-2 text-xs text-ink-600">
        Your agent already answers from the words of your documents. Once it has read them all, it also
        understands questions asked in other words.
      </p>
    </div>
  );
}
