import { ClipboardCheck } from 'lucide-react';
import { useSelfTest } from '../hooks/use-self-test.ts';
import { selfTestAnchor, timeAgo } from './format.ts';
import { useScopedAgentId } from '../../../lib/agent-scope.tsx';

/** The agent card's line: when the last self-test ran, and whether the documents changed since. */
export function SelfTestStatus() {
  const { data } = useSelfTest();
  const anchor = selfTestAnchor(useScopedAgentId());
  if (!data?.configured) return null;
  const run = data.last_run;
  const busy = data.status !== 'idle';
  let text: string;
  if (!run) {
    text =
      data.status === 'waiting_for_documents'
        ? 'Self-test: waiting for your documents to be processed.'
        : busy
          ? 'Self-test: running for the first time…'
          : 'Self-test: not run yet.';
  } else {
    const ran = `Self-test ran ${timeAgo(run.ran_at)}`;
    text = run.documents_changed_since
      ? `${ran}. Your documents changed since${busy ? '; a new test is on its way.' : '.'}`
      : `${ran}, on your current documents.`;
  }
  return (
    <p
      data-testid="agent-self-test"
      className="flex items-start gap-2 rounded-lg bg-ink-50 px-3 py-2 text-sm text-ink-700"
    >
      <ClipboardCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-400" />
      <span>
        {text}{' '}
        <a href={`#${anchor}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          See results
        </a>
      </span>
    </p>
  );
}
