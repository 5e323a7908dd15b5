import type { AppDeps } from '../../app-deps.ts';
import { findActiveSubscription } from '../../entitlements/subscriptions.ts';
import { isPlanId, PLANS } from '../../../shared/plans.ts';
import { createEmailSender, type EmailSender } from './email-sender.ts';
import { renderEscalationAlert, type EscalationAlertInput } from './escalation-alert.ts';
import { findLiveSubscriptionWithUsage } from '../../entitlements/minutes.ts';
import { publicBaseUrl } from '../../env.ts';
import { findAccountEmail } from './email-outbox.repository.ts';
import { renderMinutesAlert } from './minutes-alert.ts';

export type AlertResult = 'queued' | 'duplicate' | 'not_on_plan';

export interface Notifications {
  sender: EmailSender;
  /** Emails the contact address about an escalated call, once per call, when the live plan includes alerts. */
  alertEscalation(input: EscalationAlertInput): Promise<AlertResult>;
  /**
   * E-mails the account's owner when the minutes used reach 80 % and 100 % of the limit: each once per
   * subscription period (the outbox's dedupe key), on every plan. Returns the thresholds queued now.
   */
  alertMinutesUsage(userId: string): Promise<number[]>;
}

export function createNotifications(deps: AppDeps, log?: EmailSenderLog): Notifications {
  const sender = createEmailSender({ db: deps.db, clock: deps.clock, provider: deps.providers.email, log });
  return {
    sender,
    async alertEscalation(input) {
      const subscription = await findActiveSubscription(deps.db, input.userId, deps.clock.now());
      const plan = subscription && isPlanId(subscription.plan) ? PLANS[subscription.plan] : undefined;
      if (!plan?.emailAlerts) return 'not_on_plan';
      const email = renderEscalationAlert(input);
      const queued = await sender.enqueue({
        dedupeKey: `escalation:${input.callId}`,
        to: input.contactEmail,
        ...email,
      });
      return queued ? 'queued' : 'duplicate';
    },
    async alertMinutesUsage(userId) {
      const live = await findLiveSubscriptionWithUsage(deps.db, userId, deps.clock.now());
      if (!live || live.usage.minutesLimit <= 0) return [];
      const { subscription, usage } = live;
      const used = (usage.minutesUsed / usage.minutesLimit) * 100;
      const crossed = ([80, 100] as const).filter((t) => used >= t);
      if (crossed.length === 0) return [];
      const to = await findAccountEmail(deps.db, userId);
      if (!to) return [];
      const period = `${subscription.id}:${subscription.currentPeriodStart.toISOString()}`;
      const queued: number[] = [];
      for (const threshold of crossed) {
        const email = renderMinutesAlert({
          threshold,
          minutesUsed: usage.minutesUsed,
          minutesLimit: usage.minutesLimit,
          buyUrl: `${publicBaseUrl(deps.env)}/pricing`,
        });
        if (await sender.enqueue({ dedupeKey: `minutes-${threshold}:${period}`, to, ...email }))
          queued.push(threshold);
      }
      return queued;
    },
  };
}

type EmailSenderLog = Parameters<typeof createEmailSender>[0]['log'];
