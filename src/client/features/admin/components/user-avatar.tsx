import { cn } from '../../../lib/cn.ts';

/** The user's picture when there is one (Google sign-in), else their initial. */
export function UserAvatar({
  name,
  email,
  picture,
  className,
}: {
  name: string | null;
  email: string;
  picture: string | null;
  className?: string;
}) {
  const initial = (name?.trim() || email).charAt(0).toUpperCase();
  if (picture) {
    return (
      <img
        src={picture}
        alt=""
        referrerPolicy="no-referrer"
        className={cn('size-9 shrink-0 rounded-full object-cover ring-1 ring-ink-200', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700 ring-1 ring-brand-200',
        className,
      )}
    >
      {initial}
    </span>
  );
}
