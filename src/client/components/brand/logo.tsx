import { Headset } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-sm',
        className,
      )}
    >
      <Headset className="size-[18px]" strokeWidth={2.25} />
    </span>
  );
}

/** The AnswerDesk logo (icon + wordmark); links to the landing page. */
export function Logo({
  className,
  inverted = false,
  compact = false,
}: {
  className?: string;
  inverted?: boolean;
  /** Slightly smaller on phones (crowded top bars). */
  compact?: boolean;
}) {
  return (
    <Link
      to="/"
      aria-label="AnswerDesk home"
      className={cn(
        // 44 px high on a phone: a thumb's target (ADR 041 addendum).
        'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg sm:min-h-0 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none',
        className,
      )}
    >
      <LogoMark className={compact ? 'size-7 sm:size-8' : undefined} />
      <span
        className={cn(
          'font-bold tracking-tight',
          compact ? 'text-base sm:text-lg' : 'text-lg',
          inverted ? 'text-white' : 'text-ink-900',
        )}
      >
        Answer<span className={inverted ? 'text-brand-300' : 'text-brand-600'}>Desk</span>
      </span>
    </Link>
  );
}
