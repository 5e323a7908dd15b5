import { Spinner } from './spinner.tsx';

/** Full-screen loading state (session check at start, lazy page loads). */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-ink-50" role="status">
      <Spinner className="size-8 text-brand-600" />
      <p className="text-sm font-medium text-ink-500">{label}</p>
    </div>
  );
}
