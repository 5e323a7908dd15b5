import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Logo } from '../components/brand/logo.tsx';
import { Button } from '../components/ui/button.tsx';
import { useAuth } from '../lib/auth.tsx';

export function NotFoundPage() {
  const { user } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <header className="px-6 py-5">
        <Logo />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-6 pb-24 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-600">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900">Page not found</h1>
        <p className="mt-3 max-w-md text-ink-500">
          We couldn&apos;t find the page you were looking for. It may have moved, or the link may be mistyped.
        </p>
        <Button asChild className="mt-8">
          <Link to={user ? '/dashboard' : '/'}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {user ? 'Back to Dashboard' : 'Back to home'}
          </Link>
        </Button>
      </main>
    </div>
  );
}
