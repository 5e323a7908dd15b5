import type { HTMLAttributes, LabelHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** Always pass htmlFor (matching the input id) so the label is tied to its field. */
export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-sm font-medium text-ink-800', className)} {...props} />;
}

/** Small helper text below a field; give it an id and point the field's aria-describedby at it. */
export function FieldHint({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-xs text-ink-500', className)} {...props} />;
}
