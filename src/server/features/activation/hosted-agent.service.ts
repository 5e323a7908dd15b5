/**
 * Keeps the hosted agent (ElevenLabs, when configured) in step with the configuration:
 * - `syncHostedAgentKnowledge(deps, agent)` (one agent of the account, ADR 044): uploads new documents, removes deleted ones, updates the agent
 *   (prompt, first message, transfer tool, knowledge) and reconnects the number when it changed. Call it after
 *   any knowledge-base or configuration change. A no-op for the local runtime (it reads the passages itself)
 *   and before activation. A failed sync is retried by `retryHostedAgentSyncs` until it goes through.
 * - `deleteHostedAgent(deps, agent)`: deletes the hosted agent, its imported number and documents, and clears
 *   the activation (voice, agent id, status inactive). Call it before deleting a configuration.
 * Both are wired to the agents and knowledge features in `features/index.ts` (features never import each other).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AgentRef } from '../../accounts/agent-scope.ts';
import type { AppDeps } from '../../app-deps.ts';
import { LeaseBusyError, withLease } from '../../db/leases.ts';
import { AppError, ProviderError } from '../../lib/errors.ts';
import type { AgentDefinition, KnowledgeFile } from '../../providers/hosted-agents/hosted-agents.ts';
import * as repo from './activation.repository.ts';
import type { ActivationConfig, HostedAgentState, StoredDocument } from './activation.repository.ts';

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain',
};

export function firstMessage(companyName: string): string {
  return `Thanks for calling ${companyName}, how can I help you today?`;
}

/** The hosted agent's instructions, from the configuration (same rules as our own call runtime). */
export function agentPrompt(
  config: Pick<ActivationConfig, 'companyName' | 'contactEmail' | 'transferPhoneNumber'>,
) {
  const escalation = config.transferPhoneNumber
    ? 'use the transfer_to_number tool to transfer the call to a member of the team'
    : `offer to take a message with the caller's name, number and question; the team (${config.contactEmail}) will call back`;
  return [
    `You are the friendly phone receptionist of ${config.companyName}. You answer calls around the clock.`,
    'Answer only from the knowledge base documents of the business. Keep answers short and spoken: one to three sentences, no lists, no markdown, no web addresses.',
    'Never invent prices, opening hours, policies or availability that are not in the documents.',
    `When the caller asks for a person, or the documents have nothing relevant to the question, say so and ${escalation}.`,
    'End the call politely with the end_call tool when the caller has nothing more to ask.',
  ].join('\n');
}

export function agentDefinition(
  config: ActivationConfig,
  voiceId: string,
  knowledge: HostedAgentState['documents'],
): AgentDefinition {
  return {
    name: `${config.companyName} reception`.slice(0, 120),
    prompt: agentPrompt(config),
    firstMessage: firstMessage(config.companyName),
    voiceId,
    transferNumber: config.transferPhoneNumber,
    knowledge: knowledge.map((d) => ({ providerDocumentId: d.providerDocumentId, name: d.name })),
  };
}

async function readFile(deps: AppDeps, document: StoredDocument): Promise<KnowledgeFile> {
  return {
    name: document.name,
    contentType: CONTENT_TYPES[document.kind] ?? 'application/octet-stream',
    data: await deps.providers.blobs.get(document.blobKey),
  };
}

/**
 * Makes the provider's knowledge match the documents table: uploads what is new, deletes what is gone.
 * Returns the documents now uploaded. Uploaded ids are recorded on each document row as well.
 */
export async function reconcileDocuments(
  deps: AppDeps,
  agent: AgentRef,
  uploaded: HostedAgentState['documents'],
): Promise<{ documents: HostedAgentState['documents']; removed: string[] }> {
  const hosted = deps.providers.hostedAgents;
  const current = await repo.findDocuments(deps.db, agent);
  const byDocument = new Map(uploaded.map((d) => [d.documentId, d]));
  const documents: HostedAgentState['documents'] = [];
  for (const document of current) {
    const existing = byDocument.get(document.id);
    if (existing) {
      documents.push(existing);
      continue;
    }
    const providerDocumentId = await hosted.uploadDocument(await readFile(deps, document));
    await repo.setProviderDocumentId(deps.db, agent, document.id, providerDocumentId);
    documents.push({ documentId: document.id, providerDocumentId, name: document.name });
  }
  const keep = new Set(documents.map((d) => d.providerDocumentId));
  const removed = uploaded.filter((d) => !keep.has(d.providerDocumentId)).map((d) => d.providerDocumentId);
  return { documents, removed };
}

/**
 * One change to an agent's hosted agent at a time (one hosted agent per number, ADR 044), across every server instance (a database lease): two
 * activations racing would create two agents, two uploads racing would upload a document twice.
 */
export async function serializePerUser<T>(deps: AppDeps, agent: AgentRef, fn: () => Promise<T>): Promise<T> {
  try {
    return await withLease(deps.db, `hosted-agent:${agent.agentId}`, fn);
  } catch (error) {
    if (error instanceof LeaseBusyError) {
      throw new AppError(
        'conflict',
        'Your AI voice agent is still being updated. Please try again in a minute.',
      );
    }
    throw error;
  }
}

export function providerUnavailable(): AppError {
  return new AppError(
    'provider_unavailable',
    'The voice agent provider is unavailable right now. Please try again in a few minutes.',
  );
}

/**
 * See the file comment. Exported for the agents and knowledge features (wired in features/index.ts). When it
 * fails (provider down, another change still running), the account is marked out of step and
 * retryHostedAgentSyncs tries again later; the error still reaches the caller, which logs it.
 */
export async function syncHostedAgentKnowledge(deps: AppDeps, agent: AgentRef): Promise<void> {
  try {
    await serializePerUser(deps, agent, async () => {
      await syncNow(deps, agent);
      // Cleared inside the lease, after a sync that saw every document so far; a failure marked a moment
      // later only causes one more (harmless) retry.
      await repo.clearHostedSyncPending(deps.db, agent);
    });
  } catch (error) {
    await repo.markHostedSyncPending(deps.db, agent, deps.clock.now());
    throw error;
  }
}

/**
 * Retries the syncs that failed (every 5 minutes, ADR 005), so a document uploaded while the provider was down
 * still reaches the hosted agent. Safe on several instances: each sync holds the account's lease.
 */
export async function retryHostedAgentSyncs(deps: AppDeps, log: FastifyBaseLogger): Promise<number> {
  let synced = 0;
  for (const agent of await repo.findPendingHostedSyncs(deps.db, 20)) {
    try {
      await syncHostedAgentKnowledge(deps, agent);
      synced += 1;
    } catch (error) {
      log.warn({ err: error, agentId: agent.agentId }, 'keeping the hosted agent in step failed again');
    }
  }
  return synced;
}

/** Moves the hosted agent to the configuration's number when the owner picked another one. */
export async function reconnectNumber(
  deps: AppDeps,
  config: ActivationConfig,
  state: HostedAgentState,
): Promise<Pick<HostedAgentState, 'phoneNumberId' | 'phoneNumber'>> {
  if (state.phoneNumber === config.phoneNumber) {
    return { phoneNumberId: state.phoneNumberId, phoneNumber: state.phoneNumber };
  }
  const hosted = deps.providers.hostedAgents;
  if (state.phoneNumberId) await hosted.disconnectPhoneNumber(state.phoneNumberId);
  const phoneNumberId = await hosted.connectPhoneNumber({
    phoneNumber: config.phoneNumber,
    label: config.companyName,
    agentId: state.agentId,
  });
  return { phoneNumberId, phoneNumber: phoneNumberId ? config.phoneNumber : null };
}

async function syncNow(deps: AppDeps, agent: AgentRef): Promise<void> {
  const config = await repo.findActivationConfig(deps.db, agent);
  const state = config?.hosted;
  if (!config || !state || state.provider !== 'elevenlabs' || !config.voiceId) return;
  const hosted = deps.providers.hostedAgents;
  if (hosted.kind !== 'elevenlabs') return;
  try {
    const { documents, removed } = await reconcileDocuments(deps, agent, state.documents);
    await hosted.updateAgent(state.agentId, agentDefinition(config, config.voiceId, documents));
    // Deleted only once the agent no longer lists them.
    for (const id of removed) await hosted.deleteDocument(id);
    const number = await reconnectNumber(deps, config, state);
    await repo.saveHostedState(deps.db, config.id, { ...state, documents, ...number }, deps.clock.now());
  } catch (error) {
    if (error instanceof ProviderError) throw providerUnavailable();
    throw error;
  }
}

/** See the file comment. Exported for the agents feature (DELETE /agent/config, wired in features/index.ts). */
export async function deleteHostedAgent(deps: AppDeps, agent: AgentRef): Promise<void> {
  await serializePerUser(deps, agent, async () => {
    const config = await repo.findActivationConfig(deps.db, agent);
    if (!config) return;
    const state = config.hosted;
    const hosted = deps.providers.hostedAgents;
    if (state?.provider === 'elevenlabs' && hosted.kind === 'elevenlabs') {
      try {
        if (state.phoneNumberId) await hosted.disconnectPhoneNumber(state.phoneNumberId);
        await hosted.deleteAgent(state.agentId);
        for (const document of state.documents) await hosted.deleteDocument(document.providerDocumentId);
      } catch (error) {
        if (error instanceof ProviderError) throw providerUnavailable();
        throw error;
      }
    }
    await repo.clearActivation(deps.db, config.id, deps.clock.now());
  });
}
