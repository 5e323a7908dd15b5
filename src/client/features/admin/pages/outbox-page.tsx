import { Inbox, RefreshCw } from 'lucide-react';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { AdminNav } from '../components/admin-nav.tsx';
import { formatDateTime } from '../components/format.ts';
import { useOutbox } from '../hooks/use-admin.ts';
import { useRequireAdmin } from '../hooks/use-require-admin.ts';

function statusVariant(status: string) {
  if (status === 'sent') return 'success' as const;
  if (status === 'failed') return 'danger' as const;
  return 'neutral' as const;
}

/** /admin/outbox: the emails the product sent or queued (the local outbox when SMTP is not configured). */
export function OutboxPage() {
  const isAdmin = useRequireAdmin();
  const outbox = useOutbox(isAdmin);
  if (!isAdmin) return <LoadingScreen />;

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Email Outbox"
          description={
            outbox.data?.smtp_configured
              ? 'Alerts and messages sent through SMTP.'
              : 'SMTP is not configured: emails are kept here instead of being sent.'
          }
          actions={
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void outbox.refetch()}
                loading={outbox.isFetching}
              >
                {outbox.isFetching ? null : <RefreshCw aria-hidden="true" className="size-4" />}
                Refresh
              </Button>
              <AdminNav current="outbox" />
            </>
          }
        />
        {outbox.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label="Loading emails" />
          </div>
        ) : outbox.isError ? (
          <p className="text-center text-sm text-red-700">
            {errorMessage(outbox.error, 'Failed to load emails')}
          </p>
        ) : outbox.data.emails.length === 0 ? (
          <EmptyState icon={Inbox} title="No emails yet" description="Escalation alerts appear here." />
        ) : (
          <ul className="space-y-4" aria-label="Emails">
            {outbox.data.emails.map((email) => (
              <li key={email.id}>
                <Card>
                  <CardContent className="space-y-3">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-semibold break-words text-ink-900">{email.subject}</p>
                        <p className="text-sm text-ink-500">To: {email.to}</p>
                      </div>
                      <div className="flex items-center gap-2">
                        <Badge variant={statusVariant(email.status)}>{email.status}</Badge>
                        <span className="text-xs text-ink-500">{formatDateTime(email.created_at)}</span>
                      </div>
                    </div>
                    <details className="group">
                      <summary className="cursor-pointer py-3 text-sm font-medium text-brand-700">
                        Show message
                      </summary>
                      <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-ink-50 p-3 font-sans text-sm whitespace-pre-wrap text-ink-800">
                        {email.text}
                      </pre>
                    </details>
                    {email.last_error ? (
                      <p className="text-xs text-red-700">Last error: {email.last_error}</p>
                    ) : null}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
