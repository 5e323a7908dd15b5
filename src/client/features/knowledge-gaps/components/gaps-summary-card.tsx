import { Link } from 'react-router';
import { useAgentLink } from '../../../lib/agent-scope.tsx';
import { ArrowRight, MessageCircleQuestion } from 'lucide-react';
import { useKnowledgeGapCount } from '../hooks/use-knowledge-gaps.ts';
import { plural } from './format.ts';

/** The dashboard's link to the questions the agent couldn't answer, with how many are waiting. */
export function GapsSummaryCard() {
  const count = useKnowledgeGapCount();
  const to = useAgentLink('/knowledge-gaps');
  const groups = count.data?.groups ?? 0;
  return (
    <Link
      to={to}
      data-testid="gaps-summary"
      className="group flex items-center gap-4 rounded-2xl border border-ink-200/80 bg-white p-5 shadow-card transition-all hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lift focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-600">
        <MessageCircleQuestion aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-ink-900">Questions your agent couldn&apos;t answer</span>
        <span className="block text-sm text-ink-500">
          {count.isPending
            ? 'Loading…'
            : groups === 0
              ? 'None waiting. Questions your documents don’t cover show up here.'
              : `${plural(groups, 'question')} waiting for your answer`}
        </span>
      </span>
      {groups > 0 ? (
        <span
          className="flex h-7 min-w-7 items-center justify-center rounded-full bg-amber-500 px-2 text-sm font-semibold text-white"
          data-testid="gaps-count"
        >
          {groups}
        </span>
      ) : null}
      <ArrowRight
        aria-hidden="true"
        className="size-4 shrink-0 text-ink-400 transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}
