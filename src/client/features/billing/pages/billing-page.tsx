import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowDownCircle,
  ArrowUpCircle,
  CreditCard,
  ExternalLink,
  Receipt as ReceiptIcon,
} from 'lucide-react';
import { toast } from 'sonner';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { BackToDashboardButton } from '../../../components/layout/back-to-dashboard.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NumberHoldNotice } from '../../../components/number-hold-notice.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatUsd as money, PLANS, type PlanId } from '../../../../shared/plans.ts';
import { billingApi, type Payment, type PlanChangePreview, type Subscription } from '../api/billing-api.ts';
import { useSubscriptionStatus } from '../hooks/use-subscription-status.ts';

const MONTHLY_PLANS: PlanId[] = ['basic', 'pro', 'enterprise'];
const number = new Intl.NumberFormat('en-US');
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const PAYMENTS_KEY = ['billing', 'payments'] as const;

/**
 * /billing (issue 25): what the owner manages alone. The plan and its next renewal, change plan (an upgrade
 * shows its prorated charge before payment, a downgrade its date), cancel and resume, every payment with its
 * receipt, and Stripe's portal for the payment method.
 */
export function BillingPage() {
  const status = useSubscriptionStatus();
  const queryClient = useQueryClient();
  const payments = useQuery({ queryKey: PAYMENTS_KEY, queryFn: () => billingApi.payments() });
  const [params, setParams] = useSearchParams();
  const subscription = status.data?.has_subscription ? status.data.subscription : null;
  // After the end: every number of the account, kept or released (one per agent, ADR 044 addendum).
  const holds = status.data?.number_holds ?? (status.data?.number_hold ? [status.data.number_hold] : []);
  const [changing, setChanging] = useState<PlanId | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['billing'] });

  // /billing?plan=enterprise (from the pricing page) opens the change for that plan.
  const asked = params.get('plan');
  const askedPlan =
    asked && subscription && (MONTHLY_PLANS as string[]).includes(asked) && asked !== subscription.plan
      ? (asked as PlanId)
      : null;
  const dialogPlan = changing ?? askedPlan;

  // Back from the local checkout of an upgrade: confirm it once the payment is applied.
  const sessionId = params.get('session_id');
  useEffect(() => {
    if (!sessionId) return;
    let stop = false;
    void (async () => {
      for (let attempt = 0; attempt < 5 && !stop; attempt += 1) {
        try {
          const checked = await billingApi.checkoutStatus(sessionId);
          if (checked.payment_status === 'paid') {
            const plan = checked.purchase?.kind === 'plan' ? checked.purchase.plan : null;
            toast.success(
              plan && plan in PLANS ? `Upgraded to ${PLANS[plan as PlanId].name}` : 'Payment received',
            );
            break;
          }
          if (checked.status === 'expired') break;
        } catch (error) {
          toast.error(errorMessage(error, 'Error checking payment status'));
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      if (!stop) {
        setParams({}, { replace: true });
        void queryClient.invalidateQueries({ queryKey: ['billing'] });
      }
    })();
    return () => {
      stop = true;
    };
  }, [sessionId, setParams, queryClient]);

  const act = async (run: () => Promise<unknown>, success: string, fallback: string) => {
    try {
      await run();
      toast.success(success);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, fallback));
    }
  };

  const openPortal = async () => {
    try {
      window.location.assign((await billingApi.paymentPortal()).url);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not open the payment method page'));
    }
  };

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="Billing"
          description="Your plan, its renewal and every payment, with receipts."
          actions={<BackToDashboardButton />}
        />

        {status.isPending ? (
          <p className="text-sm text-ink-500">Loading...</p>
        ) : subscription ? (
          <>
            <CurrentPlanCard
              subscription={subscription}
              managePaymentMethod={payments.data?.manage_payment_method ?? false}
              onCancel={() => setCancelOpen(true)}
              onResume={() =>
                void act(
                  billingApi.resumeSubscription,
                  'Subscription resumed',
                  'Could not resume the subscription',
                )
              }
              onUndo={() =>
                void act(billingApi.undoPlanChange, 'Plan change undone', 'Could not undo the change')
              }
              onPortal={() => void openPortal()}
            />
            <ChangePlanCard subscription={subscription} onChoose={setChanging} />
          </>
        ) : (
          <Card>
            <CardContent className="space-y-4">
              <p className="text-sm text-ink-600">No active subscription</p>
              {holds.length > 0 ? (
                holds.map((hold) => (
                  <NumberHoldNotice
                    key={hold.phone_number}
                    hold={hold}
                    phoneNumber={hold.phone_number}
                    hasActiveSubscription={false}
                  />
                ))
              ) : (
                <Button asChild>
                  <Link to="/pricing">Choose a Plan</Link>
                </Button>
              )}
            </CardContent>
          </Card>
        )}

        <PaymentsCard payments={payments.data?.payments} loading={payments.isPending} />
      </main>

      {subscription && dialogPlan ? (
        <ChangePlanDialog
          plan={dialogPlan}
          onClose={() => {
            setChanging(null);
            if (asked) setParams({}, { replace: true });
          }}
          onDone={() => void refresh()}
        />
      ) : null}
      {subscription ? (
        <CancelDialog
          open={cancelOpen}
          subscription={subscription}
          onClose={() => setCancelOpen(false)}
          onConfirm={async () => {
            setCancelOpen(false);
            await act(
              billingApi.cancelSubscription,
              `Subscription cancelled: it ends on ${day(subscription.current_period_end)}`,
              'Could not cancel the subscription',
            );
          }}
        />
      ) : null}
    </div>
  );
}

function CurrentPlanCard({
  subscription,
  managePaymentMethod,
  onCancel,
  onResume,
  onUndo,
  onPortal,
}: {
  subscription: Subscription;
  managePaymentMethod: boolean;
  onCancel: () => void;
  onResume: () => void;
  onUndo: () => void;
  onPortal: () => void;
}) {
  const trial = subscription.plan === 'trial';
  const ending = subscription.cancel_at_period_end ?? false;
  return (
    <Card data-testid="current-plan">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard aria-hidden="true" className="size-5 text-brand-600" />
          {subscription.plan_name}
          {ending ? <Badge variant="warning">Cancelling</Badge> : null}
        </CardTitle>
        <CardDescription>
          {money(subscription.amount)}
          {trial ? ' one-time' : '/month'}
          {subscription.discount_percent > 0
            ? ` (${subscription.discount_percent}% off ${subscription.discount_type === 'forever' ? 'every month' : 'the first month'})`
            : ''}
          {' · '}
          {ending ? 'Ends' : trial ? 'Trial ends' : 'Renews'} {day(subscription.current_period_end)}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {ending ? (
          <div
            className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid="cancel-notice"
          >
            <p className="font-semibold">Cancels on {day(subscription.current_period_end)}</p>
            <p>
              Your agent keeps answering until then, then goes inactive.
              {subscription.numbers_kept_until
                ? ` Your phone number is kept until ${day(subscription.numbers_kept_until)} in case you come back, then released.`
                : ''}{' '}
              Bought and gifted minutes stay on your account.
            </p>
          </div>
        ) : subscription.scheduled_change ? (
          <div
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900"
            data-testid="scheduled-change"
          >
            <p className="font-medium">
              Changes to {subscription.scheduled_change.plan_name} on{' '}
              {day(subscription.scheduled_change.effective_at)}
            </p>
            <Button size="sm" variant="outline" onClick={onUndo}>
              Undo
            </Button>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {ending ? (
            <Button onClick={onResume}>Resume subscription</Button>
          ) : (
            <Button variant="outline" onClick={onCancel}>
              Cancel subscription
            </Button>
          )}
          {managePaymentMethod ? (
            <Button variant="outline" onClick={onPortal}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Manage payment method
            </Button>
          ) : (
            <p className="self-center text-xs text-ink-500">
              Payments use the built-in test card (no Stripe account is set up).
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function ChangePlanCard({
  subscription,
  onChoose,
}: {
  subscription: Subscription;
  onChoose: (plan: PlanId) => void;
}) {
  const trial = subscription.plan === 'trial';
  const current = PLANS[subscription.plan as PlanId];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change plan</CardTitle>
        <CardDescription>
          An upgrade starts now: you pay the difference for the days left and get that share of the extra
          minutes at once. A downgrade starts at your next renewal and can be undone until then.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {trial ? (
          <p className="text-sm text-ink-600">
            During the trial,{' '}
            <Link to="/pricing" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              choose a plan on the pricing page
            </Link>
            : it starts today with its full minutes.
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-3">
            {MONTHLY_PLANS.map((id) => {
              const plan = PLANS[id];
              const isCurrent = id === subscription.plan;
              const up = current ? plan.price > current.price : true;
              return (
                <div
                  key={id}
                  className="flex flex-col rounded-xl border border-ink-200 bg-white p-4"
                  data-testid={`change-${id}`}
                >
                  <p className="font-semibold text-ink-900">{plan.name}</p>
                  <p className="text-sm text-ink-600">
                    {money(plan.price)}/month · {number.format(plan.minutes)} minutes
                  </p>
                  <Button
                    className="mt-3"
                    size="sm"
                    variant={isCurrent ? 'secondary' : up ? 'primary' : 'outline'}
                    disabled={isCurrent || subscription.scheduled_change?.plan === id}
                    onClick={() => onChoose(id)}
                  >
                    {isCurrent ? (
                      'Current Plan'
                    ) : up ? (
                      <>
                        <ArrowUpCircle aria-hidden="true" className="size-4" />
                        Upgrade to {plan.name}
                      </>
                    ) : (
                      <>
                        <ArrowDownCircle aria-hidden="true" className="size-4" />
                        Switch to {plan.name}
                      </>
                    )}
                  </Button>
                </div>
              );
            })}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ChangePlanDialog({
  plan,
  onClose,
  onDone,
}: {
  plan: PlanId;
  onClose: () => void;
  onDone: () => void;
}) {
  const preview = useQuery({
    queryKey: ['billing', 'change-preview', plan],
    queryFn: () => billingApi.planChangePreview(plan),
    retry: false,
    gcTime: 0,
  });
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const result = await billingApi.changePlan(plan);
      if ('url' in result) {
        window.location.assign(result.url);
        return;
      }
      toast.success(
        result.direction === 'upgrade'
          ? `Upgraded to ${PLANS[plan].name}`
          : `Changes to ${result.scheduled_change.plan_name} on ${day(result.scheduled_change.effective_at)}`,
      );
      onDone();
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not change the plan'));
      setBusy(false);
    }
  };
  const data = preview.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent data-testid="change-plan-dialog">
        <DialogHeader>
          <DialogTitle>
            {data?.direction === 'downgrade' ? 'Switch' : 'Upgrade'} to {PLANS[plan].name}
          </DialogTitle>
          <DialogDescription>
            {data
              ? data.direction === 'upgrade'
                ? 'Starts now.'
                : `Starts on ${day(data.effective_at)}.`
              : ' '}
          </DialogDescription>
        </DialogHeader>
        {preview.isPending ? (
          <p className="text-sm text-ink-500">Working out the figures...</p>
        ) : preview.isError ? (
          <p className="text-sm text-red-700">
            {errorMessage(preview.error, 'Could not prepare the change')}
          </p>
        ) : data ? (
          <ChangeFigures preview={data} />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Keep {data?.current_plan_name ?? 'my plan'}
          </Button>
          <Button onClick={() => void confirm()} disabled={!data || !data.allowed || busy} loading={busy}>
            {busy
              ? 'Processing...'
              : data?.direction === 'downgrade'
                ? `Switch to ${data.plan_name} on ${day(data.effective_at)}`
                : data
                  ? `Pay ${money(data.amount_due)} and upgrade`
                  : 'Continue'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ChangeFigures({ preview }: { preview: PlanChangePreview }) {
  if (!preview.allowed) {
    return <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">{preview.message}</p>;
  }
  if (preview.direction === 'downgrade') {
    return (
      <div className="space-y-2 text-sm text-ink-700" data-testid="change-figures">
        <p>
          You keep {preview.current_plan_name} and its minutes until {day(preview.effective_at)}. From then:{' '}
          <span className="font-semibold text-ink-900">{money(preview.new_monthly_amount)}/month</span> with{' '}
          {number.format(preview.new_plan_minutes)} minutes. Nothing is charged today.
        </p>
        <p className="text-ink-500">
          {PLANS[preview.plan as PlanId]?.name} allows {preview.number_limit} phone number
          {preview.number_limit === 1 ? '' : 's'}; you use {preview.numbers_in_use}. You can undo this until{' '}
          {day(preview.effective_at)}.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3 text-sm" data-testid="change-figures">
      <dl className="space-y-2 border-y border-ink-100 py-3">
        <Row
          label={`${preview.plan_name} for the ${preview.days_left} of ${preview.period_days} days left`}
          value={money(preview.base_amount_due)}
        />
        {preview.discount_percent > 0 ? (
          <Row
            label={`Your ${preview.discount_percent}% discount`}
            value={`-${money(preview.base_amount_due - preview.amount_due)}`}
          />
        ) : null}
        <Row
          label="Due today (prorated)"
          value={money(preview.amount_due)}
          strong
          testId="proration-amount"
        />
        <Row
          label="Plan minutes added this period"
          value={`+${number.format(preview.minutes_added)}`}
          testId="proration-minutes"
        />
      </dl>
      <p className="text-ink-600">
        From {day(preview.period_end)}: {money(preview.new_monthly_amount)}/month with{' '}
        {number.format(preview.new_plan_minutes)} minutes. Your bought and gifted minutes stay as they are.
      </p>
    </div>
  );
}

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt className={strong ? 'font-semibold text-ink-900' : 'text-ink-600'}>{label}</dt>
      <dd className={strong ? 'font-bold text-ink-900' : 'font-medium text-ink-900'} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function CancelDialog({
  open,
  subscription,
  onClose,
  onConfirm,
}: {
  open: boolean;
  subscription: Subscription;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const end = day(subscription.current_period_end);
  const grace = new Date(new Date(subscription.current_period_end).getTime() + 30 * 86_400_000).toISOString();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent data-testid="cancel-dialog">
        <DialogHeader>
          <DialogTitle>Cancel subscription?</DialogTitle>
          <DialogDescription>Nothing more is charged. You can resume until {end}.</DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-ink-700">
          <li>Your agent keeps answering calls until {end}, then it goes inactive.</li>
          <li>Your phone number is kept for 30 days after that, until {day(grace)}, then released.</li>
          <li>Bought and gifted minutes stay on your account for when you come back.</li>
          {subscription.discount_type === 'forever' ? (
            <li>
              Your {subscription.discount_percent}% discount stays if you resume; a new subscription later
              does not keep it.
            </li>
          ) : null}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Keep subscription
          </Button>
          <Button variant="destructive" onClick={() => void onConfirm()}>
            Cancel subscription
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const STATUS_LABEL: Record<string, { label: string; variant: 'success' | 'neutral' | 'warning' }> = {
  paid: { label: 'Paid', variant: 'success' },
  refunded: { label: 'Refunded', variant: 'neutral' },
  refused: { label: 'Refused', variant: 'warning' },
};

function PaymentsCard({ payments, loading }: { payments: Payment[] | undefined; loading: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ReceiptIcon aria-hidden="true" className="size-5 text-brand-600" />
          Payments
        </CardTitle>
        <CardDescription>Every payment of this account, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p className="text-sm text-ink-500">Loading...</p>
        ) : !payments?.length ? (
          <p className="text-sm text-ink-500">No payments yet</p>
        ) : (
          <PaymentsTable payments={payments} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The payment list (also shown to the admin, with its own copy in the admin feature). A table from `sm` up; on a phone
 * each payment is a block of three lines (what, when and how much, status and receipt), so nothing scrolls sideways.
 */
export function PaymentsTable({ payments }: { payments: Payment[] }) {
  const cell = 'px-2 py-2.5 max-sm:block max-sm:p-0';
  return (
    <div className="sm:-mx-2 sm:overflow-x-auto">
      <table className="w-full text-left text-sm max-sm:block sm:min-w-[36rem]" data-testid="payments-table">
        <thead className="text-xs tracking-wide text-ink-500 uppercase max-sm:sr-only">
          <tr>
            <th className="px-2 py-2 font-medium">Date</th>
            <th className="px-2 py-2 font-medium">Description</th>
            <th className="px-2 py-2 text-right font-medium">Amount</th>
            <th className="px-2 py-2 font-medium">Status</th>
            <th className="px-2 py-2 font-medium">
              <span className="sr-only">Receipt</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100 max-sm:block">
          {payments.map((p) => {
            const status = STATUS_LABEL[p.status] ?? { label: p.status, variant: 'neutral' as const };
            return (
              <tr
                key={p.id}
                className="max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-3"
              >
                <td className={`${cell} whitespace-nowrap text-ink-600 max-sm:order-2`}>
                  {day(p.created_at)}
                </td>
                <td className={`${cell} text-ink-900 max-sm:order-1 max-sm:col-span-2`}>
                  {p.description}
                  {p.discount_percent > 0 ? (
                    <span className="ml-1.5 text-xs text-emerald-700">
                      {p.discount_percent}% off{p.coupon_code ? ` (${p.coupon_code})` : ''}
                    </span>
                  ) : null}
                </td>
                <td className={`${cell} text-right whitespace-nowrap tabular-nums max-sm:order-3`}>
                  {p.base_amount !== p.amount ? (
                    <span className="mr-1.5 text-xs text-ink-400 line-through">{money(p.base_amount)}</span>
                  ) : null}
                  <span className="font-medium text-ink-900">{money(p.amount)}</span>
                </td>
                <td className={`${cell} max-sm:order-4`}>
                  <Badge variant={status.variant}>{status.label}</Badge>
                </td>
                <td className={`${cell} text-right max-sm:order-5`}>
                  <a
                    href={p.receipt_url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex min-h-11 items-center font-medium whitespace-nowrap text-brand-700 underline-offset-4 hover:underline sm:min-h-0"
                  >
                    Receipt
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
