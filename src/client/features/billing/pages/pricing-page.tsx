import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Building2, Check, CheckCircle2, Clock, LayoutDashboard, Mail, Tag } from 'lucide-react';
import { toast } from 'sonner';
import { Logo } from '../../../components/brand/logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  BEST_VALUE_PACK,
  CUSTOM_PLAN_THRESHOLD_MINUTES,
  EXTRA_MINUTE_PRICE,
  MINUTE_PACKS,
  PLANS,
  discountedPrice,
  formatUsd as money,
  packPrice,
  type PlanId,
} from '../../../../shared/plans.ts';
import { billingApi, type CouponValidation } from '../api/billing-api.ts';
import { useSubscriptionStatus, useTrialEligible } from '../hooks/use-subscription-status.ts';

const SALES_EMAIL = 'sales@answerdesk.com';
const number = new Intl.NumberFormat('en-US');

const PLAN_FEATURES: Record<PlanId, string[]> = {
  trial: ['20 call minutes', 'Valid for 7 days', '1 phone number', 'Becomes Basic afterwards'],
  basic: ['200 minutes / month', '1 phone number', 'AI answers from your documents', 'Call transcripts'],
  pro: [
    '650 minutes / month',
    '3 phone numbers',
    'Everything in Basic',
    'Escalation email alerts with transcript',
  ],
  enterprise: [
    '2,500 minutes / month',
    '10 phone numbers',
    'Everything in Pro',
    'Escalation email alerts with transcript',
  ],
};

/** /pricing (SPEC 2): coupon box, plan cards, extra-minute packs and the custom enterprise card. */
export function PricingPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const status = useSubscriptionStatus();
  const trialEligible = useTrialEligible();
  const currentPlan = status.data?.has_subscription ? status.data.subscription?.plan : undefined;

  // "Buy More Minutes" links to /pricing#minutes: a client-side navigation does not scroll to the anchor by itself.
  // Scroll again once the plan status has loaded, since it can change the cards' height above the packs.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, status.isPending]);

  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [coupon, setCoupon] = useState<CouponValidation | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [busyPack, setBusyPack] = useState<number | null>(null);

  const onCodeChange = (value: string) => {
    // Any edit clears the applied state (SPEC 4).
    setCode(value.toUpperCase());
    setCoupon(null);
    setCouponError(null);
  };

  const applyCoupon = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = code.trim().toUpperCase();
    setCode(trimmed);
    if (!trimmed) {
      setCoupon(null);
      setCouponError(null);
      return;
    }
    if (!user) {
      toast.error('Please log in to use a coupon code');
      navigate('/auth');
      return;
    }
    setChecking(true);
    setCouponError(null);
    try {
      const result = await billingApi.validateCoupon(trimmed);
      setCoupon(result);
      toast.success(result.message);
    } catch (error) {
      const message = errorMessage(error, 'Invalid coupon code');
      setCoupon(null);
      setCouponError(message);
      toast.error(message);
    } finally {
      setChecking(false);
    }
  };

  const choosePlan = async (plan: PlanId) => {
    if (!user) {
      navigate('/auth');
      return;
    }
    // A monthly subscriber changes plan on /billing: a prorated upgrade or a downgrade at the renewal (issue 25),
    // never a second full-price subscription.
    if (currentPlan && currentPlan !== 'trial' && plan !== 'trial') {
      navigate(`/billing?plan=${plan}`);
      return;
    }
    setBusyPlan(plan);
    try {
      const result = await billingApi.createCheckout({
        plan,
        origin_url: window.location.origin,
        // Sent only when it was validated (SPEC 5).
        coupon_code: coupon ? coupon.code : undefined,
      });
      if (result.free_subscription) {
        toast.success('Free subscription activated!');
        setTimeout(() => {
          window.location.assign(result.url);
        }, 1000);
        return;
      }
      window.location.assign(result.checkout_url ?? result.url);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create checkout session'));
      setBusyPlan(null);
    }
  };

  const buyMinutes = async (minutes: number) => {
    if (!user) {
      toast.error('Please log in to purchase minutes');
      navigate('/auth');
      return;
    }
    setBusyPack(minutes);
    try {
      const result = await billingApi.purchaseMinutes({ minutes, origin_url: window.location.origin });
      window.location.assign(result.url);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to purchase minutes'));
      setBusyPack(null);
    }
  };

  const plans: PlanId[] = trialEligible
    ? ['trial', 'basic', 'pro', 'enterprise']
    : ['basic', 'pro', 'enterprise'];

  return (
    <div className="min-h-dvh bg-gradient-to-b from-white via-ink-50 to-ink-50">
      <header className="sticky top-0 z-40 border-b border-ink-200/80 bg-white/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          {user ? (
            <Button asChild size="sm">
              <Link to="/dashboard">
                <LayoutDashboard aria-hidden="true" className="size-4" />
                Dashboard
              </Link>
            </Button>
          ) : (
            <Button asChild variant="outline" size="sm">
              <Link to="/auth">Login</Link>
            </Button>
          )}
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
            Simple pricing for an agent that never misses a call
          </h1>
          <p className="mt-3 text-lg text-ink-600">
            Monthly plans with call minutes included. Extra minutes never expire.
          </p>
        </div>

        {/* Coupon box */}
        <form
          onSubmit={(event) => void applyCoupon(event)}
          className="mx-auto mt-10 max-w-xl rounded-2xl border border-ink-200 bg-white p-4 shadow-card"
          aria-label="Coupon code"
        >
          <label htmlFor="coupon-code" className="flex items-center gap-2 text-sm font-medium text-ink-700">
            <Tag aria-hidden="true" className="size-4 text-brand-600" />
            Have a coupon code?
          </label>
          <div className="mt-2 flex gap-2">
            <Input
              id="coupon-code"
              value={code}
              onChange={(event) => onCodeChange(event.target.value)}
              placeholder="ENTER CODE"
              autoComplete="off"
              spellCheck={false}
              className="uppercase tracking-wider"
              aria-invalid={couponError ? true : undefined}
            />
            <Button type="submit" variant="secondary" disabled={checking} className="min-w-24">
              {checking ? 'Checking...' : 'Apply'}
            </Button>
          </div>
          {coupon ? (
            <p
              className="mt-2 flex items-center gap-1.5 text-sm font-medium text-emerald-700"
              data-testid="coupon-success"
            >
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {coupon.message}
            </p>
          ) : couponError ? (
            <p className="mt-2 text-sm text-red-600">{couponError}</p>
          ) : null}
        </form>

        {/* Plans */}
        <section aria-label="Plans" className="mt-12">
          <div
            className={cn(
              'grid gap-6 sm:grid-cols-2',
              plans.length === 4 ? 'lg:grid-cols-4' : 'mx-auto max-w-5xl lg:grid-cols-3',
            )}
          >
            {plans.map((id) => (
              <PlanCard
                key={id}
                id={id}
                coupon={coupon}
                current={currentPlan === id}
                busy={busyPlan === id}
                disabled={busyPlan !== null}
                onChoose={() => void choosePlan(id)}
              />
            ))}
          </div>
        </section>

        {/* Extra minutes */}
        <section id="minutes" aria-labelledby="minutes-title" className="mt-20 scroll-mt-24">
          <div className="text-center">
            <h2 id="minutes-title" className="text-2xl font-bold tracking-tight text-ink-900">
              Need more minutes?
            </h2>
            <p className="mt-2 text-ink-600">
              Extra minutes at {money(EXTRA_MINUTE_PRICE)} each. They never expire and roll over every month.
            </p>
          </div>
          <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {MINUTE_PACKS.map((minutes) => {
              const best = minutes === BEST_VALUE_PACK;
              return (
                <div
                  key={minutes}
                  data-testid={`pack-${minutes}`}
                  className={cn(
                    'relative flex flex-col items-center rounded-2xl border bg-white p-6 text-center shadow-card',
                    best ? 'border-brand-500 ring-2 ring-brand-500/20' : 'border-ink-200',
                  )}
                >
                  {best ? <Ribbon className="bg-brand-600">BEST VALUE</Ribbon> : null}
                  <Clock aria-hidden="true" className="size-6 text-brand-600" />
                  <p className="mt-3 text-2xl font-bold text-ink-900">{number.format(minutes)}</p>
                  <p className="text-sm text-ink-500">minutes</p>
                  <p className="mt-3 text-lg font-semibold text-ink-900">{money(packPrice(minutes))}</p>
                  <Button
                    className="mt-4 w-full"
                    variant={best ? 'primary' : 'outline'}
                    disabled={busyPack !== null}
                    onClick={() => void buyMinutes(minutes)}
                  >
                    {busyPack === minutes ? 'Processing...' : 'Buy Now'}
                  </Button>
                </div>
              );
            })}
          </div>
        </section>

        {/* Custom Enterprise Solution */}
        <section className="mt-16">
          <div className="flex flex-col items-start gap-5 rounded-2xl bg-ink-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/10">
                <Building2 aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h2 className="text-xl font-semibold">Custom Enterprise Solution</h2>
                <p className="mt-1 text-ink-300">
                  Need more than {number.format(CUSTOM_PLAN_THRESHOLD_MINUTES)} minutes per month? We&apos;ll
                  build a plan around your call volume, numbers and integrations.
                </p>
              </div>
            </div>
            <a
              href={`mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Custom Enterprise Solution')}`}
              className="inline-flex h-11 shrink-0 items-center gap-2 rounded-lg bg-white px-5 text-sm font-semibold text-ink-900 hover:bg-ink-100"
            >
              <Mail aria-hidden="true" className="size-4" />
              Contact Us
            </a>
          </div>
        </section>
      </main>
    </div>
  );
}

interface PlanCardProps {
  id: PlanId;
  coupon: CouponValidation | null;
  current: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}

function PlanCard({ id, coupon, current, busy, disabled, onChoose }: PlanCardProps) {
  const plan = PLANS[id];
  const popular = id === 'pro';
  const trial = id === 'trial';
  const discounted = coupon ? discountedPrice(plan.price, coupon.discount_percent) : null;
  const shown = discounted ?? plan.price;
  const struckOut = shown !== plan.price;
  return (
    <div
      data-testid={`plan-${id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-card',
        popular ? 'border-brand-500 ring-2 ring-brand-500/20 lg:-translate-y-2' : 'border-ink-200',
        trial && 'border-emerald-300',
      )}
    >
      {popular ? <Ribbon className="bg-brand-600">POPULAR</Ribbon> : null}
      {trial ? <Ribbon className="bg-emerald-700">TRY NOW</Ribbon> : null}
      <h3 className="text-lg font-semibold text-ink-900">{plan.name}</h3>
      <div className="mt-4 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="text-4xl font-bold tracking-tight text-ink-900">{money(shown)}</span>
        {/* The full price and the period wrap together when the card is narrow. */}
        <span className="whitespace-nowrap">
          {struckOut ? (
            <>
              <span className="text-lg text-ink-500 line-through">{money(plan.price)}</span>{' '}
            </>
          ) : null}
          <span className="text-sm text-ink-500">{trial ? 'one-time' : '/month'}</span>
        </span>
      </div>
      {discounted !== null && coupon && !trial ? (
        <p className="mt-1 text-xs font-medium text-emerald-700">
          {coupon.discount_type === 'forever' ? 'Every month' : 'First month'} with {coupon.code}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-ink-600">
        {number.format(plan.minutes)} minutes{trial ? ` for ${plan.days} days` : ' a month'}
      </p>
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-ink-700">
        {PLAN_FEATURES[id].map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        className="mt-6 w-full"
        variant={current ? 'secondary' : popular ? 'primary' : 'outline'}
        disabled={current || disabled}
        onClick={onChoose}
      >
        {current ? 'Current Plan' : busy ? 'Processing...' : 'Get Started'}
      </Button>
    </div>
  );
}

/** The small label on top of a card (TRY NOW, POPULAR, BEST VALUE). */
function Ribbon({ className, children }: { className: string; children: string }) {
  return (
    <span
      className={cn(
        'absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-0.5 text-xs font-bold tracking-wide whitespace-nowrap text-white shadow-sm',
        className,
      )}
    >
      {children}
    </span>
  );
}
