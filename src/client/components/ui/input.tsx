import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export const fieldClasses = cn(
  'w-full rounded-lg border border-ink-200 bg-white px-3 text-sm text-ink-900 shadow-xs transition-colors',
  'placeholder:text-ink-400 hover:border-ink-300',
  'focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/20',
  'disabled:cursor-not-allowed disabled:bg-ink-50 disabled:opacity-60',
  'aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/20',
);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      type={type}
      className={cn(
        fieldClasses,
        'h-11 sm:h-10',
        type === 'file' &&
          'h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700',
        className,
      )}
      {...props}
    />
  );
});
