/**
 * Agent configuration: rent a phone number, save the company details, ingest the documents; show it; delete it.
 *
 * Order of `configureAgent` (nothing half-saved, no number bought for nothing):
 *   subscription -> field validation -> documents extracted and split (bad files refuse the whole request)
 *   -> number still free in our database -> rent it at the provider -> one transaction (configuration +
 *   documents + passages) -> release the old number when the owner chose another one.
 * When the transaction fails (e.g. someone else saved the same number a moment earlier: unique constraint on
 * agent_configs.twilio_phone_number) the number just rented is released again and the new blobs are removed.
 *
 * This feature uses the knowledge feature's ingestion pipeline (one pipeline for every upload); see ADR 030.
 */
import type { FastifyBaseLogger } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AppDeps } from '../../app-deps.ts';
import { randomUUID } from 'node:crypto';
import { documentReading, type DocumentReading } from '../../accounts/document-reading.ts';
import { resolveAgent, type AgentRef } from '../../accounts/agent-scope.ts';
import { isPlanId, PLANS } from '../../../shared/plans.ts';
import { publicBaseUrl } from '../../env.ts';
import { lockAccount, refreshAgentStatus } from '../../entitlements/minutes.ts';
import {
  findActiveSubscription,
  findNumberHolds,
  findNumbersPastGrace,
  type NumberHold,
  type Subscription,
} from '../../entitlements/subscriptions.ts';
import { AppError, ProviderError } from '../../lib/errors.ts';
import { NumberUnavailableError, type RentedNumber } from '../../providers/telephony/telephony.ts';
import {
  assertDocumentLimit,
  listKnowledgeDocuments,
  prepareDocuments,
  removeAllKnowledge,
  storePreparedDocuments,
  type KnowledgeDocument,
  type UploadedFile,
} from '../knowledge/knowledge.service.ts';
import * as repo from './agents.repository.ts';
import type { AgentConfig } from './agents.repository.ts';

export type { AgentConfig };

/**
 * Hook points for the hosted voice agent (issue 4 part B), wired in `features/index.ts` so features stay
 * independent. Each runs with the configuration as it is at that moment.
 */
export interface AgentConfigHooks {
  /**
   * Called by DELETE /agent/config before anything is removed; must delete the hosted agent (ElevenLabs or
   * local) of this configuration. Throwing aborts the deletion (nothing is released or deleted).
   */
  deleteHostedAgent?: (config: AgentConfig) => Promise<void>;
  /**
   * Called after POST /agent/configure committed (first save or update). `previous` is undefined on the
   * first save. Failures are logged, not shown: the configuration is saved.
   */
  afterConfigSaved?: (config: AgentConfig, previous: AgentConfig | undefined) => Promise<void>;
}

export interface ConfigureInput {
  company_name?: string | undefined;
  contact_email?: string | undefined;
  twilio_phone_number?: string | undefined;
  transfer_phone_number?: string | undefined;
}

export const SUBSCRIPTION_REQUIRED = 'An active subscription is required to configure an agent';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** "+1 (415) 555-2671" or "415 555 2671" (US by default) -> "+14155552671"; 422 when it is not a phone number. */
export function normaliseTransferNumber(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  const phone = parsePhoneNumberFromString(value, 'US');
  if (!phone || !phone.isValid()) {
    throw new AppError(
      'validation',
      `The transfer phone number "${value.slice(0, 40)}" is not a valid phone number. Enter a full number, e.g. +1 415 555 2671.`,
    );
  }
  return phone.number;
}

function numberTakenError(phoneNumber: string): AppError {
  return new AppError(
    'conflict',
    `The phone number ${phoneNumber} was just taken by someone else. Please choose another number.`,
  );
}

function validate(input: ConfigureInput) {
  const companyName = input.company_name?.trim() ?? '';
  if (companyName === '') throw new AppError('validation', 'Company name is required');
  if (companyName.length > 200)
    throw new AppError('validation', 'Company name is too long (200 characters at most)');
  const contactEmail = input.contact_email?.trim() ?? '';
  if (contactEmail === '') throw new AppError('validation', 'Contact email is required');
  if (!EMAIL.test(contactEmail) || contactEmail.length > 254) {
    throw new AppError('validation', 'Please enter a valid contact email');
  }
  const phoneNumber = input.twilio_phone_number?.replace(/[\s()-]/g, '') ?? '';
  if (phoneNumber === '') throw new AppError('validation', 'Please choose a phone number');
  if (!E164.test(phoneNumber)) throw new AppError('validation', 'Please choose a phone number from the list');
  const transferPhoneNumber = normaliseTransferNumber(input.transfer_phone_number);
  return { companyName, contactEmail, phoneNumber, transferPhoneNumber };
}

async function releaseQuietly(
  deps: AppDeps,
  log: FastifyBaseLogger,
  number: { phoneNumber: string; providerId: string | null },
  why: string,
): Promise<void> {
  try {
    await deps.providers.telephony.releaseNumber(number);
  } catch (error) {
    // The number stays rented at the provider for now: queue it, retryNumberReleases() tries again.
    log.error({ err: error, providerId: number.providerId, why }, 'could not release a phone number');
    await repo.queueNumberRelease(deps.db, {
      phoneNumber: number.phoneNumber,
      providerId: number.providerId,
      reason: why,
      error: (error as Error).message,
      now: deps.clock.now(),
    });
  }
}

const RELEASE_RETRY_BASE_MS = 5 * 60_000;
const RELEASE_RETRY_MAX_MS = 6 * 60 * 60_000;

/**
 * Retries numbers whose release failed earlier (backing off up to 6 hours between attempts), so nobody keeps
 * paying for a number no agent uses. Safe on several instances: each release is leased to one of them.
 */
export async function retryNumberReleases(deps: AppDeps, log: FastifyBaseLogger): Promise<number> {
  const now = deps.clock.now();
  let released = 0;
  for (const pending of await repo.claimDueNumberReleases(deps.db, now, RELEASE_RETRY_BASE_MS, 20)) {
    try {
      await deps.providers.telephony.releaseNumber(pending);
      await repo.finishNumberRelease(deps.db, pending.phoneNumber);
      released += 1;
    } catch (error) {
      const wait = Math.min(RELEASE_RETRY_MAX_MS, RELEASE_RETRY_BASE_MS * 2 ** (pending.attempts - 1));
      log.warn({ err: error, providerId: pending.providerId }, 'releasing a phone number failed again');
      await repo.postponeNumberRelease(
        deps.db,
        pending.phoneNumber,
        (error as Error).message,
        new Date(now.getTime() + wait),
      );
    }
  }
  return released;
}

const GRACE_RELEASE_BATCH = 50;

/**
 * Releases the numbers of accounts whose grace period is over (ADR 020 addendum): the last subscription ended more
 * than NUMBER_GRACE_DAYS ago and the owner did not subscribe again. Every number of the account goes (one per agent,
 * ADR 044 addendum): the grace is the account's. Exactly once across instances: under the account's lock (the lock
 * a new subscription takes too) the grace is checked again and the numbers marked released by a conditional update,
 * each with a release queued in pending_number_releases due only after a retry's lease; then the instance that
 * marked them releases them at the provider and drops the queued rows. A release that fails, or an instance that
 * stops in between, is finished by retryNumberReleases. Returns how many numbers were released.
 */
export async function releaseNumbersAfterGrace(deps: AppDeps, log: FastifyBaseLogger): Promise<number> {
  let released = 0;
  for (const userId of await findNumbersPastGrace(deps.db, deps.clock.now(), GRACE_RELEASE_BATCH)) {
    const now = deps.clock.now();
    const numbers = await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, userId);
      const holds = await findNumberHolds(trx, userId, now);
      // Subscribed again meanwhile: nothing is past its grace any more.
      if (!holds.some((hold) => hold.releasedAt === null && hold.releaseAt <= now)) return [];
      const marked = await repo.markNumbersReleased(trx, userId, now); // empty: another instance got there first
      for (const number of marked) {
        await repo.queueNumberRelease(trx, {
          ...number,
          reason: 'grace period over',
          error: null,
          now: new Date(now.getTime() + RELEASE_RETRY_BASE_MS),
        });
      }
      if (marked.length > 0) await refreshAgentStatus(trx, userId, now);
      return marked;
    });
    for (const number of numbers) {
      try {
        await deps.providers.telephony.releaseNumber(number);
        await repo.finishNumberRelease(deps.db, number.phoneNumber);
      } catch (error) {
        log.warn(
          { err: error, providerId: number.providerId },
          'releasing a number after its grace period failed',
        );
        await repo.postponeNumberRelease(
          deps.db,
          number.phoneNumber,
          (error as Error).message,
          new Date(now.getTime() + RELEASE_RETRY_BASE_MS),
        );
      }
      log.info({ userId, phoneNumber: number.phoneNumber }, 'number released after the grace period');
      released += 1;
    }
  }
  return released;
}

/** How many phone numbers (agents) a plan allows (SPEC section 9); an unknown plan allows one. */
export function numbersAllowed(plan: string): number {
  return isPlanId(plan) ? PLANS[plan].phoneNumbers : 1;
}

/** The subscription fields the number limit depends on. */
type Limited = Pick<Subscription, 'plan' | 'scheduledPlan'>;

/**
 * How many numbers the subscription allows now: its plan's, or fewer when a downgrade is scheduled for the renewal
 * (a number added now would have to be released then; ADR 044 addendum).
 */
export function numberLimit(subscription: Limited): number {
  const allowed = numbersAllowed(subscription.plan);
  return subscription.scheduledPlan ? Math.min(allowed, numbersAllowed(subscription.scheduledPlan)) : allowed;
}

/** The refusal of a number past the limit: names the plan (or the scheduled plan) and its limit (ADR 044). */
export function numberLimitError(subscription: Limited): AppError {
  const limit = numberLimit(subscription);
  const numbers = `${limit} phone number${limit === 1 ? '' : 's'}`;
  const scheduled = subscription.scheduledPlan;
  if (scheduled && limit < numbersAllowed(subscription.plan)) {
    const name = isPlanId(scheduled) ? PLANS[scheduled].name : scheduled;
    return new AppError(
      'forbidden',
      `Your plan changes to ${name} at the renewal, which includes ${numbers}, and you have ${limit} already. ` +
        'Undo the plan change on Billing to add more numbers.',
    );
  }
  const name = isPlanId(subscription.plan) ? PLANS[subscription.plan].name : subscription.plan;
  const more = Object.values(PLANS).find((p) => p.phoneNumbers > limit && p.billing === 'monthly');
  return new AppError(
    'forbidden',
    `Your ${name} plan includes ${numbers}, and you have ${limit} already.` +
      (more ? ` Upgrade to ${more.name} for up to ${more.phoneNumbers} numbers.` : ''),
  );
}

/** How many numbers the account holds: its agents, less those whose number was released after a grace period. */
export async function heldNumbers(db: AppDeps['db'], userId: string): Promise<number> {
  return (await repo.findAgentConfigs(db, userId)).filter((c) => c.numberReleasedAt === null).length;
}

/** Which agent a save acts on: `add` a new one, else the one named (or the account's only one, or the first). */
export interface ConfigureTarget {
  agentId?: string | undefined;
  add?: boolean;
}

/**
 * POST /agent/configure: first configuration or update (details, number, more documents) of the account's agent
 * (the one named by agent_id when there are several). POST /agents (`target.add`): another number, up to the
 * plan's limit (ADR 044).
 */
export async function configureAgent(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: string,
  input: ConfigureInput,
  files: UploadedFile[],
  hooks: AgentConfigHooks = {},
  target: ConfigureTarget = {},
): Promise<AgentConfig> {
  const { db, clock, providers } = deps;
  const subscription = await findActiveSubscription(db, userId, clock.now());
  if (!subscription) {
    throw new AppError('forbidden', SUBSCRIPTION_REQUIRED);
  }
  const existing = target.add ? undefined : await resolveAgent(db, userId, target.agentId);
  const previous = existing ? await repo.findAgentConfig(db, existing.agentId) : undefined;
  // A number released after the grace period is rented again, even the same one.
  const held = previous && previous.numberReleasedAt === null ? previous : undefined;
  // The plan limits the numbers held (ADR 044 addendum): a new agent, or one whose number was released, takes one
  // more. Past the limit it is refused before anything is read, rented or stored.
  const takesANumber = held === undefined;
  if (takesANumber && (await heldNumbers(db, userId)) >= numberLimit(subscription)) {
    throw numberLimitError(subscription);
  }
  const details = validate(input);
  const prepared = await prepareDocuments(files);
  const agent: AgentRef = { userId, agentId: previous?.id ?? randomUUID() };
  if (previous) await assertDocumentLimit(db, agent, prepared);

  const numberChanged = held?.phoneNumber !== details.phoneNumber;
  let rented: RentedNumber | undefined;
  if (numberChanged) {
    const holder = await repo.findPhoneNumberHolder(db, details.phoneNumber);
    if (holder !== undefined) throw numberTakenError(details.phoneNumber);
    const base = publicBaseUrl(deps.env);
    try {
      rented = await providers.telephony.rentNumber({
        phoneNumber: details.phoneNumber,
        voiceUrl: `${base}/api/twilio/voice`,
        statusCallbackUrl: `${base}/api/twilio/status`,
      });
    } catch (error) {
      if (error instanceof NumberUnavailableError) throw numberTakenError(details.phoneNumber);
      if (error instanceof ProviderError) {
        log.error({ err: error }, 'renting a phone number failed');
        throw new AppError(
          'provider_unavailable',
          'The telephony provider could not rent this phone number right now. Please try again.',
        );
      }
      throw error;
    }
  }

  const values: repo.AgentDetails = {
    ...details,
    phoneProviderId: rented ? rented.providerId : (held?.phoneProviderId ?? null),
  };
  let saved: AgentConfig | undefined;
  try {
    await storePreparedDocuments(deps, agent, prepared, {
      inTransaction: async (trx) => {
        const now = clock.now();
        if (takesANumber && (await repo.countHeldNumbersLocked(trx, userId)) >= numberLimit(subscription)) {
          throw numberLimitError(subscription);
        }
        saved = previous
          ? await repo.updateAgentDetails(trx, agent, values, now)
          : await repo.insertAgentConfig(trx, agent, values, now);
        if (!saved)
          throw new AppError(
            'conflict',
            'Your configuration changed meanwhile. Please reload and try again.',
          );
      },
    });
  } catch (error) {
    if (rented) await releaseQuietly(deps, log, rented, 'configuration not saved');
    if (repo.isPhoneNumberConflict(error)) throw numberTakenError(details.phoneNumber);
    throw error;
  }
  if (held && numberChanged) {
    await releaseQuietly(
      deps,
      log,
      { phoneNumber: held.phoneNumber, providerId: held.phoneProviderId },
      'owner chose another number',
    );
  }
  const config = (await repo.findAgentConfig(db, agent.agentId)) ?? saved!;
  if (hooks.afterConfigSaved) {
    await hooks.afterConfigSaved(config, previous).catch((error: unknown) => {
      log.error({ err: error }, 'afterConfigSaved hook failed');
    });
  }
  return config;
}

export interface AgentConfigView {
  config: AgentConfig;
  documents: KnowledgeDocument[];
  reading: DocumentReading;
  /** This agent's number kept after the subscription ended, or released since (ADR 020 addendum). */
  numberHold: NumberHold | undefined;
}

/** GET /agent/config: one agent's configuration with its documents, or undefined. */
export async function findAgentConfigView(
  deps: AppDeps,
  agentId: string,
): Promise<AgentConfigView | undefined> {
  const config = await repo.findAgentConfig(deps.db, agentId);
  if (!config) return undefined;
  return viewOf(deps, config);
}

async function viewOf(deps: AppDeps, config: AgentConfig): Promise<AgentConfigView> {
  const agent = { userId: config.userId, agentId: config.id };
  const [documents, reading, holds] = await Promise.all([
    listKnowledgeDocuments(deps, agent, { requireAgent: false }),
    documentReading(deps.db, agent),
    findNumberHolds(deps.db, config.userId, deps.clock.now(), config.id),
  ]);
  return { config, documents, reading, numberHold: holds[0] };
}

/** GET /agents: every agent of the account, oldest first, with its documents. */
export async function listAgentViews(deps: AppDeps, userId: string): Promise<AgentConfigView[]> {
  const configs = await repo.findAgentConfigs(deps.db, userId);
  return Promise.all(configs.map((config) => viewOf(deps, config)));
}

/**
 * DELETE /agent/config: hosted agent (hook) -> phone number back to the provider -> documents, passages and
 * configuration in one transaction -> blobs. Call history stays (calls belong to the account; their agent_id turns null).
 */
export async function deleteAgentConfiguration(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: string,
  hooks: AgentConfigHooks = {},
  agentId?: string,
): Promise<AgentConfig> {
  const ref = await resolveAgent(deps.db, userId, agentId);
  const config = ref ? await repo.findAgentConfig(deps.db, ref.agentId) : undefined;
  if (!ref || !config) throw new AppError('not_found', 'No configuration found');
  if (hooks.deleteHostedAgent) await hooks.deleteHostedAgent(config);
  try {
    // A number released after the grace period is given back already (and may be someone else's now).
    if (config.numberReleasedAt === null) {
      await deps.providers.telephony.releaseNumber({
        phoneNumber: config.phoneNumber,
        providerId: config.phoneProviderId,
      });
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.error({ err: error }, 'releasing a phone number failed');
    throw new AppError(
      'provider_unavailable',
      'The telephony provider could not release the phone number right now. Please try again.',
    );
  }
  const cleanUp = await deps.db.transaction().execute(async (trx) => {
    const removed = await removeAllKnowledge(trx, deps, ref);
    await repo.deleteAgentConfig(trx, ref);
    return removed.cleanUp;
  });
  await cleanUp();
  return config;
}
