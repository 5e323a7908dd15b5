import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge.tsx';
import { adminApi } from '../api/admin-api.ts';
import { formatDate, formatMoney } from './format.ts';

/** The user's payments and scheduled plan changes, as the owner sees them on /billing (issue 25). */
export function AdminBillingSection({ userId }: { userId: string }) {
  const billing = useQuery({
    queryKey: ['admin', 'user', userId, 'billing'],
    queryFn: () => adminApi.billing(userId),
    retry: false,
  });
  if (billing.isPending) return <p className="text-sm text-ink-500">Loading payments...</p>;
  if (billing.isError) return <p className="text-sm text-red-700">Payments are unavailable right now.</p>;
  const { payments, scheduled_changes: scheduled } = billing.data;
  return (
    <div className="space-y-3" data-testid="admin-billing">
      {scheduled.length > 0 ? (
        <ul className="space-y-1.5" aria-label="Scheduled changes">
          {scheduled.map((change) => (
            <li
              key={change.kind}
              className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
              data-testid="admin-scheduled-change"
            >
              {change.description}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-500">No scheduled changes</p>
      )}
      {payments.length === 0 ? (
        <p className="text-sm text-ink-500">No payments yet</p>
      ) : (
        <ul className="max-h-64 space-y-2 overflow-y-auto pr-1" aria-label="Payments">
          {payments.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-ink-100 bg-ink-50/60 px-3 py-2 text-sm"
            >
              <span className="font-medium text-ink-900">{p.description}</span>
              {p.discount_percent > 0 ? (
                <span className="text-xs text-emerald-700">
                  {p.discount_percent}% off{p.coupon_code ? ` (${p.coupon_code})` : ''}
                </span>
              ) : null}
              <Badge variant={p.status === 'paid' ? 'success' : 'neutral'}>{p.status}</Badge>
              <span className="ml-auto font-semibold text-ink-900 tabular-nums">{formatMoney(p.amount)}</span>
              <span className="text-xs text-ink-500">{formatDate(p.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
