import { useState } from 'react';
import { Link } from 'react-router';
import { ClipboardCheck, Flag, Hourglass, Loader2, RefreshCw } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { SelfTest, SelfTestItem } from '../api/self-test-api.ts';
import { useMarkWrong, useRunSelfTest, useSelfTest } from '../hooks/use-self-test.ts';
import { useAgentLink, useScopedAgentId } from '../../../lib/agent-scope.tsx';
import { selfTestAnchor } from './format.ts';
import { summaryOf, timeAgo } from './format.ts';

/** Items shown per list before "show all". */
const SHOWN = 5;

type Tab = 'document' | 'out_of_scope';

/** Whether the agent did what it should: answer a question from the documents, decline one outside them. */
const isRight = (item: SelfTestItem) =>
  item.kind === 'document' ? item.outcome === 'answered' : item.outcome === 'declined';

const MADE_FROM: Record<SelfTestItem['made_from'], string> = {
  faq: 'asked as written',
  heading: 'made from the heading',
  sentence: 'made from a key sentence',
  paraphrase: 'reworded',
  probe: 'outside your documents',
};

/**
 * The dashboard's self-test panel (ADR 013): the figures of the latest test, and per question what the agent
 * would say and from where, or that it declines. An answer can be marked wrong: it becomes a question to answer.
 */
export function SelfTestPanel() {
  const { data, isPending } = useSelfTest();
  // One panel per number on a dashboard with several (ADR 044): its own anchor for the card's "See results".
  const anchor = selfTestAnchor(useScopedAgentId());
  const run = useRunSelfTest();
  const [tab, setTab] = useState<Tab>('document');
  const [showAll, setShowAll] = useState(false);
  if (isPending || !data?.configured) return null;
  const last = data.last_run;

  return (
    <Card id={anchor} data-testid="self-test-panel" className="scroll-mt-6">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              <ClipboardCheck aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0">
              <CardTitle>Self-test</CardTitle>
              <CardDescription>
                Questions made from your documents, asked the way a caller would. No minutes used.
              </CardDescription>
            </div>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => run.mutate()}
            loading={run.isPending}
            disabled={data.status !== 'idle'}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Run again
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-5">
        <StatusNote data={data} />
        {last ? (
          <>
            <div className="space-y-3">
              <p className="text-base font-semibold text-ink-900 sm:text-lg" data-testid="self-test-summary">
                {summaryOf(last)}
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                <Figure
                  label="answered from your documents"
                  value={last.document_answered}
                  of={last.document_questions}
                  tone="brand"
                />
                <Figure
                  label="declined outside your documents"
                  value={last.probe_declined}
                  of={last.probe_questions}
                  tone="emerald"
                />
              </div>
              <p className="text-sm text-ink-500" data-testid="self-test-ran">
                Tested {timeAgo(last.ran_at)}
                {last.documents_changed_since
                  ? ' · your documents changed since'
                  : ' · on your current documents'}
              </p>
            </div>

            <div role="tablist" aria-label="Questions" className="flex flex-wrap gap-2">
              <TabButton active={tab === 'document'} onClick={() => (setTab('document'), setShowAll(false))}>
                From your documents ({last.document_questions})
              </TabButton>
              <TabButton
                active={tab === 'out_of_scope'}
                onClick={() => (setTab('out_of_scope'), setShowAll(false))}
              >
                Outside your documents ({last.probe_questions})
              </TabButton>
            </div>
            <ItemList items={last.items.filter((i) => i.kind === tab)} showAll={showAll} />
            {last.items.filter((i) => i.kind === tab).length > SHOWN ? (
              <Button variant="link" size="sm" onClick={() => setShowAll((v) => !v)}>
                {showAll
                  ? 'Show fewer'
                  : `Show all ${last.items.filter((i) => i.kind === tab).length} questions`}
              </Button>
            ) : null}
          </>
        ) : data.status === 'idle' ? (
          <p className="text-sm text-ink-600">
            No self-test yet. It runs after each change to your documents, or press Run again.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function StatusNote({ data }: { data: SelfTest }) {
  if (data.status === 'waiting_for_documents') {
    return (
      <p
        role="status"
        data-testid="self-test-status"
        className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
      >
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Your documents are still being processed. The self-test runs as soon as they are ready.
      </p>
    );
  }
  if (data.status === 'scheduled' || data.status === 'running') {
    return (
      <p
        role="status"
        data-testid="self-test-status"
        className="flex items-start gap-2 rounded-xl border border-brand-200 bg-brand-50/60 px-3 py-2.5 text-sm text-brand-900"
      >
        <Loader2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
        Testing your agent with your latest changes…
      </p>
    );
  }
  return null;
}

function Figure({
  label,
  value,
  of,
  tone,
}: {
  label: string;
  value: number;
  of: number;
  tone: 'brand' | 'emerald';
}) {
  const share = of === 0 ? 0 : Math.round((value / of) * 100);
  return (
    <div className="rounded-xl border border-ink-200 p-3">
      <p className="text-sm text-ink-600">
        <span className="text-2xl font-semibold text-ink-900 tabular-nums">{value}</span>
        <span className="text-ink-500"> / {of}</span> {label}
      </p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-ink-100" aria-hidden="true">
        <div
          className={tone === 'brand' ? 'h-full bg-brand-500' : 'h-full bg-emerald-500'}
          style={{ width: `${share}%` }}
        />
      </div>
    </div>
  );
}

function TabButton({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      onClick={onClick}
      // 44 px high on a phone: a thumb's target (ADR 041 addendum).
      className={
        'min-h-11 rounded-full px-3 py-1.5 text-sm font-medium sm:min-h-0 ' +
        (active ? 'bg-ink-900 text-white' : 'bg-ink-100 text-ink-700 hover:bg-ink-200')
      }
    >
      {children}
    </button>
  );
}

function ItemList({ items, showAll }: { items: SelfTestItem[]; showAll: boolean }) {
  // What needs the owner's eye first: questions the agent got wrong, in their order.
  const sorted = [...items.filter((i) => !isRight(i)), ...items.filter(isRight)];
  const shown = showAll ? sorted : sorted.slice(0, SHOWN);
  if (shown.length === 0) {
    return <p className="text-sm text-ink-500">Every subject of these questions is in your documents.</p>;
  }
  return (
    <ul className="divide-y divide-ink-100 rounded-xl border border-ink-200" data-testid="self-test-items">
      {shown.map((item) => (
        <ItemRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function outcomeBadge(item: SelfTestItem): { label: string; variant: BadgeVariant } {
  if (item.outcome === 'answered')
    return { label: 'Answers', variant: item.kind === 'document' ? 'success' : 'danger' };
  if (item.outcome === 'asks_first') return { label: 'Asks "are you asking…?"', variant: 'warning' };
  if (item.outcome === 'declined')
    return { label: 'Declines', variant: item.kind === 'document' ? 'danger' : 'success' };
  return { label: 'Other reply', variant: 'warning' };
}

function ItemRow({ item }: { item: SelfTestItem }) {
  const mark = useMarkWrong();
  const badge = outcomeBadge(item);
  const where = [item.answer_document, item.answer_section].filter(Boolean).join(' · ');
  const source = [item.source_document, item.source_section].filter(Boolean).join(' · ');
  const outcome =
    item.outcome === 'answered' && where ? `From ${where}` : item.outcome === 'declined' ? 'Declined' : null;
  // Where the question was made from, unless it is where the answer came from.
  const madeFrom =
    item.kind === 'out_of_scope'
      ? 'A question your documents don’t cover'
      : source === where
        ? `Question ${MADE_FROM[item.made_from]}`
        : `Question ${MADE_FROM[item.made_from]} (${source})`;
  // The questions page of this item's number (several numbers, ADR 044).
  const gapsLink = useAgentLink('/knowledge-gaps');
  return (
    <li className="space-y-1.5 px-3 py-3 sm:px-4" data-testid="self-test-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 font-medium break-words text-ink-900">“{item.question}”</p>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <p className="text-sm break-words text-ink-700">
        <span className="text-ink-500">Agent: </span>
        {item.reply}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-xs break-words text-ink-500">
          {outcome ? `${outcome} · ` : null}
          {madeFrom}
        </p>
        {item.marked_wrong ? (
          <Link
            to={gapsLink}
            className="text-xs font-medium text-amber-800 underline-offset-4 hover:underline"
            data-testid="self-test-marked"
          >
            Marked wrong: answer it in your questions
          </Link>
        ) : item.outcome === 'answered' || item.outcome === 'asks_first' ? (
          <Button
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs"
            loading={mark.isPending}
            onClick={() => mark.mutate(item.id)}
          >
            {mark.isPending ? null : <Flag aria-hidden="true" className="size-3.5" />}
            Mark wrong
          </Button>
        ) : null}
      </div>
    </li>
  );
}
