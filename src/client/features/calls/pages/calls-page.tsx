import { useEffect, useRef, useState } from 'react';
import { useAccountAgents } from '../../../lib/agent-scope.tsx';
import { AgentSelector } from '../../../components/agent-selector.tsx';
import { PhoneIncoming, RefreshCw, Search, SearchX } from 'lucide-react';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CallCard } from '../components/call-card.tsx';
import { useCall, useCallHistory, useSyncCalls } from '../hooks/use-call-history.ts';
import { Link, useSearchParams } from 'react-router';
import { BackToDashboardButton } from '../../../components/layout/back-to-dashboard.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import type { OutcomeFilter } from '../api/calls-api.ts';
import { OUTCOME_FILTERS } from '../components/format.ts';

const SEARCH_DELAY_MS = 300;

function outcomeOf(value: string | null): OutcomeFilter | null {
  return OUTCOME_FILTERS.some((f) => f.value === value) ? (value as OutcomeFilter) : null;
}

/** /calls (SPEC 2): the call history with transcripts, summaries, outcomes and the documents answers came from. */
export function CallsPage() {
  // The filter lives in the address (/calls?outcome=answered&q=parking): a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const outcome = outcomeOf(params.get('outcome'));
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  // The address is changed from the latest parameters, never from a render's copy: a search typed just before
  // "Clear filters" or an outcome change must not bring back a filter the owner removed.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingSearch.current), []);
  const change = (name: 'q' | 'outcome', value: string) => {
    const next = new URLSearchParams(latest.current);
    if (value) next.set(name, value);
    else next.delete(name);
    latest.current = next;
    setParams(next, { replace: true });
  };
  const search = (value: string) => {
    setTyped(value);
    clearTimeout(pendingSearch.current);
    pendingSearch.current = setTimeout(() => {
      if (value.trim() !== (latest.current.get('q') ?? '')) change('q', value.trim());
    }, SEARCH_DELAY_MS);
  };
  const setOutcome = (value: string) => change('outcome', value);
  const clearFilters = () => {
    clearTimeout(pendingSearch.current);
    setTyped('');
    // The number chosen (several numbers, ADR 044) is not a filter: it stays.
    const next = new URLSearchParams();
    const agent = latest.current.get('agent');
    if (agent) next.set('agent', agent);
    latest.current = next;
    setParams(next, { replace: true });
  };
  const filtered = outcome !== null || q.trim() !== '';

  // Several numbers (ADR 044): one number's calls, or all of them (no ?agent=).
  const agentId = params.get('agent') ?? undefined;
  const accountAgents = useAccountAgents().data?.agents ?? [];
  const several = accountAgents.length > 1;
  const history = useCallHistory({ outcome, q, agentId });
  const sync = useSyncCalls(
    agentId,
    accountAgents.map((a) => a.id),
  );
  const calls = history.data?.pages.flatMap((page) => page.calls) ?? [];
  const total = history.data?.pages[0]?.total ?? 0;
  // /calls?call=<id>: one call's transcript (linked from the knowledge-gaps page).
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

        {callId === null ? <AgentSelector allowAll /> : null}

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
              <CallCard call={one.data} calledNumber={several} />
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
        ) : calls.length === 0 && !filtered ? (
          <EmptyState
            icon={PhoneIncoming}
            title="No calls yet"
            description="Your call history will appear here once you start receiving calls."
          />
        ) : (
          <div className="space-y-4">
            <div
              role="search"
              aria-label="Filter calls"
              className="flex flex-col gap-3 rounded-2xl border border-ink-200 bg-white p-4 shadow-xs sm:flex-row sm:items-end"
            >
              <div className="flex-1 space-y-1.5">
                <Label htmlFor="call-search">Search transcripts</Label>
                <div className="relative">
                  <Search
                    aria-hidden="true"
                    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
                  />
                  <Input
                    id="call-search"
                    type="search"
                    className="pl-9"
                    placeholder="Words the caller or agent said, or a number"
                    value={typed}
                    onChange={(event) => search(event.target.value)}
                  />
                </div>
              </div>
              <div className="space-y-1.5 sm:w-56">
                <Label htmlFor="call-outcome">Outcome</Label>
                <NativeSelect
                  id="call-outcome"
                  value={outcome ?? ''}
                  onChange={(event) => setOutcome(event.target.value)}
                >
                  <option value="">All outcomes</option>
                  {OUTCOME_FILTERS.map((f) => (
                    <option key={f.value} value={f.value}>
                      {f.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <p className="text-sm text-ink-600" role="status" aria-live="polite" data-testid="call-count">
              {history.isFetching && !history.isFetchingNextPage
                ? 'Searching...'
                : `${total} ${total === 1 ? 'call' : 'calls'}${filtered ? ' match' : ''}`}
            </p>
            {calls.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title="No calls match"
                description="Try other words or another outcome."
                action={
                  <Button variant="outline" onClick={clearFilters}>
                    Clear filters
                  </Button>
                }
              />
            ) : null}
            {calls.map((call) => (
              <CallCard key={call.id} call={call} calledNumber={several} />
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
