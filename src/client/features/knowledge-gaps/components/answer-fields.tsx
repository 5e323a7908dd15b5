import { useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { MAX_ANSWER_CHARS } from '../api/knowledge-gaps-api.ts';

export interface AnswerFieldsProps {
  question: string;
  answer: string;
  onQuestion: (value: string) => void;
  onAnswer: (value: string) => void;
  /** The server's message about the last attempt (empty answer, too long…). */
  error?: string | null;
}

/** The question and answer of an entry of "Answers you added", with the answer's length against its limit. */
export function AnswerFields({ question, answer, onQuestion, onAnswer, error }: AnswerFieldsProps) {
  const id = useId();
  const length = answer.trim().length;
  const over = length > MAX_ANSWER_CHARS;
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-question`}>Question</Label>
        <Input id={`${id}-question`} value={question} onChange={(e) => onQuestion(e.target.value)} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-answer`}>Your answer</Label>
        <Textarea
          id={`${id}-answer`}
          rows={3}
          value={answer}
          placeholder="Write the answer as you would say it to a caller."
          aria-invalid={over || Boolean(error)}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onAnswer(e.target.value)}
        />
        <div id={`${id}-hint`} className="flex flex-wrap items-start justify-between gap-2 text-xs">
          <p
            role={error ? 'alert' : undefined}
            className={cn('min-w-0 flex-1', error ? 'text-red-600' : 'text-ink-500')}
          >
            {error ?? 'Saved in "Answers you added" in your knowledge base.'}
          </p>
          <p className={cn('shrink-0 tabular-nums', over ? 'font-medium text-red-600' : 'text-ink-500')}>
            {length.toLocaleString('en-US')} / {MAX_ANSWER_CHARS.toLocaleString('en-US')}
          </p>
        </div>
      </div>
    </div>
  );
}
