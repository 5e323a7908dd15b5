import { useState } from 'react';
import { BookOpenCheck, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { errorMessage } from '../../../lib/api.ts';
import type { AddedAnswer } from '../api/knowledge-gaps-api.ts';
import { useDeleteAnswer, useEditAnswer } from '../hooks/use-knowledge-gaps.ts';
import { AnswerFields } from './answer-fields.tsx';

function AnswerRow({ entry, onDelete }: { entry: AddedAnswer; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const [question, setQuestion] = useState(entry.question);
  const [answer, setAnswer] = useState(entry.answer);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditAnswer();

  if (editing) {
    return (
      <li className="px-4 py-3">
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            edit.mutate(
              { id: entry.id, question, answer },
              {
                onSuccess: () => setEditing(false),
                onError: (e) => setError(errorMessage(e, 'Failed to save the answer')),
              },
            );
          }}
        >
          <AnswerFields
            question={question}
            answer={answer}
            onQuestion={setQuestion}
            onAnswer={setAnswer}
            error={error}
          />
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setEditing(false);
                setQuestion(entry.question);
                setAnswer(entry.answer);
                setError(null);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={edit.isPending}>
              Save
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid="added-answer">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-ink-900">{entry.question}</p>
        <p className="mt-0.5 text-sm break-words whitespace-pre-line text-ink-600">{entry.answer}</p>
        {entry.asked_as.length > 0 ? (
          <p className="mt-1 text-xs break-words text-ink-500">
            Also found as: {entry.asked_as.map((q) => `“${q}”`).join(', ')}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${entry.question}`}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${entry.question}`}
          className="text-ink-500 hover:bg-red-50 hover:text-red-600"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </li>
  );
}

/** The entries of the "Answers you added" document, editable and deletable one by one. */
export function AddedAnswersCard({ answers }: { answers: AddedAnswer[] }) {
  const [pending, setPending] = useState<AddedAnswer | null>(null);
  const remove = useDeleteAnswer();
  return (
    <Card id="answers">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BookOpenCheck aria-hidden="true" className="size-5 text-emerald-600" />
          Answers you added ({answers.length})
        </CardTitle>
        <CardDescription>
          A document of your knowledge base. Your agent answers from these like from any FAQ.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {answers.length === 0 ? (
          <p className="text-sm text-ink-500">
            No answers yet. Answer a question above and it is saved here.
          </p>
        ) : (
          <ul
            className="divide-y divide-ink-100 rounded-xl border border-ink-200"
            aria-label="Answers you added"
          >
            {answers.map((entry) => (
              <AnswerRow
                key={`${entry.id}-${entry.updated_at}`}
                entry={entry}
                onDelete={() => setPending(entry)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete Answer?"
        description={
          <p>
            {pending ? `"${pending.question}" will be removed from Answers you added. ` : null}
            Your agent will no longer use it to answer calls.
          </p>
        }
        confirmLabel="Delete"
        onConfirm={() =>
          pending ? remove.mutateAsync(pending.id).catch(() => undefined) : Promise.resolve()
        }
      />
    </Card>
  );
}
