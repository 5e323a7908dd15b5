import { cn } from '../../lib/cn.ts';

export interface ProgressProps {
  /** 0-100; values outside are clamped (the bar never grows past 100%). */
  value: number;
  /** Tailwind background class of the filled part, e.g. 'bg-emerald-500'. */
  barClassName?: string;
  className?: string;
  label: string;
}

export function Progress({ value, barClassName, className, label }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-ink-100', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500', barClassName ?? 'bg-brand-600')}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
