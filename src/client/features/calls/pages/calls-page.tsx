import { PhoneIncoming, RefreshCw } from 'lucide-react';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CallCard } from '../components/call-card.tsx';
import { useCall, useCallHistory, useSyncCalls } from '../hooks/use-call-history.ts';
import { Link, useSearchParams } from 'react-router';
import { BackToDashboardButton } from '../../../components/layout/back-to-dashboard.tsx';

/** /calls (SPEC 2): the call history with transcripts, summaries, outcomes and the documents answers came from. */
export function CallsPage() {
  const history = useCallHistory();
  const sync = useSyncCalls();
  const calls = history.data?.pages.flatMap((page) => page.calls) ?? [];
  // /calls?call=<id>: one call's transcript (linked from the knowledge-gaps page).
  const [params] = useSearchParams();
  const callId = params.get('call');
  const one = useCall(callId);

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Call History"
          description="Transcripts and summaries of the calls your agent answered."
          actions={
            <>
              <BackToDashboardButton />
              <Button onClick={() => sync.mutate()} disabled={sync.isPending}>
                <RefreshCw aria-hidden="true" className={sync.isPending ? 'size-4 animate-spin' : 'size-4'} />
                {sync.isPending ? 'Syncing...' : 'Sync Calls'}
              </Button>
            </>
          }
        />

        {callId !== null ? (
          <div className="space-y-4">
            <Button variant="link" asChild>
              <Link to="/calls">Show all calls</Link>
            </Button>
            {one.isPending ? (
              <div className="flex justify-center py-16 text-ink-500">
                <Spinner />
              </div>
            ) : one.data ? (
              <CallCard call={one.data} />
            ) : (
              <EmptyState
                icon={PhoneIncoming}
                title="Call not found"
                description="This call is not in your history. It may have been deleted."
              />
            )}
          </div>
        ) : history.isPending ? (
          <div className="flex justify-center py-16 text-ink-500">
            <Spinner />
          </div>
        ) : history.isError ? (
          <EmptyState
            icon={PhoneIncoming}
            title="Failed to load calls"
            description="Please refresh the page."
          />
        ) : calls.length === 0 ? (
          <EmptyState
            icon={PhoneIncoming}
            title="No calls yet"
            description="Your call history will appear here once you start receiving calls."
          />
        ) : (
          <div className="space-y-4">
            {calls.map((call) => (
              <CallCard key={call.id} call={call} />
            ))}
            {history.hasNextPage ? (
              <div className="flex justify-center pt-2">
                <Button
                  variant="outline"
                  onClick={() => void history.fetchNextPage()}
                  loading={history.isFetchingNextPage}
                >
                  Load more calls
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </main>
    </div>
  );
}
