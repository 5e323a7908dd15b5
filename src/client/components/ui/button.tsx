import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant =
  'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'success' | 'inverse' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-ink-100 text-ink-900 hover:bg-ink-200',
  outline: 'border border-ink-200 bg-white text-ink-800 shadow-xs hover:bg-ink-50 hover:border-ink-300',
  ghost: 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  success: 'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800',
  /** White button on a coloured background. */
  inverse: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50',
  link: 'text-brand-700 underline-offset-4 hover:underline',
};

/**
 * On a phone (below `sm`) every button is at least 44 px high, a thumb's target (ADR 041 addendum, issue 23); from
 * `sm` up the sizes are the desktop ones.
 */
const sizes: Record<ButtonSize, string> = {
  sm: 'h-11 gap-1.5 rounded-md px-3 text-sm sm:h-8',
  md: 'h-11 gap-2 rounded-lg px-4 text-sm sm:h-10',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
  icon: 'size-11 rounded-lg sm:size-10',
};

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
) {
  return cn(
    'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0',
    variants[variant],
    variant === 'link' ? 'h-auto min-h-11 px-0 sm:min-h-0' : sizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button. */
  loading?: boolean;
  /** Renders the child element (e.g. a router Link) with the button styles. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    asChild = false,
    className,
    disabled,
    children,
    type,
    ...props
  },
  ref,
) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) {
    return (
      <Slot.Root ref={ref} className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
});
