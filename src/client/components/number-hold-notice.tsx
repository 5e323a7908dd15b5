import { Link } from 'react-router';
import { PhoneOff } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { usePhoneNumberFormat } from '../lib/phone-number.ts';

/**
 * Where the agent's number stands once the subscription has ended (ADR 020 addendum, "Grace period for numbers"), as
 * GET /subscription/status (`number_hold`, with the number) and GET /agent/config (`number_hold`) return it.
 */
export interface NumberHold {
  subscription_ended_at: string;
  release_at: string;
  released_at: string | null;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The dashboard's agent card and /billing say the same thing: until when the number is kept and how to keep it, or
 * when it was released and what to do next.
 */
export function NumberHoldNotice({
  hold,
  phoneNumber,
  hasActiveSubscription,
  configureHref = '/configure',
}: {
  hold: NumberHold;
  phoneNumber: string;
  hasActiveSubscription: boolean;
  /** Where to choose a new number: this agent's /configure when the account has several (ADR 044). */
  configureHref?: string;
}) {
  const number = usePhoneNumberFormat()(phoneNumber);
  const released = hold.released_at !== null;
  return (
    <div
      data-testid={released ? 'number-released' : 'number-kept'}
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <PhoneOff aria-hidden="true" className="size-5 text-amber-700" />
        {released ? 'Phone number released' : 'Subscription ended'}
      </p>
      {released ? (
        <p className="mt-1 text-sm">
          Your number {number} was released on {day(hold.released_at!)}, 30 days after your subscription ended
          on {day(hold.subscription_ended_at)}. Your documents and settings are kept.{' '}
          {hasActiveSubscription
            ? 'Choose a new number to put your agent back on the phone.'
            : 'Choose a plan, then a new number, to put your agent back on the phone.'}
        </p>
      ) : (
        <p className="mt-1 text-sm">
          Your subscription ended on {day(hold.subscription_ended_at)}, so calls to {number} are no longer
          answered. The number is kept for you until <strong>{day(hold.release_at)}</strong>, then released.
          Choose a plan before then to keep it.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {hasActiveSubscription ? (
          <Button asChild size="sm">
            <Link to={configureHref}>Choose a new number</Link>
          </Button>
        ) : (
          <Button asChild size="sm">
            <Link to="/pricing">Choose a Plan</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
