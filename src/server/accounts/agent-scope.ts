/**
 * Which agent a request acts on (ADR 044). An account holds up to its plan's number of agents, one phone number
 * each; the SPEC's routes act on the account's agent, or on the one named by an `agent_id` parameter (query string,
 * JSON body or form field) when there are several. Every feature resolves "the agent" of a request here.
 */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';

/** One agent of one account: per-agent rows are read by `agentId`, and written with both. */
export interface AgentRef {
  userId: string;
  agentId: string;
}

export const SEVERAL_AGENTS = 'Several numbers: say which agent (agent_id)';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `agent_id` a request names (query string first, then a JSON or form body), or undefined. */
export function requestedAgentId(
  request: FastifyRequest,
  fields?: Record<string, unknown>,
): string | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.agent_id;
  const body = request.body;
  const fromBody =
    body && typeof body === 'object' && !Buffer.isBuffer(body)
      ? (body as Record<string, unknown>).agent_id
      : undefined;
  const value = fromQuery ?? fields?.agent_id ?? fromBody;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The account's agents' ids, oldest first (the first is the one the account had before ADR 044). */
export async function findAgentIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('agent_configs')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The agent of `userId` that a request acts on: the one named (404 when it is not one of theirs), else the
 * account's only one; undefined when the account has none; 400 when it has several and none was named.
 */
export async function resolveAgent(
  db: DbOrTx,
  userId: string,
  agentId: string | undefined,
): Promise<AgentRef | undefined> {
  if (agentId !== undefined) {
    const owned = UUID.test(agentId)
      ? await db
          .selectFrom('agent_configs')
          .select('id')
          .where('id', '=', agentId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    if (!owned) throw new AppError('not_found', 'No such agent on your account');
    return { userId, agentId: owned.id };
  }
  const ids = await findAgentIds(db, userId);
  if (ids.length === 0) return undefined;
  if (ids.length > 1) throw new AppError('bad_request', SEVERAL_AGENTS);
  return { userId, agentId: ids[0]! };
}

/** resolveAgent for routes that need an agent: 404 "No configuration found" when the account has none. */
export async function requireAgent(
  db: DbOrTx,
  userId: string,
  agentId: string | undefined,
  message = 'No configuration found',
): Promise<AgentRef> {
  const agent = await resolveAgent(db, userId, agentId);
  if (!agent) throw new AppError('not_found', message);
  return agent;
}
