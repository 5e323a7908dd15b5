import { useState } from 'react';
import { AgentSelector } from '../../../components/agent-selector.tsx';
import { Link } from 'react-router';
import { BookOpen, MessageCircleQuestion } from 'lucide-react';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { BackToDashboardButton } from '../../../components/layout/back-to-dashboard.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { AnswerGapsResult } from '../api/knowledge-gaps-api.ts';
import { AddedAnswersCard } from '../components/added-answers-card.tsx';
import { GapGroupCard } from '../components/gap-group-card.tsx';
import { ReplayResultCard } from '../components/replay-result-card.tsx';
import { useAddedAnswers, useKnowledgeGaps } from '../hooks/use-knowledge-gaps.ts';

/**
 * /knowledge-gaps: the questions callers asked that the documents don't answer, grouped by meaning. The owner
 * answers a group once (saved in "Answers you added") or dismisses it; the answers are listed below.
 */
export function KnowledgeGapsPage() {
  const gaps = useKnowledgeGaps();
  const answers = useAddedAnswers();
  const [answered, setAnswered] = useState<{ question: string; result: AnswerGapsResult } | null>(null);
  const groups = gaps.data ?? [];

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Questions your agent couldn't answer"
          description="Callers asked these and your documents don't say. Answer once: your agent uses it from the next call."
          actions={
            <>
              <BackToDashboardButton />
              <Button variant="outline" asChild>
                <Link to="/knowledge-base">
                  <BookOpen aria-hidden="true" className="size-4" />
                  Knowledge Base
                </Link>
              </Button>
            </>
          }
        />

        <AgentSelector />

        {answered ? (
          <ReplayResultCard
            question={answered.question}
            replay={answered.result.replay}
            onClose={() => setAnswered(null)}
          />
        ) : null}

        {gaps.isPending ? (
          <div className="flex justify-center py-16 text-ink-500">
            <Spinner />
          </div>
        ) : gaps.isError ? (
          <EmptyState
            icon={MessageCircleQuestion}
            title="Failed to load questions"
            description="Please refresh the page."
          />
        ) : groups.length === 0 ? (
          <EmptyState
            icon={MessageCircleQuestion}
            title="No unanswered questions"
            description="When a caller asks something your documents don't cover, it shows up here."
          />
        ) : (
          <section aria-label="Unanswered questions" className="space-y-4">
            {groups.map((group) => (
              <GapGroupCard
                key={group.gap_ids.join(',')}
                group={group}
                onAnswered={(question, result) => setAnswered({ question, result })}
              />
            ))}
          </section>
        )}

        {answers.data ? <AddedAnswersCard answers={answers.data} /> : null}
      </main>
    </div>
  );
}
