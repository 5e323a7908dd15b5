import { useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, MessageCircleQuestion, Users } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api.ts';
import type { AnswerGapsResult, GapGroup } from '../api/knowledge-gaps-api.ts';
import { useAnswerGaps, useDismissGaps } from '../hooks/use-knowledge-gaps.ts';
import { AnswerFields } from './answer-fields.tsx';
import { formatAskedAt, KIND_LABELS, plural } from './format.ts';

/** The wordings shown before "show all". */
const SHOWN_ASKS = 3;

export interface GapGroupCardProps {
  group: GapGroup;
  onAnswered: (question: string, result: AnswerGapsResult) => void;
}

/** One group of questions that mean the same thing: who asked, when, the calls, and the owner's answer. */
export function GapGroupCard({ group, onAnswered }: GapGroupCardProps) {
  const [question, setQuestion] = useState(group.question);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const save = useAnswerGaps();
  const dismiss = useDismissGaps();
  const asks = showAll ? group.asks : group.asks.slice(0, SHOWN_ASKS);
  const busy = save.isPending || dismiss.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    // mutateAsync: the card unmounts once its group is answered (the list refreshes), the page shows the result.
    save.mutateAsync({ gap_ids: group.gap_ids, question, answer }).then(
      (result) => onAnswered(question, result),
      (e: unknown) => setError(errorMessage(e, 'Failed to save the answer')),
    );
  };

  return (
    <Card data-testid="gap-group">
      <CardContent className="space-y-4">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-600">
            <MessageCircleQuestion aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1 space-y-1.5">
            <h2 className="text-base font-semibold break-words text-ink-900" data-testid="gap-question">
              “{group.question}”
            </h2>
            <div className="flex flex-wrap items-center gap-2 text-sm text-ink-500">
              <Badge variant="warning" data-testid="gap-callers">
                <Users aria-hidden="true" className="mr-1 size-3.5" />
                {plural(group.call_count, 'caller')} asked
              </Badge>
              <span>Last asked {formatAskedAt(group.last_asked_at)}</span>
            </div>
          </div>
        </div>

        <ul
          className="divide-y divide-ink-100 rounded-xl border border-ink-200 text-sm"
          aria-label="How callers asked"
        >
          {asks.map((ask) => (
            <li
              key={ask.gap_id}
              className="flex flex-col gap-1 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3"
            >
              <div className="min-w-0 flex-1">
                <p className="break-words text-ink-800">{ask.question}</p>
                <p className="text-xs text-ink-500">
                  {formatAskedAt(ask.asked_at)} · {KIND_LABELS[ask.kind] ?? ask.kind}
                </p>
              </div>
              {ask.call_id ? (
                <Link
                  to={`/calls?call=${ask.call_id}`}
                  className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
                >
                  View transcript
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
        {group.asks.length > SHOWN_ASKS ? (
          <Button variant="link" size="sm" onClick={() => setShowAll((v) => !v)}>
            {showAll ? 'Show fewer' : `Show all ${group.asks.length} questions`}
          </Button>
        ) : null}

        <form onSubmit={submit} className="space-y-3 border-t border-ink-100 pt-4">
          <AnswerFields
            question={question}
            answer={answer}
            onQuestion={setQuestion}
            onAnswer={(value) => {
              setAnswer(value);
              setError(null);
            }}
            error={error}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              loading={dismiss.isPending}
              onClick={() => dismiss.mutate(group.gap_ids)}
            >
              Dismiss
            </Button>
            <Button type="submit" disabled={busy} loading={save.isPending}>
              Save answer
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
