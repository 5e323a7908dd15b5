import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { lockAccount } from '../entitlements/minutes.ts';
import { AppError, ProviderError } from '../lib/errors.ts';
import { forgetSessions } from '../lib/security.ts';
import * as repo from './accounts.repository.ts';

/**
 * Cross-feature account operations. Deleting an account touches rows and providers that several features
 * own (billing, agents, knowledge, calls, activation), so it lives here rather than in one feature; the
 * admin feature calls it. Feature logic it needs (the hosted agent) comes in as a hook wired in
 * `features/index.ts`, because features never import each other (docs/decisions/050-admin.md).
 */

export interface DeleteAccountHooks {
  /** Deletes the account's hosted voice agents, if any (activation feature). Throwing aborts the deletion. */
  deleteHostedAgent?: (userId: string) => Promise<void>;
  log?: FastifyBaseLogger;
}

/**
 * Deletes an account and everything of it. Provider resources that cost money or answer calls (the
 * hosted agent, the phone number) go first, idempotently; then every row in one transaction; then the
 * document files, best effort (an orphaned file is harmless, a row pointing at a missing file is not).
 */
export async function deleteUserAccount(
  deps: AppDeps,
  userId: string,
  hooks: DeleteAccountHooks = {},
): Promise<void> {
  const email = await repo.findUserEmail(deps.db, userId);
  if (!email) return;
  // A recurring charge must not outlive the account.
  for (const subscriptionId of await repo.findProviderSubscriptionIds(deps.db, userId)) {
    await cancelProviderSubscription(deps, subscriptionId);
  }
  if (hooks.deleteHostedAgent) await hooks.deleteHostedAgent(userId);
  // Every number of the account still held goes back to the provider (ADR 044: one per agent); one released
  // after the grace period is given back already (and may be someone else's now).
  const agents = await repo.findAgentNumbers(deps.db, userId);
  for (const agent of agents) {
    if (agent.phoneNumber) await releaseNumber(deps, { ...agent, phoneNumber: agent.phoneNumber });
  }
  const blobKeys = await repo.findDocumentBlobKeys(deps.db, userId);
  const addresses = [
    ...new Set([email, ...agents.map((a) => a.contactEmail)].filter((a): a is string => Boolean(a))),
  ];
  await deps.db.transaction().execute(async (trx) => {
    // The account's row first, like every change of its money or minutes (lockAccount), before its subscription.
    await lockAccount(trx, userId);
    await repo.deleteAccountRows(trx, userId, { outboxAddresses: addresses });
  });
  forgetSessions(deps, { userId });
  await deleteBlobs(deps, blobKeys, hooks.log);
}

/** Stops a recurring charge at the payment provider; its failure is a 502 the admin can retry. */
export async function cancelProviderSubscription(deps: AppDeps, subscriptionId: string): Promise<void> {
  try {
    await deps.providers.payments.cancelSubscription(subscriptionId);
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new AppError(
        'provider_unavailable',
        'The payment provider could not cancel the subscription right now. Please try again.',
      );
    }
    throw error;
  }
}

/** Stops the discount of a recurring charge at the payment provider; a failure is a 502 the admin can retry. */
export async function removeProviderDiscount(deps: AppDeps, subscriptionId: string): Promise<void> {
  try {
    await deps.providers.payments.removeSubscriptionDiscount(subscriptionId);
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new AppError(
        'provider_unavailable',
        'The payment provider could not remove the discount right now. Please try again.',
      );
    }
    throw error;
  }
}

/** Releasing is idempotent at both providers, so a retry after a later failure is safe. */
async function releaseNumber(
  deps: AppDeps,
  agent: repo.AgentNumber & { phoneNumber: string },
): Promise<void> {
  try {
    await deps.providers.telephony.releaseNumber({
      phoneNumber: agent.phoneNumber,
      providerId: agent.providerId,
    });
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new AppError(
        'provider_unavailable',
        'The telephony provider could not release the phone number right now. Please try again.',
      );
    }
    throw error;
  }
}

async function deleteBlobs(deps: AppDeps, keys: string[], log?: FastifyBaseLogger): Promise<void> {
  for (const key of keys) {
    try {
      await deps.providers.blobs.delete(key);
    } catch (error) {
      // The rows are gone already; a leftover file is only storage. Keep going with the others.
      log?.warn({ err: error, key }, 'account deletion: could not delete a document file');
    }
  }
}
