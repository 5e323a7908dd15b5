import { Link } from 'react-router';
import { Plus, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import type { AccountAgents } from '../../lib/agent-scope.tsx';
import { PLANS, isPlanId } from '../../../shared/plans.ts';

/**
 * The account's numbers against its plan (ADR 044): "Add a number" while the plan allows another (a second location,
 * a sales line, an after-hours line), else where more come from.
 */
export function AddNumberCard({ data }: { data: AccountAgents }) {
  const used = data.agents.length;
  const planName = data.plan && isPlanId(data.plan) ? PLANS[data.plan].name : 'current';
  return (
    <section
      aria-labelledby="add-number"
      data-testid="add-number-card"
      className="flex flex-col justify-center gap-4 rounded-2xl border border-dashed border-brand-200 bg-white p-5 shadow-card"
    >
      <div>
        <h2 id="add-number" className="font-semibold text-ink-900">
          {used} of {data.limit} phone number{data.limit === 1 ? '' : 's'} in use
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          {data.can_add
            ? `Your ${planName} plan includes ${data.limit}. Add one for a second location, a sales line or an after-hours line: each has its own name, documents, voice and hours; the minutes are shared.`
            : `Your ${planName} plan's numbers are all in use. Upgrade for more numbers.`}
        </p>
      </div>
      {data.can_add ? (
        <Button asChild className="shrink-0 self-start">
          <Link to="/configure?new=1">
            <Plus aria-hidden="true" className="size-4" />
            Add a number
          </Link>
        </Button>
      ) : (
        <Button asChild variant="outline" className="shrink-0 self-start">
          <Link to="/pricing">
            <Sparkles aria-hidden="true" className="size-4" />
            Upgrade Plan
          </Link>
        </Button>
      )}
    </section>
  );
}
