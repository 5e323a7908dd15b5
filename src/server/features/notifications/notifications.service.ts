import type { AppDeps } from '../../app-deps.ts';
import { findActiveSubscription } from '../../entitlements/subscriptions.ts';
import { isPlanId, PLANS } from '../../../shared/plans.ts';
import { createEmailSender, type EmailSender } from './email-sender.ts';
import { renderEscalationAlert, type EscalationAlertInput } from './escalation-alert.ts';

export type AlertResult = 'queued' | 'duplicate' | 'not_on_plan';

export interface Notifications {
  sender: EmailSender;
  /** Emails the contact address about an escalated call, once per call, when the live plan includes alerts. */
  alertEscalation(input: EscalationAlertInput): Promise<AlertResult>;
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
  };
}

type EmailSenderLog = Parameters<typeof createEmailSender>[0]['log'];
