/** Storage of agent configurations (one per user). Kysely stays here; callers get AgentConfig. */
import type { Db } from '../../db/database.ts';

export interface AgentConfig {
  id: string;
  userId: string;
  companyName: string;
  contactEmail: string;
  phoneNumber: string;
  phoneProviderId: string | null;
  transferPhoneNumber: string | null;
  voiceId: string | null;
  elevenAgentId: string | null;
  status: string;
  knowledgeVersion: number;
  configData: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export interface AgentDetails {
  companyName: string;
  contactEmail: string;
  phoneNumber: string;
  phoneProviderId: string | null;
  transferPhoneNumber: string | null;
}

const columns = [
  'id',
  'user_id',
  'company_name',
  'contact_email',
  'twilio_phone_number',
  'phone_provider_id',
  'transfer_phone_number',
  'voice_id',
  'eleven_agent_id',
  'status',
  'knowledge_version',
  'config_data',
  'created_at',
  'updated_at',
] as const;

type Row = {
  id: string;
  user_id: string;
  company_name: string;
  contact_email: string;
  twilio_phone_number: string;
  phone_provider_id: string | null;
  transfer_phone_number: string | null;
  voice_id: string | null;
  eleven_agent_id: string | null;
  status: string;
  knowledge_version: number;
  config_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};

function toConfig(row: Row): AgentConfig {
  return {
    id: row.id,
    userId: row.user_id,
    companyName: row.company_name,
    contactEmail: row.contact_email,
    phoneNumber: row.twilio_phone_number,
    phoneProviderId: row.phone_provider_id,
    transferPhoneNumber: row.transfer_phone_number,
    voiceId: row.voice_id,
    elevenAgentId: row.eleven_agent_id,
    status: row.status,
    knowledgeVersion: row.knowledge_version,
    configData: row.config_data ?? {},
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findAgentConfig(db: Db, userId: string): Promise<AgentConfig | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select(columns)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toConfig(row) : undefined;
}

/** The user holding `phoneNumber`, if anyone does. */
export async function findPhoneNumberHolder(db: Db, phoneNumber: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('agent_configs')
    .select('user_id')
    .where('twilio_phone_number', '=', phoneNumber)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertAgentConfig(
  db: Db,
  userId: string,
  details: AgentDetails,
  now: Date,
): Promise<AgentConfig> {
  const row = await db
    .insertInto('agent_configs')
    .values({
      user_id: userId,
      company_name: details.companyName,
      contact_email: details.contactEmail,
      twilio_phone_number: details.phoneNumber,
      phone_provider_id: details.phoneProviderId,
      transfer_phone_number: details.transferPhoneNumber,
      created_at: now,
      updated_at: now,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toConfig(row);
}

/** Updates the owner-editable details; leaves voice, hosted agent, status and knowledge untouched. */
export async function updateAgentDetails(
  db: Db,
  userId: string,
  details: AgentDetails,
  now: Date,
): Promise<AgentConfig | undefined> {
  const row = await db
    .updateTable('agent_configs')
    .set({
      company_name: details.companyName,
      contact_email: details.contactEmail,
      twilio_phone_number: details.phoneNumber,
      phone_provider_id: details.phoneProviderId,
      transfer_phone_number: details.transferPhoneNumber,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .returning(columns)
    .executeTakeFirst();
  return row ? toConfig(row) : undefined;
}

export async function deleteAgentConfig(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('agent_configs').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** True for a unique violation on agent_configs.twilio_phone_number (PostgreSQL and PGlite). */
export function isPhoneNumberConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown; detail?: unknown };
  if (e.code !== '23505') return false;
  const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')} ${String(e.detail ?? '')}`;
  return text.includes('twilio_phone_number');
}

/** True for a unique violation on agent_configs.user_id (two first configurations of one user at once). */
export function isOwnerConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown; detail?: unknown };
  if (e.code !== '23505') return false;
  const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')} ${String(e.detail ?? '')}`;
  return text.includes('user_id');
}
