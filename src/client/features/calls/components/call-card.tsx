import { BookOpenCheck, Clock, FileText, MessageSquare, Phone, Timer } from 'lucide-react';
import { formatPhoneNumber } from '../../../../shared/phone.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import type { Call, CallMessage, TranscriptEntry } from '../api/calls-api.ts';
import { formatCallDate, formatDuration, formatReplyTime, OUTCOMES } from './format.ts';

/**
 * One call: number, date and time, duration, outcome, Summary and Transcript (SPEC 2, Call history), and at a
 * glance the questions answered from the documents and the agent's reply time (median and slowest turn).
 */
/** `calledNumber`: the account has several numbers (ADR 044), so say which one the caller dialled. */
export function CallCard({ call, calledNumber = false }: { call: Call; calledNumber?: boolean }) {
  const outcome = call.outcome ? OUTCOMES[call.outcome] : null;
  return (
    <Card data-testid="call-card">
      <CardContent className="space-y-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              <Phone aria-hidden="true" className="size-5" />
            </span>
            <div>
              <p className="font-semibold text-ink-900" data-testid="call-number">
                {formatPhoneNumber(call.phone_number)}
              </p>
              <p className="text-sm text-ink-500">
                {formatCallDate(call.created_at)}
                {calledNumber && call.to_number ? (
                  <span data-testid="call-to"> · to {formatPhoneNumber(call.to_number)}</span>
                ) : null}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {call.duration > 0 ? (
              <span
                className="inline-flex items-center gap-1 text-sm text-ink-600"
                data-testid="call-duration"
              >
                <Clock aria-hidden="true" className="size-4" />
                {formatDuration(call.duration)}
              </span>
            ) : null}
            {outcome ? (
              <Badge variant={outcome.variant} data-testid="call-outcome">
                {outcome.label}
              </Badge>
            ) : (
              <Badge variant="brand">In progress</Badge>
            )}
          </div>
        </div>

        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="call-glance">
          <div className="flex flex-wrap items-center gap-x-1.5" data-testid="call-answered">
            <BookOpenCheck aria-hidden="true" className="size-4 text-brand-600" />
            <dt className="whitespace-nowrap text-ink-500">Answered from documents:</dt>
            <dd className="font-semibold text-ink-900">
              {call.questions_answered} {call.questions_answered === 1 ? 'question' : 'questions'}
            </dd>
          </div>
          <div className="flex flex-wrap items-center gap-x-1.5" data-testid="call-reply-time">
            <Timer aria-hidden="true" className="size-4 text-brand-600" />
            <dt className="whitespace-nowrap text-ink-500">Reply time:</dt>
            <dd className="font-semibold text-ink-900">
              {call.reply_time_ms
                ? `${formatReplyTime(call.reply_time_ms.median)} median, ${formatReplyTime(call.reply_time_ms.slowest)} slowest`
                : 'not measured'}
            </dd>
          </div>
        </dl>

        {call.message ? <MessageBox message={call.message} /> : null}

        {call.summary ? (
          <section>
            <h4 className="text-sm font-semibold text-ink-900">Summary</h4>
            <p className="mt-1 text-sm text-ink-700" data-testid="call-summary">
              {call.summary}
            </p>
          </section>
        ) : null}

        {call.transcript.length > 0 ? (
          <section>
            <h4 className="text-sm font-semibold text-ink-900">Transcript</h4>
            <ol
              className="mt-2 max-h-96 space-y-2 overflow-y-auto rounded-xl bg-ink-50 p-3"
              data-testid="call-transcript"
            >
              {call.transcript.map((entry, i) => (
                <TranscriptLine key={i} entry={entry} />
              ))}
            </ol>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function TranscriptLine({ entry }: { entry: TranscriptEntry }) {
  const agent = entry.speaker === 'agent';
  const sources = entry.sources ?? [];
  return (
    <li className="text-sm">
      <span className={agent ? 'font-semibold text-brand-700' : 'font-semibold text-ink-800'}>
        {agent ? 'Agent' : 'Caller'}:
      </span>{' '}
      <span className="text-ink-700">{entry.text}</span>
      {entry.interrupted ? <span className="ml-1 text-xs text-ink-500">(interrupted)</span> : null}
      {agent && sources.length > 0 ? (
        <span
          className="mt-0.5 flex flex-wrap items-center gap-1 text-xs text-ink-500"
          data-testid="call-source"
        >
          <FileText aria-hidden="true" className="size-3.5" />
          Source:{' '}
          {sources
            .map((s) =>
              [s.document, s.heading, s.page !== null ? `page ${s.page}` : null].filter(Boolean).join(' · '),
            )
            .join('; ')}
        </span>
      ) : null}
    </li>
  );
}

const MESSAGE_CONTEXT: Record<CallMessage['context'], string> = {
  after_hours: 'Left after hours',
  no_transfer: 'Left for a call back',
  no_minutes: 'Left when your minutes ran out',
};

/** The message a caller left: who, where to call back, what they said. */
function MessageBox({ message }: { message: CallMessage }) {
  return (
    <section className="rounded-xl border border-amber-200 bg-amber-50/70 p-4" data-testid="call-message">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-1.5 text-sm font-semibold text-ink-900">
          <MessageSquare aria-hidden="true" className="size-4 text-amber-700" />
          Message
        </h4>
        <span className="text-xs text-amber-800">{MESSAGE_CONTEXT[message.context]}</span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-1.5">
          <dt className="text-ink-500">Name:</dt>
          <dd className="font-medium text-ink-900" data-testid="call-message-name">
            {message.name ?? 'not given'}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-ink-500">Call back:</dt>
          <dd className="font-medium text-ink-900" data-testid="call-message-number">
            <a className="text-brand-700 hover:underline" href={`tel:${message.callback_number}`}>
              {formatPhoneNumber(message.callback_number)}
            </a>
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-ink-800" data-testid="call-message-text">
        &ldquo;{message.text}&rdquo;
      </p>
    </section>
  );
}
