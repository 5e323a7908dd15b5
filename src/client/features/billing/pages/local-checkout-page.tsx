import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical, Lock, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Logo } from '../../../components/brand/logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { priceAfterTrial } from '../../../../shared/plans.ts';
import { billingApi, type LocalCheckout } from '../api/billing-api.ts';

const money = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

/** Same-origin addresses are followed as they are; the server only builds them from this site's origin. */
function go(url: string) {
  window.location.assign(url);
}

/**
 * /local-checkout/:sessionId: the built-in payment page of the local payment provider (no Stripe keys).
 * Shows what is bought, the price and the discount, clearly marked as a test payment; Pay or Cancel.
 */
export function LocalCheckoutPage() {
  const { sessionId = '' } = useParams();
  const query = useQuery({
    queryKey: ['billing', 'local-checkout', sessionId],
    queryFn: () => billingApi.localCheckout(sessionId),
    retry: false,
  });
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);

  if (query.isPending) return <LoadingScreen label="Loading checkout..." />;

  const pay = async () => {
    setBusy('pay');
    try {
      go((await billingApi.payLocalCheckout(sessionId)).url);
    } catch (error) {
      toast.error(errorMessage(error, 'Payment failed'));
      setBusy(null);
      void query.refetch();
    }
  };
  const cancel = async () => {
    setBusy('cancel');
    try {
      go((await billingApi.cancelLocalCheckout(sessionId)).url);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not cancel the checkout'));
      setBusy(null);
    }
  };

  return (
    <div className="min-h-dvh bg-ink-50">
      <div className="bg-amber-400 px-4 py-2.5 text-center text-sm font-semibold text-amber-950" role="note">
        <FlaskConical aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
        Test payment: this is the built-in local checkout. No card is charged and no money moves.
      </div>
      <header className="mx-auto flex max-w-lg items-center justify-between px-4 pt-8">
        <Logo />
        <span className="flex items-center gap-1.5 text-xs font-medium text-ink-500">
          <Lock aria-hidden="true" className="size-3.5" />
          Checkout
        </span>
      </header>
      <main className="mx-auto max-w-lg px-4 py-6">
        {query.isError ? (
          <Card>
            <CardContent className="space-y-4 text-center">
              <h1 className="text-lg font-semibold text-ink-900">Checkout not found</h1>
              <p className="text-sm text-ink-600">
                {errorMessage(query.error, 'This checkout session does not exist.')}
              </p>
              <Button asChild variant="outline">
                <Link to="/pricing">Back to Pricing</Link>
              </Button>
            </CardContent>
          </Card>
        ) : (
          <CheckoutSummary
            checkout={query.data!}
            busy={busy}
            onPay={() => void pay()}
            onCancel={() => void cancel()}
          />
        )}
      </main>
    </div>
  );
}

function CheckoutSummary({
  checkout,
  busy,
  onPay,
  onCancel,
}: {
  checkout: LocalCheckout;
  busy: 'pay' | 'cancel' | null;
  onPay: () => void;
  onCancel: () => void;
}) {
  const discount = checkout.base_amount - checkout.amount;
  const recurringNote = checkout.note
    ? checkout.note
    : checkout.trial_days
      ? `Then Basic at ${money(
          priceAfterTrial({ percent: checkout.discount_percent, type: checkout.discount_type }),
        )}/month after ${checkout.trial_days} days, charged to this test card.`
      : checkout.recurring
        ? checkout.discount_percent > 0 && checkout.discount_type === 'first_month'
          ? `Then ${money(checkout.base_amount)}/month from the second month.`
          : `Renews monthly at ${money(checkout.amount)}.`
        : 'One-time payment. Extra minutes never expire.';

  return (
    <Card data-testid="local-checkout">
      <CardContent className="space-y-6">
        <div>
          <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">You are buying</p>
          <h1 className="mt-1 text-xl font-semibold text-ink-900">{checkout.description}</h1>
        </div>

        <dl className="space-y-2 border-y border-ink-100 py-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-ink-600">Price</dt>
            <dd className="font-medium text-ink-900">{money(checkout.base_amount)}</dd>
          </div>
          {checkout.discount_percent > 0 ? (
            <div className="flex justify-between text-emerald-700">
              <dt>
                Discount {checkout.discount_percent}%
                {checkout.coupon_code ? ` (${checkout.coupon_code})` : ''}
                {checkout.discount_type === 'forever'
                  ? ', every month'
                  : checkout.discount_type
                    ? ', first month'
                    : ''}
              </dt>
              <dd className="font-medium">-{money(discount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between pt-2 text-base">
            <dt className="font-semibold text-ink-900">Total due today</dt>
            <dd className="font-bold text-ink-900" data-testid="checkout-total">
              {money(checkout.amount)}
            </dd>
          </div>
        </dl>
        <p className="text-xs text-ink-500" data-testid="checkout-note">
          {recurringNote}
        </p>

        {checkout.status === 'open' ? (
          <>
            <div className="rounded-lg border border-dashed border-ink-300 bg-ink-50 px-3 py-2.5 text-sm text-ink-600">
              Test card <span className="font-mono font-medium text-ink-800">4242 4242 4242 4242</span> will
              be used.
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <Button variant="outline" className="sm:flex-1" onClick={onCancel} disabled={busy !== null}>
                {busy === 'cancel' ? 'Cancelling...' : 'Cancel'}
              </Button>
              <Button
                className="sm:flex-[2]"
                onClick={onPay}
                disabled={busy !== null}
                loading={busy === 'pay'}
              >
                {busy === 'pay' ? 'Processing...' : `Pay ${money(checkout.amount)}`}
              </Button>
            </div>
          </>
        ) : checkout.status === 'complete' ? (
          <div className="space-y-3 text-center">
            <p className="text-sm font-medium text-emerald-700">This checkout has been paid.</p>
            <Button onClick={() => go(checkout.success_url)}>Continue to Dashboard</Button>
          </div>
        ) : (
          <div className="space-y-3 text-center">
            <p className="text-sm font-medium text-red-700">This checkout session has expired.</p>
            <Button asChild variant="outline">
              <Link to="/pricing">Back to Pricing</Link>
            </Button>
          </div>
        )}

        <p className="flex items-center justify-center gap-1.5 text-xs text-ink-500">
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          Local payment provider. Set STRIPE_SECRET_KEY to take real payments with Stripe.
        </p>
      </CardContent>
    </Card>
  );
}
