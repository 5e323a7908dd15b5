import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app.ts';
import { AppError, ProviderError } from '../lib/errors.ts';
import * as repo from './accounts.repository.ts';

/**
 * Cross-feature account operations (deleting an account, giving back its phone number). They touch rows
 * and providers that several features own, so they live here rather than in one feature: the admin
 * feature calls them, and features never import each other (docs/decisions/050-admin.md).
 */

/**
 * Gives the account's number back to the telephony provider and removes its agent configuration.
 * Returns null when the account has no configuration. The provider is called first: releasing is
 * idempotent, so a failure (ProviderError -> 502) leaves the configuration in place to retry.
 */
export async function removeUserAgentConfiguration(
  deps: AppDeps,
  userId: string,
): Promise<{ phoneNumber: string } | null> {
  const agent = await repo.findAgentNumber(deps.db, userId);
  if (!agent) return null;
  await releaseProviderResources(deps, agent);
  const removed = await repo.deleteAgentConfig(deps.db, userId);
  return removed ? { phoneNumber: agent.phoneNumber } : null;
}

/**
 * Deletes an account and everything of it. Provider resources that cost money or answer calls (the
 * hosted agent, the phone number) go first, idempotently; then every row in one transaction; then the
 * document files, best effort (an orphaned file is harmless, a row pointing at a missing file is not).
 */
export async function deleteUserAccount(
  deps: AppDeps,
  userId: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const email = await repo.findUserEmail(deps.db, userId);
  if (!email) return;
  // A recurring charge must not outlive the account.
  for (const subscriptionId of await repo.findProviderSubscriptionIds(deps.db, userId)) {
    await deps.providers.payments.cancelSubscription(subscriptionId);
  }
  const agent = await repo.findAgentNumber(deps.db, userId);
  if (agent) await releaseProviderResources(deps, agent);
  const blobKeys = await repo.findDocumentBlobKeys(deps.db, userId);
  const addresses = [...new Set([email, agent?.contactEmail].filter((a): a is string => Boolean(a)))];
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteAccountRows(trx, userId, { outboxAddresses: addresses });
  });
  await deleteBlobs(deps, blobKeys, log);
}

async function releaseProviderResources(deps: AppDeps, agent: repo.AgentNumber): Promise<void> {
  try {
    await deps.providers.telephony.releaseNumber({
      phoneNumber: agent.phoneNumber,
      providerId: agent.providerId,
    });
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new AppError(
        'provider_unavailable',
        'The phone provider could not release the number right now. Nothing was deleted; please try again.',
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
