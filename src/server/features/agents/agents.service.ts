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
import { documentReading, type DocumentReading } from '../../accounts/document-reading.ts';
import { publicBaseUrl } from '../../env.ts';
import { lockAccount, refreshAgentStatus } from '../../entitlements/minutes.ts';
import {
  findActiveSubscription,
  findNumberHold,
  findNumbersPastGrace,
  type NumberHold,
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
 * than NUMBER_GRACE_DAYS ago and the owner did not subscribe again. Exactly once across instances: under the
 * account's lock (the lock a new subscription takes too) the grace is checked again and the number marked released
 * by a conditional update, with a release queued in pending_number_releases due only after a retry's lease; then
 * the instance that marked it releases it at the provider and drops the queued row. A release that fails, or an
 * instance that stops in between, is finished by retryNumberReleases. Returns how many numbers were released.
 */
export async function releaseNumbersAfterGrace(deps: AppDeps, log: FastifyBaseLogger): Promise<number> {
  let released = 0;
  for (const userId of await findNumbersPastGrace(deps.db, deps.clock.now(), GRACE_RELEASE_BATCH)) {
    const now = deps.clock.now();
    const number = await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, userId);
      const hold = await findNumberHold(trx, userId, now);
      if (!hold || hold.releasedAt || hold.releaseAt > now) return undefined; // subscribed again meanwhile
      const marked = await repo.markNumberReleased(trx, userId, now);
      if (!marked) return undefined; // another instance got there first
      await repo.queueNumberRelease(trx, {
        ...marked,
        reason: 'grace period over',
        error: null,
        now: new Date(now.getTime() + RELEASE_RETRY_BASE_MS),
      });
      await refreshAgentStatus(trx, userId, now);
      return marked;
    });
    if (!number) continue;
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
  return released;
}

/** POST /agent/configure: first configuration or update (details, number, more documents). */
export async function configureAgent(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: string,
  input: ConfigureInput,
  files: UploadedFile[],
  hooks: AgentConfigHooks = {},
): Promise<AgentConfig> {
  const { db, clock, providers } = deps;
  if (!(await findActiveSubscription(db, userId, clock.now()))) {
    throw new AppError('forbidden', SUBSCRIPTION_REQUIRED);
  }
  const details = validate(input);
  const prepared = await prepareDocuments(files);
  const previous = await repo.findAgentConfig(db, userId);
  if (previous) await assertDocumentLimit(db, userId, prepared);

  // A number released after the grace period is rented again, even the same one.
  const held = previous && previous.numberReleasedAt === null ? previous : undefined;
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
    await storePreparedDocuments(deps, userId, prepared, {
      inTransaction: async (trx) => {
        const now = clock.now();
        saved = previous
          ? await repo.updateAgentDetails(trx, userId, values, now)
          : await repo.insertAgentConfig(trx, userId, values, now);
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
    if (repo.isOwnerConflict(error)) {
      throw new AppError('conflict', 'Your agent is already being configured. Please reload and try again.');
    }
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
  const config = (await repo.findAgentConfig(db, userId)) ?? saved!;
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
  /** The number kept after the subscription ended, or released since (ADR 020 addendum). */
  numberHold: NumberHold | undefined;
}

/** GET /agent/config: the user's configuration with its documents, or undefined. */
export async function findAgentConfigView(
  deps: AppDeps,
  userId: string,
): Promise<AgentConfigView | undefined> {
  const config = await repo.findAgentConfig(deps.db, userId);
  if (!config) return undefined;
  const [documents, reading, numberHold] = await Promise.all([
    listKnowledgeDocuments(deps, userId, { requireAgent: false }),
    documentReading(deps.db, userId),
    findNumberHold(deps.db, userId, deps.clock.now()),
  ]);
  return { config, documents, reading, numberHold };
}

/**
 * DELETE /agent/config: hosted agent (hook) -> phone number back to the provider -> documents, passages and
 * configuration in one transaction -> blobs. Call history stays (calls belong to the user, not the config).
 */
export async function deleteAgentConfiguration(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: string,
  hooks: AgentConfigHooks = {},
): Promise<AgentConfig> {
  const config = await repo.findAgentConfig(deps.db, userId);
  if (!config) throw new AppError('not_found', 'No configuration found');
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
    const removed = await removeAllKnowledge(trx, deps, userId);
    await repo.deleteAgentConfig(trx, userId);
    return removed.cleanUp;
  });
  await cleanUp();
  return config;
}
