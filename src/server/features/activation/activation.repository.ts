/** Storage of activation state on agent_configs (and the documents it uploads). Kysely stays here. */
import { sql } from 'kysely';
import { hostedAgentId } from '../../accounts/agent-config.ts';
import type { Db } from '../../db/database.ts';
import type { AgentRef } from '../../accounts/agent-scope.ts';

/** What the hosted agent provider holds for this configuration; kept in config_data.hosted_agent. */
export interface HostedAgentState {
  provider: 'elevenlabs' | 'local';
  agentId: string;
  /** The provider's id of the imported phone number, when one was connected. */
  phoneNumberId: string | null;
  /** The number that was connected (to reconnect when the owner picks another number). */
  phoneNumber: string | null;
  documents: { documentId: string; providerDocumentId: string; name: string }[];
}

export interface ActivationConfig {
  id: string;
  userId: string;
  companyName: string;
  contactEmail: string;
  phoneNumber: string;
  transferPhoneNumber: string | null;
  voiceId: string | null;
  agentId: string | null;
  status: string;
  hosted: HostedAgentState | null;
  /** The number was released after the grace period (ADR 020 addendum): nothing to put live until another. */
  numberReleased: boolean;
}

export interface StoredDocument {
  id: string;
  name: string;
  blobKey: string;
  kind: string;
}

function readHosted(configData: Record<string, unknown>): HostedAgentState | null {
  const raw = configData.hosted_agent as Record<string, unknown> | undefined;
  if (!raw || typeof raw !== 'object' || typeof raw.agent_id !== 'string') return null;
  const documents = Array.isArray(raw.documents) ? (raw.documents as Record<string, unknown>[]) : [];
  return {
    provider: raw.provider === 'elevenlabs' ? 'elevenlabs' : 'local',
    agentId: raw.agent_id,
    phoneNumberId: typeof raw.phone_number_id === 'string' ? raw.phone_number_id : null,
    phoneNumber: typeof raw.phone_number === 'string' ? raw.phone_number : null,
    documents: documents
      .filter((d) => typeof d.document_id === 'string' && typeof d.provider_document_id === 'string')
      .map((d) => ({
        documentId: d.document_id as string,
        providerDocumentId: d.provider_document_id as string,
        name: typeof d.name === 'string' ? d.name : '',
      })),
  };
}

function writeHosted(state: HostedAgentState) {
  return {
    provider: state.provider,
    agent_id: state.agentId,
    phone_number_id: state.phoneNumberId,
    phone_number: state.phoneNumber,
    documents: state.documents.map((d) => ({
      document_id: d.documentId,
      provider_document_id: d.providerDocumentId,
      name: d.name,
    })),
  };
}

export async function findActivationConfig(db: Db, agent: AgentRef): Promise<ActivationConfig | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select([
      'id',
      'user_id',
      'company_name',
      'contact_email',
      'twilio_phone_number',
      'transfer_phone_number',
      'voice_id',
      'eleven_agent_id',
      'status',
      'config_data',
      'number_released_at',
    ])
    .where('id', '=', agent.agentId)
    .executeTakeFirst();
  if (!row) return undefined;
  const configData = (row.config_data ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    userId: row.user_id,
    companyName: row.company_name,
    contactEmail: row.contact_email,
    phoneNumber: row.twilio_phone_number,
    transferPhoneNumber: row.transfer_phone_number,
    voiceId: row.voice_id,
    agentId: hostedAgentId(row.eleven_agent_id, configData),
    status: row.status,
    hosted: readHosted(configData),
    numberReleased: row.number_released_at !== null,
  };
}

export async function findDocuments(db: Db, agent: AgentRef): Promise<StoredDocument[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'name', 'blob_key', 'kind'])
    .where('agent_id', '=', agent.agentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, blobKey: r.blob_key, kind: r.kind }));
}

/** Records the hosted agent and the voice; returns false when the configuration no longer exists. */
export async function saveActivation(
  db: Db,
  configId: string,
  input: { voiceId: string; voiceName: string; hosted: HostedAgentState; status: 'active' },
  now: Date,
): Promise<boolean> {
  const patch = {
    eleven_agent_id: input.hosted.agentId,
    voice_id: input.voiceId,
    voice_name: input.voiceName,
    hosted_agent: writeHosted(input.hosted),
  };
  const result = await db
    .updateTable('agent_configs')
    .set({
      voice_id: input.voiceId,
      eleven_agent_id: input.hosted.agentId,
      status: input.status,
      config_data: sql`config_data || ${JSON.stringify(patch)}::jsonb`,
      updated_at: now,
    })
    .where('id', '=', configId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stores the hosted state after a knowledge or number sync (the voice and status are left alone). */
export async function saveHostedState(
  db: Db,
  configId: string,
  hosted: HostedAgentState,
  now: Date,
): Promise<void> {
  const patch = { hosted_agent: writeHosted(hosted) };
  await db
    .updateTable('agent_configs')
    .set({ config_data: sql`config_data || ${JSON.stringify(patch)}::jsonb`, updated_at: now })
    .where('id', '=', configId)
    .execute();
}

/** Marks the hosted agent as out of step with the documents (a sync failed); the first failure's time is kept. */
export async function markHostedSyncPending(db: Db, agent: AgentRef, now: Date): Promise<void> {
  await db
    .updateTable('agent_configs')
    .set({ hosted_sync_pending_since: sql`coalesce(hosted_sync_pending_since, ${now})` })
    .where('id', '=', agent.agentId)
    .execute();
}

export async function clearHostedSyncPending(db: Db, agent: AgentRef): Promise<void> {
  await db
    .updateTable('agent_configs')
    .set({ hosted_sync_pending_since: null })
    .where('id', '=', agent.agentId)
    .where('hosted_sync_pending_since', 'is not', null)
    .execute();
}

/** Accounts whose hosted agent is out of step, longest first. */
export async function findPendingHostedSyncs(db: Db, limit: number): Promise<AgentRef[]> {
  const rows = await db
    .selectFrom('agent_configs')
    .select(['id', 'user_id'])
    .where('hosted_sync_pending_since', 'is not', null)
    .orderBy('hosted_sync_pending_since')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ userId: r.user_id, agentId: r.id }));
}

/** Forgets the hosted agent: no agent id, no voice, inactive. */
export async function clearActivation(db: Db, configId: string, now: Date): Promise<void> {
  await db
    .updateTable('agent_configs')
    .set({
      voice_id: null,
      eleven_agent_id: null,
      status: 'inactive',
      config_data: sql`config_data - 'hosted_agent' - 'eleven_agent_id' - 'voice_id' - 'voice_name'`,
      updated_at: now,
    })
    .where('id', '=', configId)
    .execute();
}

/** Remembers the hosted agent's copy of a document on the document row too (shown to operators). */
export async function setProviderDocumentId(
  db: Db,
  agent: AgentRef,
  documentId: string,
  providerDocumentId: string | null,
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ provider_document_id: providerDocumentId })
    .where('id', '=', documentId)
    .where('agent_id', '=', agent.agentId)
    .execute();
}
