import { useEffect, useRef } from 'react';
import { Bot, Info, User } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import type { PhoneLine } from '../hooks/use-softphone.ts';

/** The call as it happens: the agent's replies, what the caller said, and events (connected, transfer...). */
export function ConversationPanel({ lines }: { lines: PhoneLine[] }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Scroll the conversation itself, never the page.
    const scroller = list.current?.parentElement;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [lines.length]);

  if (lines.length === 0) {
    return (
      <div className="flex h-full min-h-64 items-center justify-center text-center text-sm text-ink-500">
        Dial your agent&apos;s number and press Call. Ask a question by typing or speaking.
      </div>
    );
  }
  return (
    <ol ref={list} className="space-y-3" aria-live="polite" data-testid="phone-conversation">
      {lines.map((line, i) =>
        line.kind === 'event' ? (
          <li
            key={i}
            className="flex items-center justify-center gap-1.5 text-xs text-ink-500"
            data-testid="phone-event"
          >
            <Info aria-hidden="true" className="size-3.5" />
            {line.text}
          </li>
        ) : (
          <li key={i} className={cn('flex gap-2', line.kind === 'caller' ? 'flex-row-reverse' : 'flex-row')}>
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full',
                line.kind === 'agent' ? 'bg-brand-100 text-brand-700' : 'bg-ink-200 text-ink-700',
              )}
            >
              {line.kind === 'agent' ? (
                <Bot aria-hidden="true" className="size-4" />
              ) : (
                <User aria-hidden="true" className="size-4" />
              )}
            </span>
            <div
              className={cn(
                'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm',
                line.kind === 'agent'
                  ? 'rounded-tl-sm bg-white text-ink-800 ring-1 ring-ink-200'
                  : 'rounded-tr-sm bg-brand-600 text-white',
              )}
              data-testid={line.kind === 'agent' ? 'agent-line' : 'caller-line'}
            >
              <span className="sr-only">{line.kind === 'agent' ? 'Agent: ' : 'You: '}</span>
              {line.text}
              {line.interrupted ? <span className="ml-1 text-xs opacity-70">(interrupted)</span> : null}
            </div>
          </li>
        ),
      )}
    </ol>
  );
}
