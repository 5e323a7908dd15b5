import { Link } from 'react-router';
import { ArrowRight, BookOpen, Lock, PhoneCall, Settings2, Sparkles, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

interface ActionCardProps {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
  tone: string;
  disabled?: boolean;
  disabledNote?: string;
}

function ActionCard({ to, title, description, icon: Icon, tone, disabled, disabledNote }: ActionCardProps) {
  const body = (
    <>
      <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-xl', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-col sm:mt-4">
        <span className="flex items-center gap-1.5 text-base font-semibold text-ink-900">
          {title}
          {disabled ? (
            <Lock aria-hidden="true" className="size-3.5 text-ink-400" />
          ) : (
            <ArrowRight
              aria-hidden="true"
              className="size-4 -translate-x-1 text-ink-400 opacity-0 transition-all group-hover:translate-x-0 group-hover:opacity-100"
            />
          )}
        </span>
        <span className="mt-1 text-sm text-ink-500">
          {disabled && disabledNote ? disabledNote : description}
        </span>
      </span>
    </>
  );
  const classes =
    'group flex items-start gap-4 rounded-2xl border border-ink-200/80 bg-white p-5 text-left shadow-card transition-all sm:flex-col sm:gap-0';
  if (disabled) {
    return (
      <div
        aria-disabled="true"
        data-testid={`action-card-${to.slice(1)}`}
        className={cn(classes, 'cursor-not-allowed opacity-60')}
      >
        {body}
      </div>
    );
  }
  return (
    <Link
      to={to}
      data-testid={`action-card-${to.slice(1)}`}
      className={cn(
        classes,
        'hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lift focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none',
      )}
    >
      {body}
    </Link>
  );
}

export interface ActionCardsProps {
  /** SPEC 5: Configure Agent is disabled without an active subscription. */
  hasActiveSubscription: boolean;
}

/** The four dashboard action cards (SPEC 2). */
export function ActionCards({ hasActiveSubscription }: ActionCardsProps) {
  return (
    <section aria-labelledby="quick-actions" className="space-y-3">
      <h2 id="quick-actions" className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
        Quick actions
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <ActionCard
          to="/configure"
          title="Configure Agent"
          description="Set up your company details, phone number and documents"
          disabledNote="Subscribe to a plan to configure your agent"
          icon={Settings2}
          tone="bg-brand-50 text-brand-600"
          disabled={!hasActiveSubscription}
        />
        <ActionCard
          to="/knowledge-base"
          title="Knowledge Base"
          description="Manage agent documents"
          icon={BookOpen}
          tone="bg-violet-50 text-violet-600"
        />
        <ActionCard
          to="/calls"
          title="Call History"
          description="View transcripts and summaries"
          icon={PhoneCall}
          tone="bg-emerald-50 text-emerald-600"
        />
        <ActionCard
          to="/pricing"
          title="Upgrade Plan"
          description="More minutes, more numbers, escalation alerts"
          icon={Sparkles}
          tone="bg-amber-50 text-amber-600"
        />
      </div>
    </section>
  );
}
