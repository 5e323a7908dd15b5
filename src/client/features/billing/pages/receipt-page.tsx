import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { Logo } from '../../../components/brand/logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { billingApi, type Receipt } from '../api/billing-api.ts';

const money = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

const STATUS: Record<string, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  refused: 'Refused (not charged)',
};

/** /billing/receipts/:id: the printable receipt of one payment (local payments; Stripe has its own). */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['billing', 'receipt', id],
    queryFn: () => billingApi.receipt(id),
    retry: false,
  });
  if (query.isPending) return <LoadingScreen label="Loading receipt..." />;
  if (query.isError) {
    return (
      <main className="mx-auto max-w-2xl space-y-4 px-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-ink-900">Receipt not found</h1>
        <p className="text-sm text-ink-600">{errorMessage(query.error, 'This receipt does not exist.')}</p>
        <Button asChild variant="outline">
          <Link to="/billing">Back to Billing</Link>
        </Button>
      </main>
    );
  }
  return <ReceiptSheet receipt={query.data} />;
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  return (
    <div className="min-h-dvh bg-ink-50 print:bg-white">
      <div className="mx-auto flex max-w-2xl justify-end gap-2 px-4 pt-6 print:hidden">
        <Button asChild variant="outline" size="sm">
          <Link to="/billing">Back to Billing</Link>
        </Button>
        <Button size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
      </div>
      <main
        className="mx-auto my-6 max-w-2xl rounded-2xl bg-white p-8 shadow-card ring-1 ring-ink-200 print:my-0 print:shadow-none print:ring-0"
        data-testid="receipt"
      >
        <div className="flex items-start justify-between gap-4">
          <Logo />
          <div className="text-right">
            <h1 className="text-2xl font-bold text-ink-900">Receipt</h1>
            <p className="text-sm text-ink-500">{receipt.receipt_number}</p>
          </div>
        </div>

        <dl className="mt-8 grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">Billed to</dt>
            <dd className="mt-1 text-ink-900">
              {receipt.billed_to.name ? <span className="block">{receipt.billed_to.name}</span> : null}
              {receipt.billed_to.email}
            </dd>
          </div>
          <div className="text-right">
            <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">Date paid</dt>
            <dd className="mt-1 text-ink-900">{day(receipt.paid_at)}</dd>
            <dt className="mt-3 text-xs font-medium tracking-wide text-ink-500 uppercase">Status</dt>
            <dd className="mt-1 text-ink-900" data-testid="receipt-status">
              {STATUS[receipt.status] ?? receipt.status}
            </dd>
          </div>
        </dl>

        <table className="mt-8 w-full text-sm">
          <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
            <tr>
              <th className="py-2 text-left font-medium">Description</th>
              <th className="py-2 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            <tr>
              <td className="py-3 text-ink-900" data-testid="receipt-description">
                {receipt.description}
              </td>
              <td className="py-3 text-right text-ink-900">{money(receipt.base_amount)}</td>
            </tr>
            {receipt.discount_amount > 0 ? (
              <tr>
                <td className="py-3 text-emerald-700">
                  Discount {receipt.discount_percent}%{receipt.coupon_code ? ` (${receipt.coupon_code})` : ''}
                </td>
                <td className="py-3 text-right text-emerald-700">-{money(receipt.discount_amount)}</td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-ink-900">
              <td className="py-3 font-semibold text-ink-900">Total (USD)</td>
              <td className="py-3 text-right text-lg font-bold text-ink-900" data-testid="receipt-total">
                {money(receipt.amount)}
              </td>
            </tr>
          </tfoot>
        </table>

        <p className="mt-10 text-xs text-ink-500">
          {receipt.provider === 'local' || receipt.provider === 'free'
            ? 'Paid with the built-in test payment provider: no card was charged and no money moved.'
            : 'Paid by card.'}{' '}
          Payment reference {receipt.id}.
        </p>
      </main>
    </div>
  );
}
