import { Link } from 'react-router';
import { AlertTriangle, CreditCard, PlusCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EXTRA_MINUTE_PRICE, formatUsd as money, priceAfterTrial } from '../../../../shared/plans.ts';
import type { MinutesBreakdown, Subscription } from '../api/billing-api.ts';
import { useSubscriptionStatus } from '../hooks/use-subscription-status.ts';
import { formatUsagePercentage, UsageBar, usagePercentage } from './usage-bar.tsx';

const number = new Intl.NumberFormat('en-US');
const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The dashboard's Subscription Status card (SPEC 2): plan, amount per month, usage bar and minutes. */
export function SubscriptionStatusCard() {
  const { data, isPending, isError } = useSubscriptionStatus();
  const subscription = data?.has_subscription ? data.subscription : null;

  return (
    <Card data-testid="subscription-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div>
            <CardTitle className="flex items-center gap-2">
              <CreditCard aria-hidden="true" className="size-5 text-brand-600" />
              Subscription Status
            </CardTitle>
            <CardDescription>Your plan and this period&apos;s call minutes</CardDescription>
          </div>
          {subscription ? <StatusBadge status={subscription.status} /> : null}
        </div>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-ink-500">Loading...</p>
        ) : subscription ? (
          <SubscriptionDetails subscription={subscription} />
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-ink-600">
              {isError ? 'Subscription status is unavailable right now.' : 'No active subscription'}
            </p>
            <Button asChild>
              <Link to="/pricing">Choose a Plan</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function StatusBadge({ status }: { status: string }) {
  const label = status === 'trialing' ? 'Trial' : status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <Badge variant={status === 'active' || status === 'trialing' ? 'success' : 'neutral'}>{label}</Badge>
  );
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { usage } = subscription;
  const percentage = usagePercentage(usage);
  const limitReached =
    usage.minutes_limit > 0 ? usage.minutes_used >= usage.minutes_limit : usage.minutes_used > 0;
  const trial = subscription.plan === 'trial';
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">Plan</p>
          <p className="text-xl font-semibold text-ink-900" data-testid="plan-name">
            {subscription.plan_name}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xl font-semibold text-ink-900" data-testid="plan-amount">
            {money(subscription.amount)}
            <span className="text-sm font-normal text-ink-500">{trial ? ' one-time' : '/month'}</span>
          </p>
          {subscription.discount_percent > 0 ? (
            <p className="text-xs text-emerald-700">
              {subscription.discount_percent}% off{' '}
              {subscription.discount_type === 'forever' ? 'every month' : 'the first month'}
              {subscription.discount_source ? ` (${subscription.discount_source})` : ''}
            </p>
          ) : null}
        </div>
      </div>

      <div className="space-y-2">
        <div className="flex items-baseline justify-between text-sm">
          <span className="font-medium text-ink-700">Minutes used</span>
          <span className="text-ink-500" data-testid="usage-percentage">
            {formatUsagePercentage(percentage)}
          </span>
        </div>
        <UsageBar percentage={percentage} />
        <dl className="grid grid-cols-3 gap-2 pt-1 text-center">
          <Stat label="Used" value={usage.minutes_used} testId="minutes-used" />
          <Stat label="Limit" value={usage.minutes_limit} testId="minutes-limit" />
          <Stat label="Remaining" value={usage.minutes_remaining} testId="minutes-remaining" />
        </dl>
        {subscription.minutes ? (
          <MinutesSources minutes={subscription.minutes} planName={subscription.plan_name} />
        ) : null}
      </div>

      {limitReached ? (
        <div className="flex items-start gap-2.5 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-700">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">Limit Reached!</p>
            <p>Add minutes or upgrade your plan to keep your agent answering calls.</p>
          </div>
        </div>
      ) : null}

      {percentage >= 80 ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
          <p className="text-sm font-medium text-amber-900">
            Additional minutes starting at ${EXTRA_MINUTE_PRICE.toFixed(2)}/min
          </p>
          <Button asChild size="sm">
            <Link to="/pricing#minutes">
              <PlusCircle aria-hidden="true" className="size-4" />
              Buy More Minutes
            </Link>
          </Button>
        </div>
      ) : null}

      {subscription.cancel_at_period_end ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="cancel-notice">
          Cancels on {date(subscription.current_period_end)}. Your agent answers until then.
        </p>
      ) : subscription.scheduled_change ? (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="scheduled-change">
          Changes to {subscription.scheduled_change.plan_name} on{' '}
          {date(subscription.scheduled_change.effective_at)}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-ink-500">
          {subscription.cancel_at_period_end ? 'Ends' : trial ? 'Trial ends' : 'Renews'}{' '}
          {date(subscription.current_period_end)}
          {trial
            ? `, then Basic at ${money(
                priceAfterTrial({ percent: subscription.discount_percent, type: subscription.discount_type }),
              )}/month`
            : ''}
        </p>
        <Button asChild size="sm" variant="outline">
          <Link to="/billing">Manage billing</Link>
        </Button>
      </div>
    </div>
  );
}

/** Where the limit comes from: this period's plan minutes, then bought and gifted minutes that roll over. */
function MinutesSources({ minutes, planName }: { minutes: MinutesBreakdown; planName: string }) {
  return (
    <div className="mt-2 rounded-lg border border-ink-100 px-3 py-2.5 text-sm" data-testid="minutes-sources">
      <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">Where your minutes come from</p>
      <ol className="mt-1.5 space-y-1.5">
        <li className="flex items-baseline justify-between gap-3">
          <span className="text-ink-700">
            <span className="font-medium">1.</span> {planName} plan, this period
          </span>
          <span className="text-ink-900 tabular-nums" data-testid="plan-minutes">
            {number.format(minutes.plan_used)} of {number.format(minutes.plan_minutes)} used
          </span>
        </li>
        <li className="flex items-baseline justify-between gap-3">
          <span className="text-ink-700">
            <span className="font-medium">2.</span> Bought &amp; gifted minutes
          </span>
          <span className="text-ink-900 tabular-nums" data-testid="rolled-over-minutes">
            {number.format(minutes.extra_balance)} left
            {minutes.extra_used > 0 ? ` (${number.format(minutes.extra_used)} used this period)` : ''}
          </span>
        </li>
      </ol>
      <p className="mt-1.5 text-xs text-ink-500">
        Plan minutes are used first and reset at each renewal. Bought and gifted minutes never expire: what is
        left rolls over.
      </p>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg bg-ink-50 px-2 py-2">
      <dt className="text-xs text-ink-500">{label}</dt>
      <dd className="text-base font-semibold text-ink-900" data-testid={testId}>
        {number.format(value)}
      </dd>
    </div>
  );
}
