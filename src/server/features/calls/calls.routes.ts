import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { requireUser, userOf } from '../../lib/security.ts';
import type { Call } from './calls.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { resolveAgent } from '../../accounts/agent-scope.ts';
import { findUserCall } from './calls.repository.ts';
import {
  callHistoryQuerySchema,
  callHistorySchema,
  callParamsSchema,
  callSchema,
  type CallDto,
} from './calls.schemas.ts';
import type { CallService } from './calls.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toDto(call: Call): CallDto {
  return {
    id: call.id,
    phone_number: call.phoneNumber,
    agent_id: call.agentId,
    to_number: call.toNumber,
    created_at: call.createdAt.toISOString(),
    duration: call.durationS,
    summary: call.summary,
    transcript: call.transcript.map((e) => ({
      speaker: e.speaker,
      text: e.text,
      at_s: e.at_s,
      ...(e.sources
        ? { sources: e.sources.map((s) => ({ document: s.document, heading: s.heading, page: s.page })) }
        : {}),
      ...(e.interrupted ? { interrupted: true } : {}),
    })),
    outcome: call.outcome,
    questions_answered: call.transcript.filter((e) => e.speaker === 'agent' && (e.sources?.length ?? 0) > 0)
      .length,
    reply_time_ms: replyTimes(call.turnLatenciesMs),
    message: call.message,
  };
}

/** Median and slowest of the agent's per-turn reply times, rounded to whole milliseconds. */
export function replyTimes(latencies: number[]): { median: number; slowest: number } | null {
  const sorted = latencies.filter((n) => Number.isFinite(n) && n >= 0).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median: Math.round(median), slowest: Math.round(sorted.at(-1)!) };
}

/**
 * GET /api/calls/history: the signed-in owner's calls, newest first, 50 a page (`?before=<last id>`), filtered by
 * `?outcome=` and searched by `?q=` (transcript words; digits also match the caller's number).
 */
export function callsRoutes(deps: AppDeps, calls: CallService): FastifyPluginAsyncZod {
  return async (app) => {
    // Calls cut off by a crash or a restart (heartbeat silent for 2 minutes) are closed and billed by whichever
    // instance sweeps first, at start and then every minute (tests call the sweep after moving the clock).
    if (deps.env.NODE_ENV !== 'test') {
      runPeriodically(app, 60 * 1000, 'closing stale calls', () => calls.closeStaleCalls());
    }

    app.get(
      '/calls/history',
      {
        preHandler: requireUser(deps),
        schema: { querystring: callHistoryQuerySchema, response: { 200: callHistorySchema } },
      },
      async (request) => {
        const { q, agent_id, ...query } = request.query;
        const userId = userOf(request).id;
        // One agent's calls when one is named (it must be the account's), else every number's (ADR 044).
        const agent = agent_id === undefined ? undefined : await resolveAgent(deps.db, userId, agent_id);
        const page = await calls.history(userId, { ...query, search: q, agentId: agent?.agentId });
        return { calls: page.calls.map(toDto), next_before: page.nextBefore, total: page.total };
      },
    );

    // One call, for links to its transcript (the knowledge-gaps page): /calls?call=<id>.
    app.get(
      '/calls/:id',
      {
        preHandler: requireUser(deps),
        schema: { params: callParamsSchema, response: { 200: callSchema } },
      },
      async (request) => {
        const { id } = request.params;
        const call = UUID.test(id) ? await findUserCall(deps.db, userOf(request).id, id) : undefined;
        if (!call) throw new AppError('not_found', 'Call not found');
        return toDto(call);
      },
    );
  };
}
