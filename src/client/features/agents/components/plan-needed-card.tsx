import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatUsd, PLANS } from '../../../../shared/plans.ts';

/** What configuring takes, in order; only the first (the plan) is missing on this card. */
const STEPS = [
  'An active plan: the 7-Day Trial or a monthly plan',
  'Your company name and a contact email',
  'A phone number, picked from the available numbers',
  'Documents your agent answers from (PDF, DOC, DOCX or TXT)',
] as const;

/**
 * /configure without an active plan: configuring rents a phone number, which the server refuses without a
 * subscription, so the page says what is needed and leads to /pricing instead of a form that fails on submit.
 */
export function PlanNeededCard() {
  return (
    <Card data-testid="configure-plan-needed">
      <CardHeader>
        <CardTitle className="flex items-start gap-2">
          <CreditCard aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          Choose a plan to configure your agent
        </CardTitle>
        <CardDescription>
          Your agent answers on a phone number rented for your plan, so an active plan comes first. Plans
          start with the {PLANS.trial.name} at {formatUsd(PLANS.trial.price)} ({PLANS.trial.minutes} minutes).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div>
          <h2 className="text-sm font-semibold text-ink-900">What you need</h2>
          <ol className="mt-3 space-y-2.5 text-sm" aria-label="What you need">
            {STEPS.map((step, index) => (
              <li key={step} className="flex items-start gap-2.5">
                <span
                  aria-hidden="true"
                  className={
                    index === 0
                      ? 'flex size-5 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xs font-semibold text-amber-800'
                      : 'flex size-5 shrink-0 items-center justify-center rounded-full bg-ink-100 text-xs font-semibold text-ink-600'
                  }
                >
                  {index + 1}
                </span>
                <span className={index === 0 ? 'font-medium text-ink-900' : 'text-ink-600'}>
                  {step}
                  {index === 0 ? <span className="ml-1.5 font-normal text-amber-700">(missing)</span> : null}
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-3 text-sm text-ink-500">
            Once your plan is active, come back here to fill in the rest; it takes a few minutes.
          </p>
        </div>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to="/pricing">Choose a Plan</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
