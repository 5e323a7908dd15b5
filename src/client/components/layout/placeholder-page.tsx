import { Link } from 'react-router';
import { ArrowLeft, Construction } from 'lucide-react';
import { useAuth } from '../../lib/auth.tsx';
import { Logo } from '../brand/logo.tsx';
import { Button } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { AppHeader } from './app-header.tsx';

/** Temporary page body for a route whose feature is still being built (replaced by its owner). */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  const { user } = useAuth();
  return (
    <div className="min-h-dvh bg-ink-50">
      {user ? (
        <AppHeader />
      ) : (
        <header className="border-b border-ink-200 bg-white">
          <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
            <Logo />
          </div>
        </header>
      )}
      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <PageHeader
          title={title}
          description={description}
          actions={
            <Button asChild variant="outline">
              <Link to={user ? '/dashboard' : '/'}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                {user ? 'Back to Dashboard' : 'Back to home'}
              </Link>
            </Button>
          }
        />
        <EmptyState
          className="mt-8"
          icon={Construction}
          title="Coming soon"
          description="This part of AnswerDesk is being finished. Check back shortly."
        />
      </main>
    </div>
  );
}
