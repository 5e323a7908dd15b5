/**
 * Opening hours of the account's agent (ADR 042): GET, POST (save) and DELETE /api/agent/hours. Without hours the agent
 * is always open (SPEC behaviour); with them, calls outside the hours take messages instead of transfers, and the
 * agent answers questions about opening from them.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestedAgentId, requireAgent } from '../../accounts/agent-scope.ts';
import type { AppDeps } from '../../app-deps.ts';
import { findAgentHours, saveAgentHours } from '../../accounts/agent-hours.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser, userOf } from '../../lib/security.ts';
import {
  hoursOn,
  nextOpening,
  openingAt,
  openingHoursProblems,
  spokenDate,
  spokenTime,
  WEEKDAY_NAMES,
  zonedMoment,
  type OpeningHours,
} from '../../../shared/opening-hours.ts';
import {
  hoursResponseSchema,
  messageResponseSchema,
  openingHoursSchema,
  type HoursResponse,
} from './hours.schemas.ts';

const NO_AGENT = 'Configure your agent first: opening hours belong to an agent.';

/** What the owner reads above the week view. */
export function hoursStatus(
  hours: OpeningHours | null,
  instant: Date,
): Pick<HoursResponse, 'open_now' | 'status'> {
  if (!hours) return { open_now: true, status: 'Always open: no opening hours set.' };
  const now = zonedMoment(instant, hours.time_zone);
  const day = hoursOn(hours, now.date);
  const open = openingAt(day, now.minutes);
  if (open) return { open_now: true, status: `Open now, until ${spokenTime(open.close, true)}.` };
  const next = nextOpening(hours, instant);
  if (!next) return { open_now: false, status: 'Closed now, with no opening in the next two weeks.' };
  const when =
    next.daysAhead === 0
      ? 'today'
      : next.daysAhead === 1
        ? 'tomorrow'
        : next.daysAhead < 7
          ? WEEKDAY_NAMES[next.day.weekday]
          : spokenDate(next.day.date, false);
  return { open_now: false, status: `Closed now. Opens ${when} at ${spokenTime(next.interval.open)}.` };
}

export function hoursRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: requireUser(deps) };
    // The agent a request acts on (ADR 044): the one named by agent_id, else the account's only one.
    const agentOf = async (request: FastifyRequest) =>
      (await requireAgent(deps.db, userOf(request).id, requestedAgentId(request), NO_AGENT)).agentId;

    app.get(
      '/agent/hours',
      { ...auth, schema: { response: { 200: hoursResponseSchema } } },
      async (request) => {
        const hours = await findAgentHours(deps.db, await agentOf(request));
        return { hours, ...hoursStatus(hours, deps.clock.now()) };
      },
    );

    app.post(
      '/agent/hours',
      { ...auth, schema: { body: openingHoursSchema, response: { 200: hoursResponseSchema } } },
      async (request) => {
        const agentId = await agentOf(request);
        const body = request.body;
        const hours: OpeningHours = {
          time_zone: body.time_zone.trim(),
          weekly: body.weekly,
          closed_dates: [...body.closed_dates]
            .map((c) => ({ date: c.date, label: c.label.trim() }))
            .sort((a, b) => a.date.localeCompare(b.date)),
          special_hours: [...body.special_hours]
            .map((s) => ({ date: s.date, label: s.label.trim(), intervals: s.intervals }))
            .sort((a, b) => a.date.localeCompare(b.date)),
        };
        const problems = openingHoursProblems(hours);
        if (problems.length > 0) throw new AppError('validation', problems.join(' '));
        await saveAgentHours(deps.db, agentId, hours, deps.clock.now());
        return { hours, ...hoursStatus(hours, deps.clock.now()) };
      },
    );

    app.delete(
      '/agent/hours',
      { ...auth, schema: { response: { 200: messageResponseSchema } } },
      async (request) => {
        await saveAgentHours(deps.db, await agentOf(request), null, deps.clock.now());
        return { message: 'Opening hours removed: your agent is always open.' };
      },
    );
  };
}
