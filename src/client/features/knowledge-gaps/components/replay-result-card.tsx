import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import type { ReplayResult } from '../api/knowledge-gaps-api.ts';

const OUTCOME_LABELS: Record<ReplayResult['outcome'], string> = {
  answered: 'Answers',
  asks_first: 'Asks "are you asking…?" first',
  declined: 'Still declines',
  other: 'Does something else',
};

/** What the agent says now to the questions just answered, asked again through the same engine as a call. */
export function ReplayResultCard({
  question,
  replay,
  onClose,
}: {
  question: string;
  replay: ReplayResult[];
  onClose: () => void;
}) {
  const answered = replay.filter((r) => r.outcome === 'answered').length;
  return (
    <Card
      className="border-emerald-200 bg-emerald-50/60 shadow-none"
      data-testid="replay-result"
      role="status"
    >
      <CardContent className="space-y-3">
        <div className="flex items-start justify-between gap-3">
          <p className="font-semibold text-ink-900">
            Saved. Asked again, your agent now answers {answered} of {replay.length}{' '}
            {replay.length === 1 ? 'question' : 'questions'} about “{question}”.
          </p>
          <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <ul className="space-y-2 text-sm">
          {replay.map((r) => (
            <li key={r.question} className="flex gap-2">
              {r.outcome === 'answered' ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              ) : (
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
              )}
              <div className="min-w-0">
                <p className="break-words text-ink-800">
                  “{r.question}” — {OUTCOME_LABELS[r.outcome]}
                  {r.document ? ` from “${r.document}”` : ''}
                </p>
                <p className="break-words text-ink-500">Agent: {r.reply}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
