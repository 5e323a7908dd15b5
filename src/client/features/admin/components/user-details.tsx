import type { ReactNode } from 'react';
import { AlertTriangle, Bot, CreditCard, History, Phone, PhoneCall, Receipt, UserX } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AdminUserDetails, DiscountHistoryEntry, MinuteGift, RevokeAction } from '../api/admin-api.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import {
  discountTypeLabel,
  formatDateTime,
  formatMinutes,
  formatMoney,
  revokeReasonLabel,
} from './format.ts';
import { AdminBillingSection } from './billing-section.tsx';
import { GiftMinutesDialog } from './gift-minutes-dialog.tsx';
import { RevokeDiscountDialog } from './revoke-discount-dialog.tsx';
import { UserAvatar } from './user-avatar.tsx';
import { formatPhoneNumber } from '../../../../shared/phone.ts';

export interface UserDetailsProps {
  details: AdminUserDetails;
  discounts: DiscountHistoryEntry[];
  gifts: MinuteGift[];
  isSelf: boolean;
  onGift: (input: { minutes: number; note: string }) => Promise<string | null>;
  onRevoke: (action: RevokeAction) => Promise<boolean>;
  /** Deletes one number: the one of `agentId` when the user has several (ADR 044). */
  onDeletePhone: (agentId?: string) => Promise<void>;
  onDeleteUser: () => Promise<void>;
}

function Field({ label, children, wrap = false }: { label: string; children: ReactNode; wrap?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className={cn('mt-0.5 text-sm text-ink-900', wrap ? 'break-words' : 'truncate')}>{children}</dd>
    </div>
  );
}

function Section({ icon: Icon, title, children }: { icon: typeof Bot; title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t border-ink-100 pt-5">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-ink-800">
        <Icon aria-hidden="true" className="size-4 text-ink-500" />
        {title}
      </h3>
      {children}
    </section>
  );
}

function statusVariant(status: string) {
  if (status === 'active' || status === 'trialing') return 'success' as const;
  if (status === 'past_due') return 'warning' as const;
  return 'neutral' as const;
}

/** The details panel of SPEC 'Admin user management', with every field it lists. */
export function UserDetails({
  details,
  discounts,
  gifts,
  isSelf,
  onGift,
  onRevoke,
  onDeletePhone,
  onDeleteUser,
}: UserDetailsProps) {
  const { user, subscription, agent_config: first, recent_calls: calls } = details;
  // Every number of the account (ADR 044); an older server sends only agent_config.
  const agents = details.agents ?? (first ? [first] : []);
  const label = user.name?.trim() || user.email;
  const hasDiscount = Boolean(subscription && subscription.discount_percent > 0);
  const discountLabel = subscription
    ? `${subscription.discount_percent}% (${discountTypeLabel(subscription.discount_type)})`
    : '';

  return (
    <Card data-testid="admin-user-details">
      <CardHeader>
        <div className="flex items-center gap-3">
          <UserAvatar
            name={user.name}
            email={user.email}
            picture={user.picture}
            className="size-12 text-base"
          />
          <div className="min-w-0">
            <CardTitle className="truncate">{label}</CardTitle>
            <p className="truncate text-sm text-ink-500">{user.email}</p>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label="Name">{user.name?.trim() || '—'}</Field>
          <Field label="Email" wrap>
            <span className="break-all">{user.email}</span>
          </Field>
          <Field label="User ID" wrap>
            <span className="font-mono text-xs">{user.id}</span>
          </Field>
          <Field label="Auth method">
            {user.auth_method === 'google' ? 'Google sign-in' : 'Email/password'}
          </Field>
        </dl>

        <Section icon={CreditCard} title="Subscription">
          {subscription ? (
            <dl className="grid gap-4 sm:grid-cols-3" data-testid="admin-subscription">
              <Field label="Plan">{subscription.plan.toUpperCase()}</Field>
              <Field label="Amount">{formatMoney(subscription.amount)}/month</Field>
              <Field label="Status">
                <Badge variant={statusVariant(subscription.status)}>{subscription.status}</Badge>
                {subscription.cancel_at_period_end ? (
                  <span className="ml-1 text-xs text-ink-500">ends at period end</span>
                ) : null}
              </Field>
              <Field label="Minutes used / limit">
                <span data-testid="admin-minutes">
                  {formatMinutes(subscription.minutes_used)} / {formatMinutes(subscription.minutes_limit)}
                </span>
              </Field>
              <Field label="Remaining">{formatMinutes(subscription.minutes_remaining)} minutes</Field>
              {hasDiscount ? (
                <Field label="Discount" wrap>
                  <span data-testid="admin-discount">
                    {subscription.discount_percent}% · {discountTypeLabel(subscription.discount_type)}
                    {subscription.discount_source ? (
                      <>
                        {' '}
                        · Coupon <span className="font-mono">{subscription.discount_source}</span>
                      </>
                    ) : null}
                  </span>
                </Field>
              ) : null}
            </dl>
          ) : (
            <p className="text-sm text-ink-500">
              No active subscription
              {details.extra_minutes > 0
                ? ` · ${formatMinutes(details.extra_minutes)} extra minutes kept`
                : null}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <GiftMinutesDialog userLabel={label} onGift={onGift} />
            {hasDiscount ? <RevokeDiscountDialog discountLabel={discountLabel} onRevoke={onRevoke} /> : null}
          </div>
        </Section>

        <Section icon={Receipt} title="Payments and Scheduled Changes">
          <AdminBillingSection userId={user.id} />
        </Section>

        <Section icon={History} title="Discount History">
          {discounts.length === 0 ? (
            <p className="text-sm text-ink-500">No discount history</p>
          ) : (
            <ul className="max-h-64 space-y-2 overflow-y-auto pr-1" aria-label="Discount history">
              {discounts.map((entry) => (
                <li
                  key={entry.id}
                  className="rounded-lg border border-ink-100 bg-ink-50/60 px-3 py-2 text-sm"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={entry.action === 'revoked' ? 'danger' : 'success'}>{entry.action}</Badge>
                    <span className="font-medium text-ink-900">
                      {entry.discount_percent}% {discountTypeLabel(entry.discount_type)}
                    </span>
                    {entry.discount_source ? (
                      <span className="font-mono text-xs text-ink-500">{entry.discount_source}</span>
                    ) : null}
                    <span className="ml-auto text-xs text-ink-500">{formatDateTime(entry.created_at)}</span>
                  </div>
                  {entry.action === 'revoked' ? (
                    <p className="mt-1 text-xs text-ink-500">
                      {revokeReasonLabel(entry.revoke_reason)}
                      {entry.revoked_by ? ` by ${entry.revoked_by}` : null}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section icon={History} title="Minute Gift History">
          {gifts.length === 0 ? (
            <p className="text-sm text-ink-500">No minutes gifted yet</p>
          ) : (
            <ul className="max-h-64 space-y-2 overflow-y-auto pr-1" aria-label="Minute gift history">
              {gifts.map((gift) => (
                <li key={gift.id} className="rounded-lg border border-ink-100 bg-ink-50/60 px-3 py-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-emerald-700">
                      +{formatMinutes(gift.minutes)} minutes
                    </span>
                    <span className="text-xs text-ink-500">by {gift.gifted_by_email}</span>
                    <span className="ml-auto text-xs text-ink-500">{formatDateTime(gift.created_at)}</span>
                  </div>
                  {gift.note ? <p className="mt-1 text-xs text-ink-600">{gift.note}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          icon={Bot}
          title={agents.length > 1 ? `Agent Configuration (${agents.length} numbers)` : 'Agent Configuration'}
        >
          {agents.length > 0 ? (
            <ul className="space-y-4">
              {agents.map((agent) => (
                <li
                  key={agent.id ?? agent.twilio_phone_number}
                  className="space-y-3"
                  data-testid="admin-agent"
                >
                  <dl className="grid gap-4 sm:grid-cols-2">
                    <Field label="Company">{agent.company_name}</Field>
                    <Field label="Contact email">{agent.contact_email}</Field>
                    <Field label="Phone" wrap={Boolean(agent.number_released_at)}>
                      {formatPhoneNumber(agent.twilio_phone_number)}
                      {agent.number_released_at ? (
                        <span
                          className="block text-sm font-normal text-amber-800"
                          data-testid="admin-number-released"
                        >
                          Released on{' '}
                          {new Date(agent.number_released_at).toLocaleDateString('en-US', {
                            month: 'short',
                            day: 'numeric',
                            year: 'numeric',
                          })}
                          , 30 days after the subscription ended
                        </span>
                      ) : null}
                    </Field>
                    <Field label="Documents">{agent.document_count}</Field>
                  </dl>
                  <ConfirmDeleteDialog
                    trigger={
                      <Button
                        variant="outline"
                        size="sm"
                        className="border-red-200 text-red-700 hover:bg-red-50"
                      >
                        <Phone aria-hidden="true" className="size-4" />
                        {agents.length > 1
                          ? `Delete ${formatPhoneNumber(agent.twilio_phone_number)}`
                          : 'Delete Phone Number'}
                      </Button>
                    }
                    title="Delete Phone Number?"
                    description={
                      <p>
                        The number {formatPhoneNumber(agent.twilio_phone_number)} is released back to the
                        telephony provider and the agent configuration of {label} is removed. Call history is
                        kept.
                      </p>
                    }
                    confirmLabel="Delete Phone Number"
                    busyLabel="Deleting..."
                    onConfirm={() => onDeletePhone(agents.length > 1 ? agent.id : undefined)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink-500">No agent configured</p>
          )}
        </Section>

        <Section icon={PhoneCall} title="Recent Calls">
          {calls.length === 0 ? (
            <p className="text-sm text-ink-500">No calls yet</p>
          ) : (
            <ul
              className="divide-y divide-ink-100 rounded-lg border border-ink-100"
              aria-label="Recent calls"
            >
              {calls.map((call) => (
                <li key={call.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="font-medium text-ink-900">{formatPhoneNumber(call.phone_number)}</span>
                  <span className="text-xs text-ink-500">{formatDateTime(call.created_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <section className="space-y-3 rounded-xl border border-red-200 bg-red-50/60 p-4">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-red-800">
            <AlertTriangle aria-hidden="true" className="size-4" />
            Danger Zone
          </h3>
          <p className="text-sm text-red-700">
            Deleting an account removes the user and all of their data. This cannot be undone.
          </p>
          {isSelf ? (
            <p className="text-sm text-red-700">You cannot delete your own admin account.</p>
          ) : (
            <ConfirmDeleteDialog
              trigger={
                <Button variant="destructive" size="sm">
                  <UserX aria-hidden="true" className="size-4" />
                  Delete User Account
                </Button>
              }
              title="Delete User Account?"
              description={
                <>
                  <p>
                    This permanently deletes <strong className="text-ink-800">{user.email}</strong> and all of
                    their data, including subscriptions, phone numbers and call logs.
                  </p>
                  <p className="font-medium text-red-700">This action cannot be undone.</p>
                </>
              }
              confirmLabel="Delete User Account"
              busyLabel="Deleting..."
              onConfirm={onDeleteUser}
            />
          )}
        </section>
      </CardContent>
    </Card>
  );
}
