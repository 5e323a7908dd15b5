import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import {
  cancelProviderSubscription,
  deleteUserAccount,
  removeProviderDiscount,
} from '../../accounts/accounts.service.ts';
import { getUsage, grantExtraMinutes, lockAccount, refreshAgentStatus } from '../../entitlements/minutes.ts';
import { findOpenSubscription } from '../../entitlements/subscriptions.ts';
import { AppError } from '../../lib/errors.ts';
import type { CurrentUser } from '../../lib/security.ts';
import * as repo from './admin.repository.ts';

export type RevokeAction = 'cancel_immediately' | 'finish_period';

const RECENT_CALLS = 10;
const OUTBOX_LIMIT = 200;

const dollars = (cents: number) => Math.round(cents) / 100;

export async function listUsers(deps: AppDeps) {
  const users = await repo.listUsers(deps.db);
  return {
    users: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      picture: user.picture,
      discount_percent: user.discountPercent,
      created_at: user.createdAt.toISOString(),
    })),
  };
}

async function requireUserRecord(deps: AppDeps, userId: string) {
  const user = await repo.findUser(deps.db, userId);
  if (!user) throw new AppError('not_found', 'User not found');
  return user;
}

function adminAgentDto(agent: repo.AdminAgentConfig) {
  return {
    id: agent.id,
    company_name: agent.companyName,
    contact_email: agent.contactEmail,
    twilio_phone_number: agent.phoneNumber,
    status: agent.status,
    eleven_agent_id: agent.elevenAgentId,
    document_count: agent.documentCount,
    number_released_at: agent.numberReleasedAt?.toISOString() ?? null,
  };
}

export async function getUserDetails(deps: AppDeps, userId: string) {
  const user = await requireUserRecord(deps, userId);
  const now = deps.clock.now();
  const [subscription, agents, calls] = await Promise.all([
    findOpenSubscription(deps.db, userId),
    repo.findAgentConfigs(deps.db, userId),
    repo.findRecentCalls(deps.db, userId, RECENT_CALLS),
  ]);
  const usage = await getUsage(deps.db, userId, now);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      picture: user.picture,
      // SPEC 3: presence of google_id means Google sign-in. We key Google accounts on the OIDC `sub`.
      google_id: user.googleSub,
      auth_method: user.googleSub ? ('google' as const) : ('email' as const),
      has_password: user.hasPassword,
      created_at: user.createdAt.toISOString(),
    },
    subscription: subscription
      ? {
          plan: subscription.plan,
          amount: dollars(subscription.amountCents),
          base_amount: dollars(subscription.baseAmountCents),
          status: subscription.status,
          minutes_used: usage.minutesUsed,
          minutes_limit: usage.minutesLimit,
          minutes_remaining: usage.minutesRemaining,
          percentage_used: usage.percentageUsed,
          extra_minutes: usage.extraBalance,
          discount_percent: subscription.discountPercent,
          discount_type: subscription.discountType,
          discount_source: subscription.discountSource,
          current_period_end: subscription.currentPeriodEnd.toISOString(),
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
        }
      : null,
    extra_minutes: usage.extraBalance,
    // SPEC's one agent_config: the account's first number; `agents` lists every number (ADR 044).
    agent_config: agents[0] ? adminAgentDto(agents[0]) : null,
    agents: agents.map(adminAgentDto),
    recent_calls: calls.map((call) => ({
      id: call.id,
      phone_number: call.phoneNumber,
      created_at: call.createdAt.toISOString(),
      duration: call.durationS,
    })),
  };
}

export async function getDiscountHistory(deps: AppDeps, userId: string) {
  await requireUserRecord(deps, userId);
  const history = await repo.findDiscountHistory(deps.db, userId);
  return {
    history: history.map((entry) => ({
      id: entry.id,
      action: entry.action,
      discount_percent: entry.discountPercent,
      discount_type: entry.discountType,
      discount_source: entry.discountSource,
      revoked_by: entry.revokedBy,
      revoke_reason: entry.revokeReason,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}

export async function getGiftHistory(deps: AppDeps, userId: string) {
  await requireUserRecord(deps, userId);
  const gifts = await repo.findMinuteGifts(deps.db, userId);
  return {
    gifts: gifts.map((gift) => ({
      id: gift.id,
      minutes: gift.minutes,
      gifted_by_email: gift.giftedByEmail,
      note: gift.note,
      created_at: gift.createdAt.toISOString(),
    })),
  };
}

/**
 * Adds gifted minutes to the user's extra balance (never expire) and records who gave them, in one
 * transaction; grantExtraMinutes also reactivates an agent that had stopped at its limit.
 */
export async function giftMinutes(
  deps: AppDeps,
  admin: CurrentUser,
  input: { userId: string; minutes: number; note: string | null },
) {
  const user = await requireUserRecord(deps, input.userId);
  const now = deps.clock.now();
  const usage = await deps.db.transaction().execute(async (trx) => {
    const after = await grantExtraMinutes(trx, {
      userId: user.id,
      minutes: input.minutes,
      source: 'gift',
      note: input.note,
      now,
    });
    await repo.insertMinuteGift(trx, {
      userId: user.id,
      minutes: input.minutes,
      giftedByEmail: admin.email,
      note: input.note,
      now,
    });
    return after;
  });
  return {
    message: `Gifted ${input.minutes.toLocaleString('en-US')} minutes to ${user.email}`,
    minutes_limit: usage.minutesLimit,
    minutes_remaining: usage.minutesRemaining,
  };
}

export async function revokeDiscount(
  deps: AppDeps,
  admin: CurrentUser,
  input: { userId: string; action: RevokeAction },
) {
  const user = await requireUserRecord(deps, input.userId);
  const now = deps.clock.now();
  const current = await findOpenSubscription(deps.db, user.id);
  if (!current || current.discountPercent <= 0)
    throw new AppError('conflict', 'This user has no active discount');
  if (current.providerSubscriptionId) {
    // The provider first: if it fails (502) nothing changed here and the admin can retry.
    if (input.action === 'cancel_immediately') {
      await cancelProviderSubscription(deps, current.providerSubscriptionId);
    } else {
      await removeProviderDiscount(deps, current.providerSubscriptionId);
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    // The account first, like every change of money or minutes (lockAccount): a renewal holds the account and
    // waits for the subscription, so taking the subscription first could deadlock against it.
    await lockAccount(trx, user.id);
    const subscription = await findOpenSubscription(trx, user.id, { lock: true });
    if (!subscription || subscription.discountPercent <= 0) {
      throw new AppError('conflict', 'This user has no active discount');
    }
    if (input.action === 'cancel_immediately') {
      // Ends now: no live subscription means no plan minutes, so the agent stops; a new
      // subscription starts at full price (the coupon was single-use).
      await repo.endSubscription(trx, subscription.id, now);
    } else {
      // The paid period runs to its end; renewals charge the base (full) price.
      await repo.removeSubscriptionDiscount(trx, subscription.id);
    }
    await repo.insertDiscountRevocation(trx, {
      userId: user.id,
      discountPercent: subscription.discountPercent,
      discountType: subscription.discountType,
      discountSource: subscription.discountSource,
      revokedBy: admin.email,
      reason: input.action,
      now,
    });
    await refreshAgentStatus(trx, user.id, now);
  });
  return {
    message:
      input.action === 'cancel_immediately'
        ? `Subscription of ${user.email} cancelled. They must subscribe again at full price.`
        : `Discount removed for ${user.email}. The current period runs to its end, then full price applies.`,
  };
}

/**
 * What the admin needs from other features, wired in `features/index.ts` (features never import each other).
 */
export interface AdminHooks {
  /**
   * The agents feature's DELETE /agent/config for any user: hosted agent, number back to the provider,
   * documents and configuration. Throws not_found 'No configuration found' without one.
   */
  deleteAgentConfiguration: (
    userId: string,
    log: FastifyBaseLogger,
    agentId?: string,
  ) => Promise<{ phoneNumber: string; companyName: string }>;
  /** The activation feature's hosted-agent deletion of every agent of the account (ElevenLabs agents, numbers, documents). */
  deleteHostedAgent?: (userId: string) => Promise<void>;
}

export async function deletePhoneNumber(
  deps: AppDeps,
  hooks: AdminHooks,
  userId: string,
  log: FastifyBaseLogger,
  agentId?: string,
) {
  await requireUserRecord(deps, userId);
  // With several numbers the admin names which one (agent_id); the answer says which was deleted (ADR 044).
  const removed = await hooks.deleteAgentConfiguration(userId, log, agentId);
  return { message: 'Phone number deleted successfully', phone_number: removed.phoneNumber };
}

export async function deleteUser(
  deps: AppDeps,
  hooks: AdminHooks,
  admin: CurrentUser,
  userId: string,
  log: FastifyBaseLogger,
) {
  if (userId === admin.id) throw new AppError('bad_request', 'You cannot delete your own admin account');
  const user = await requireUserRecord(deps, userId);
  await deleteUserAccount(deps, user.id, {
    log,
    ...(hooks.deleteHostedAgent ? { deleteHostedAgent: hooks.deleteHostedAgent } : {}),
  });
  return { message: 'User deleted successfully' };
}

export async function listOutbox(deps: AppDeps) {
  const emails = await repo.listOutbox(deps.db, OUTBOX_LIMIT);
  return {
    smtp_configured: Boolean(deps.env.SMTP_URL),
    emails: emails.map((email) => ({
      id: email.id,
      to: email.to,
      subject: email.subject,
      text: email.text,
      status: email.status,
      attempts: email.attempts,
      last_error: email.lastError,
      sent_at: email.sentAt?.toISOString() ?? null,
      created_at: email.createdAt.toISOString(),
    })),
  };
}
