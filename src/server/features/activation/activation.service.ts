/**
 * POST /agent/create-eleven-labs-agent: the owner picks a voice and the agent goes live.
 * Checks, in order: a voice was chosen -> a configuration exists -> an active subscription -> minutes left ->
 * the voice exists. Then the hosted agent provider takes over:
 * - local: the product's own call runtime answers with that voice; we record a `local_agent_<8 hex>` id.
 * - ElevenLabs: upload the documents, create the agent (prompt, first message, voice, knowledge, transfer
 *   tool), import the Twilio number and assign it. Re-activating (another voice) updates the same agent.
 * Anything created at the provider is removed again when a later step fails.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { getUsage } from '../../entitlements/minutes.ts';
import { findActiveSubscription } from '../../entitlements/subscriptions.ts';
import { resolveAgent } from '../../accounts/agent-scope.ts';
import { AppError, ProviderError } from '../../lib/errors.ts';
import { isLocalAgentId } from '../../providers/hosted-agents/local.ts';
import * as repo from './activation.repository.ts';
import type { HostedAgentState } from './activation.repository.ts';
import {
  agentDefinition,
  providerUnavailable,
  reconcileDocuments,
  reconnectNumber,
  serializePerUser,
} from './hosted-agent.service.ts';

export const ACTIVATED_MESSAGE = 'AI Voice Agent activated! Your phone is now live.';

const noConfiguration = () =>
  new AppError('not_found', 'No configuration found. Please configure your agent first.');

export interface ActivationResult {
  message: string;
  agent_id: string;
  voice_id: string;
  status: 'active';
}

export async function activateAgent(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: string,
  rawVoiceId: string | undefined,
  agentId?: string,
): Promise<ActivationResult> {
  const voiceId = rawVoiceId?.trim() ?? '';
  if (voiceId === '') throw new AppError('validation', 'Please select a voice');
  const now = deps.clock.now();

  // The agent (number) to activate: the one named, else the account's only one (ADR 044).
  const agent = await resolveAgent(deps.db, userId, agentId);
  const config = agent ? await repo.findActivationConfig(deps.db, agent) : undefined;
  if (!agent || !config) throw noConfiguration();
  if (config.numberReleased) {
    throw new AppError(
      'conflict',
      'Your phone number was released after your subscription ended. Choose a new number on Configure first.',
    );
  }
  if (!(await findActiveSubscription(deps.db, userId, now))) {
    throw new AppError(
      'payment_required',
      'An active subscription is required to activate your AI voice agent. Please choose a plan.',
    );
  }
  const usage = await getUsage(deps.db, userId, now);
  if (usage.minutesRemaining <= 0) {
    throw new AppError(
      'payment_required',
      'You have no call minutes left. Please upgrade your plan or buy more minutes to activate your agent.',
    );
  }
  const voice = await deps.providers.voices.findVoice(voiceId).catch((error: unknown) => {
    if (error instanceof ProviderError) throw providerUnavailable();
    throw error;
  });
  if (!voice) throw new AppError('bad_request', 'Unknown voice. Please choose a voice from the list.');

  return serializePerUser(deps, agent, async () => {
    // Re-read inside the lease: an activation or sync that just finished (here or on another instance) has
    // changed the hosted state.
    const current = await repo.findActivationConfig(deps.db, agent);
    if (!current) throw noConfiguration();
    const hosted =
      deps.providers.hostedAgents.kind === 'local'
        ? await activateLocally(deps, current)
        : await activateOnElevenLabs(deps, log, current, voiceId);
    const saved = await repo.saveActivation(
      deps.db,
      current.id,
      { voiceId, voiceName: voice.name, hosted, status: 'active' },
      deps.clock.now(),
    );
    if (!saved) {
      // The configuration was deleted meanwhile: do not leave an agent behind.
      await removeCreated(deps, log, hosted, current.hosted);
      throw noConfiguration();
    }
    await repo.clearHostedSyncPending(deps.db, agent); // activation just brought everything in step
    log.info({ agentId: hosted.agentId, provider: hosted.provider, voiceId }, 'agent activated');
    return { message: ACTIVATED_MESSAGE, agent_id: hosted.agentId, voice_id: voiceId, status: 'active' };
  });
}

async function activateLocally(deps: AppDeps, config: repo.ActivationConfig): Promise<HostedAgentState> {
  // Keep the id of an earlier local activation: choosing another voice is the same agent.
  const agentId = isLocalAgentId(config.agentId)
    ? config.agentId!
    : await deps.providers.hostedAgents.createAgent(agentDefinition(config, '', []));
  return { provider: 'local', agentId, phoneNumberId: null, phoneNumber: null, documents: [] };
}

async function activateOnElevenLabs(
  deps: AppDeps,
  log: FastifyBaseLogger,
  config: repo.ActivationConfig,
  voiceId: string,
): Promise<HostedAgentState> {
  const hosted = deps.providers.hostedAgents;
  const agent = { userId: config.userId, agentId: config.id };
  const previous = config.hosted?.provider === 'elevenlabs' ? config.hosted : null;
  const created: HostedAgentState = {
    provider: 'elevenlabs',
    agentId: '',
    phoneNumberId: null,
    phoneNumber: null,
    documents: [],
  };
  try {
    const { documents, removed } = await reconcileDocuments(deps, agent, previous?.documents ?? []);
    created.documents = documents.filter(
      (d) => !previous?.documents.some((p) => p.providerDocumentId === d.providerDocumentId),
    );
    const definition = agentDefinition(config, voiceId, documents);
    if (previous) {
      await hosted.updateAgent(previous.agentId, definition);
      for (const id of removed) await hosted.deleteDocument(id).catch(() => undefined);
      return { ...previous, documents, ...(await reconnectNumber(deps, config, previous)) };
    }
    created.agentId = await hosted.createAgent(definition);
    created.phoneNumberId = await hosted.connectPhoneNumber({
      phoneNumber: config.phoneNumber,
      label: config.companyName,
      agentId: created.agentId,
    });
    if (!created.phoneNumberId) {
      log.warn('hosted agent created without a phone number: Twilio credentials are not configured');
    }
    return { ...created, phoneNumber: created.phoneNumberId ? config.phoneNumber : null, documents };
  } catch (error) {
    await removeCreated(deps, log, created, previous);
    if (error instanceof ProviderError) {
      log.error({ err: error }, 'hosted agent activation failed');
      throw providerUnavailable();
    }
    throw error;
  }
}

/** Best effort: removes what this activation created at the provider (never what an earlier one made). */
async function removeCreated(
  deps: AppDeps,
  log: FastifyBaseLogger,
  created: HostedAgentState,
  previous: HostedAgentState | null,
): Promise<void> {
  if (created.provider !== 'elevenlabs') return;
  const hosted = deps.providers.hostedAgents;
  const keepAgent = previous?.agentId === created.agentId;
  const keepDocs = new Set(previous?.documents.map((d) => d.providerDocumentId) ?? []);
  try {
    if (created.phoneNumberId && created.phoneNumberId !== previous?.phoneNumberId) {
      await hosted.disconnectPhoneNumber(created.phoneNumberId);
    }
    if (created.agentId && !keepAgent) await hosted.deleteAgent(created.agentId);
    for (const d of created.documents) {
      if (!keepDocs.has(d.providerDocumentId)) await hosted.deleteDocument(d.providerDocumentId);
    }
  } catch (error) {
    log.error({ err: error }, 'could not remove a half-created hosted agent');
  }
}
