import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import {
  canAdmitCall,
  holdCallMinutes,
  inTransaction,
  refreshAgentStatus,
} from '../../entitlements/minutes.ts';
import {
  findAgentByNumber,
  findKnowledgeVersion,
  insertCall,
  listCalls,
  countCalls,
  type CallFilter,
  normalizePhoneNumber,
  updateProviderDuration,
  type AgentForCall,
  type Call,
  type CallOutcome,
  type CallProvider,
  type TranscriptEntry,
} from './calls.repository.ts';
import { CallSession } from './call-session.ts';
import type { CallEndedHooks, EscalatedCall, LiveCallHandle } from './call-types.ts';
import { KnowledgeCache } from './knowledge-cache.ts';
import { summarizeCall } from './call-summary.ts';
import { createTwilioDurationReader } from './twilio-durations.ts';
import {
  findAgentByElevenAgentId,
  findAgentById,
  findSoftphoneCallEntry,
  findProviderCalls,
  findStaleOpenCalls,
  findStoredProviderCallIds,
} from './calls.repository.ts';
import { billCall, finishAndBillCall } from './finish-call.ts';
import { findAgentHours } from '../../accounts/agent-hours.ts';
import { resolveAgent } from '../../accounts/agent-scope.ts';
import { isOpenAt } from '../../../shared/opening-hours.ts';
import { MessageCall, messagePrompt } from './message-call.ts';
import { parseCallerMessage } from './call-message.ts';
import { recordMinutesOutMessage } from './calls.repository.ts';

export interface CallStart {
  provider: 'twilio' | 'local';
  providerCallId: string | null;
  from: string;
  to: string;
  /** A signed-in owner's softphone may only call that owner's own agent. */
  ownerId?: string;
}

export type Admission =
  | { kind: 'connect'; voiceId: string | null; companyName: string; agent: AgentForCall }
  | {
      kind: 'unavailable';
      text: string;
      transferTo: string | null;
      /** The caller may leave a message on this (refused) call: the minutes ran out and there is no transfer. */
      messageCall?: { id: string; agent: AgentForCall } | undefined;
    };

/** A setup whose provider call id is another call's (a replay, or a forgery): not a call at all. */
export interface RefusedStart {
  kind: 'refused';
  reason: 'known_call_id';
}

/** What the voice webhook needs: the admission, with the recogniser's hints for a call that connects. */
export type WebhookAdmission =
  | { kind: 'connect'; voiceId: string | null; companyName: string; speechHints: string[] }
  | { kind: 'unavailable'; text: string; transferTo: string | null; takeMessage?: boolean };

/** A finished call from a hosted agent (ElevenLabs), stored like any other. */
export interface HostedCallInput {
  agent: AgentForCall;
  provider: CallProvider;
  providerCallId: string;
  callerNumber: string;
  startedAt: Date;
  durationS: number;
  transcript: TranscriptEntry[];
  outcome: CallOutcome;
  /** null: the extractive summary is written. */
  summary: string | null;
  escalation: Omit<
    EscalatedCall,
    | 'callId'
    | 'userId'
    | 'companyName'
    | 'contactEmail'
    | 'callerNumber'
    | 'startedAt'
    | 'durationS'
    | 'transcript'
  > | null;
}

export interface CallHistoryPage {
  calls: Call[];
  nextBefore: string | null;
  /** How many calls the filter matches, all pages together. */
  total: number;
}

export type CallService = ReturnType<typeof createCallService>;

/** How long after a softphone call ended its owner may still fetch the audio of its replies (the goodbye plays on). */
export const SPOKEN_REPLY_AFTER_END_MS = 5 * 60_000;
/** A live call's reply is written just after it is sent: how long a fetch of its audio waits for it. */
const SPOKEN_REPLY_WAIT_MS = 2_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live call's heartbeat (every 30 s) silent this long: the instance holding it died; the sweep closes it. */
export const STALE_CALL_MS = 2 * 60_000;

/**
 * The call runtime and the call records: one code path for Twilio and the local softphone, plus the hosted
 * agents' finished calls. Minutes are debited once per call (the ledger is idempotent per call id).
 */
export function createCallService(deps: AppDeps, hooks: CallEndedHooks, log?: FastifyBaseLogger) {
  const knowledge = new KnowledgeCache(deps.db);
  /** The usage e-mails never fail what asked for them (a call, a sweep, a stored hosted call). */
  const minutesUsed = (userId: string) =>
    Promise.resolve(hooks.onMinutesUsed?.(userId)).catch((error: unknown) =>
      log?.error({ err: error, userId }, 'minutes usage alert failed'),
    );

  const unavailable = (agent: AgentForCall): Extract<Admission, { kind: 'unavailable' }> => ({
    kind: 'unavailable',
    text: agent.transferNumber
      ? `Thanks for calling ${agent.companyName}. Our assistant is unavailable right now, so I'll transfer you. Please hold.`
      : `Thanks for calling ${agent.companyName}. This line is unavailable right now. Please call again later. Goodbye.`,
    transferTo: agent.transferNumber,
  });

  async function admit(start: CallStart): Promise<Admission> {
    const agent = await findAgentByNumber(deps.db, start.to);
    if (!agent || (start.ownerId !== undefined && agent.userId !== start.ownerId)) {
      return {
        kind: 'unavailable',
        text: 'Sorry, the number you called is not in service. Goodbye.',
        transferTo: null,
      };
    }
    const now = deps.clock.now();
    // Minutes held by the account's calls in progress are not available to a new one.
    const hasMinutes = await canAdmitCall(deps.db, agent.userId, now);
    // Minutes came back (purchase, gift, upgrade) but the status was not refreshed yet: refresh it now.
    const status =
      agent.status !== 'active' && agent.activated && hasMinutes
        ? await refreshAgentStatus(deps.db, agent.userId, now, agent.id)
        : agent.status;
    if (status === 'active' && hasMinutes) {
      return { kind: 'connect', voiceId: agent.voiceId, companyName: agent.companyName, agent };
    }
    if (agent.activated && !hasMinutes) return rejectForMinutes(agent, start, now);
    return unavailable(agent);
  }

  /** Out of minutes: the owner sees the call they missed; the agent turns inactive (dashboard red box). */
  async function rejectForMinutes(
    agent: AgentForCall,
    start: CallStart,
    now: Date,
  ): Promise<Extract<Admission, { kind: 'unavailable' }>> {
    if (agent.status === 'active') await refreshAgentStatus(deps.db, agent.userId, now);
    const call = await insertCall(deps.db, {
      userId: agent.userId,
      agentId: agent.id,
      provider: start.provider,
      providerCallId: start.providerCallId,
      phoneNumber: normalizePhoneNumber(start.from),
      toNumber: agent.phoneNumber,
      startedAt: now,
      endedAt: now,
      outcome: 'rejected_no_minutes',
      summary: agent.transferNumber
        ? `Not answered: the agent was out of minutes. Forwarded to ${agent.transferNumber}.`
        : 'Not answered: the agent was out of minutes.',
    });
    await minutesUsed(agent.userId);
    // Forwarded to the owner's own phone when there is a transfer number (no agent minutes); else a message.
    if (agent.transferNumber || !call.created) return unavailable(agent);
    return {
      kind: 'unavailable',
      text: messagePrompt(agent),
      transferTo: null,
      messageCall: { id: call.id, agent },
    };
  }

  /**
   * The message a caller leaves on a call refused for lack of minutes (Twilio's speech Gather, or the softphone's
   * next words). Stored once; on Pro and Enterprise the owner is e-mailed. Returns what the caller hears.
   */
  async function recordMessage(
    where: { callId: string } | { provider: CallProvider; providerCallId: string },
    text: string,
  ): Promise<string> {
    const words = text.trim();
    if (words === '') return "We didn't get a message. Please call again later. Goodbye.";
    const call = await recordMinutesOutMessage(
      deps.db,
      where,
      [{ speaker: 'caller', text: words, at_s: 0 }],
      (callerNumber) => parseCallerMessage(words, callerNumber, 'no_minutes'),
    );
    if (call?.message) {
      const agent = call.agentId ? await findAgentById(deps.db, call.agentId) : undefined;
      await hooks
        .onEscalated({
          callId: call.id,
          userId: call.userId,
          companyName: agent?.companyName ?? '',
          contactEmail: agent?.contactEmail ?? '',
          callerNumber: call.phoneNumber,
          startedAt: call.startedAt,
          durationS: 0,
          reason: 'requested',
          question: null,
          message: call.message.text,
          transferTo: null,
          transcript: call.transcript.map((e) => ({ speaker: e.speaker, text: e.text, at_s: e.at_s })),
          callerMessage: call.message,
        })
        .catch((error: unknown) => log?.error({ err: error, callId: call.id }, 'message alert failed'));
    }
    return 'Thank you, your message has been passed on and someone will get back to you. Goodbye.';
  }

  /** The voice webhook's admission: also the recogniser's hints, read from the agent's current documents. */
  async function admitWithHints(start: CallStart): Promise<WebhookAdmission> {
    const admission = await admit(start);
    if (admission.kind === 'unavailable') {
      const { text, transferTo } = admission;
      return { kind: 'unavailable', text, transferTo, takeMessage: admission.messageCall !== undefined };
    }
    const { agent } = admission;
    // Hints only help: a failure to read them must not keep the phone from ringing through.
    const speechHints = await findKnowledgeVersion(deps.db, agent.id)
      .then((version) => knowledge.speechHints(agent, version ?? agent.knowledgeVersion))
      .catch((error: unknown) => {
        log?.warn({ err: error, agentId: agent.id }, 'speech hints unavailable for this call');
        return [];
      });
    return { kind: 'connect', voiceId: admission.voiceId, companyName: admission.companyName, speechHints };
  }

  async function start(
    callStart: CallStart,
  ): Promise<
    { kind: 'live'; call: LiveCallHandle } | Extract<Admission, { kind: 'unavailable' }> | RefusedStart
  > {
    const admission = await admit(callStart);
    if (admission.kind === 'unavailable') return withMessage(admission);
    const { agent } = admission;
    const startedAt = deps.clock.now();
    const [version, hours] = await Promise.all([
      findKnowledgeVersion(deps.db, agent.id).then((v) => v ?? agent.knowledgeVersion),
      findAgentHours(deps.db, agent.id),
    ]);
    const [index, opened] = await Promise.all([
      knowledge.get(agent, version),
      // Its first minute is held and the call recorded in one transaction, so simultaneous calls on any instance
      // cannot take more minutes than are left.
      inTransaction(deps.db, async (trx) => {
        const held = await holdCallMinutes(trx, {
          userId: agent.userId,
          minutes: 1,
          callId: null,
          now: startedAt,
        });
        if (!held) return { kind: 'no_minutes' as const };
        const call = await insertCall(trx, {
          userId: agent.userId,
          agentId: agent.id,
          provider: callStart.provider,
          providerCallId: callStart.providerCallId,
          phoneNumber: normalizePhoneNumber(callStart.from),
          toNumber: agent.phoneNumber,
          startedAt,
          lastSeenAt: startedAt,
          reservedMinutes: 1,
        });
        return call.created ? { kind: 'opened' as const, id: call.id } : { kind: 'known' as const };
      }),
    ]);
    if (opened.kind === 'no_minutes') return withMessage(await rejectForMinutes(agent, callStart, startedAt));
    if (opened.kind === 'known') {
      // A provider call id names one call of one account: a second setup never continues, rewrites or bills it.
      log?.warn(
        { provider: callStart.provider, providerCallId: callStart.providerCallId, agentId: agent.id },
        'refused a call setup that reuses a known call id',
      );
      return { kind: 'refused', reason: 'known_call_id' };
    }
    const session = new CallSession({
      deps,
      agent,
      callId: opened.id,
      callerNumber: normalizePhoneNumber(callStart.from),
      startedAt,
      knowledge,
      index,
      hooks,
      log,
      hours,
      open: isOpenAt(hours, startedAt),
    });
    return { kind: 'live', call: session };
  }

  /** On the relay, a refused call that may leave a message becomes a short live call that only takes it. */
  function withMessage(
    admission: Extract<Admission, { kind: 'unavailable' }>,
  ): { kind: 'live'; call: LiveCallHandle } | Extract<Admission, { kind: 'unavailable' }> {
    const target = admission.messageCall;
    if (!target) return admission;
    return {
      kind: 'live',
      call: new MessageCall(admission.text, target.agent.companyName, (text) =>
        recordMessage({ callId: target.id }, text),
      ),
    };
  }

  /**
   * What the owner's softphone plays: the text of an agent's entry of their own softphone call, and their agent's
   * voice. Nothing of another account's calls, of calls carried by Twilio, or of a call that ended minutes ago. The
   * entry is written just after the reply is sent, so a live call's missing entry is waited for a moment.
   */
  async function findSpokenReply(
    ownerId: string,
    callId: string,
    index: number,
  ): Promise<{ text: string; voiceId: string } | null> {
    if (!UUID.test(callId)) return null;
    const deadline = Date.now() + SPOKEN_REPLY_WAIT_MS;
    for (;;) {
      const found = await findSoftphoneCallEntry(deps.db, ownerId, callId, index);
      if (!found || !found.voiceId) return null;
      const { entry, endedAt } = found;
      if (endedAt && deps.clock.now().getTime() - endedAt.getTime() > SPOKEN_REPLY_AFTER_END_MS) return null;
      if (entry) return entry.speaker === 'agent' ? { text: entry.text, voiceId: found.voiceId } : null;
      // Only the next entries of a live call can be on their way (a caller's words and the reply to them).
      if (endedAt || index > found.entries + 1 || Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function recordProviderDuration(providerCallId: string, durationS: number): Promise<void> {
    await updateProviderDuration(deps.db, 'twilio', providerCallId, durationS);
  }

  /** Stores a hosted agent's finished call once; minutes and the alert happen only on the first delivery. */
  async function recordHostedCall(input: HostedCallInput): Promise<{ id: string; created: boolean }> {
    const { agent } = input;
    const endedAt = new Date(input.startedAt.getTime() + input.durationS * 1000);
    // Stored and billed together: a delivery that fails halfway is stored and billed whole when it is retried.
    const call = await inTransaction(deps.db, async (trx) => {
      const stored = await insertCall(trx, {
        userId: agent.userId,
        agentId: agent.id,
        provider: input.provider,
        providerCallId: input.providerCallId,
        phoneNumber: normalizePhoneNumber(input.callerNumber),
        toNumber: agent.phoneNumber,
        startedAt: input.startedAt,
        endedAt,
        durationS: input.durationS,
        transcript: input.transcript,
        outcome: input.outcome,
        summary:
          input.summary ??
          summarizeCall({
            outcome: input.outcome,
            transcript: input.transcript,
            escalation: input.escalation ?? null,
          }),
        handoff: input.escalation
          ? {
              reason: input.escalation.reason,
              ...(input.escalation.transferTo ? { transfer_to: input.escalation.transferTo } : {}),
            }
          : null,
      });
      if (stored.created)
        await billCall(trx, { id: stored.id, userId: agent.userId }, input.durationS, deps.clock.now());
      return stored;
    });
    if (!call.created) return call;
    await minutesUsed(agent.userId);
    if (input.escalation) {
      await hooks.onEscalated({
        callId: call.id,
        userId: agent.userId,
        companyName: agent.companyName,
        contactEmail: agent.contactEmail,
        callerNumber: normalizePhoneNumber(input.callerNumber),
        startedAt: input.startedAt,
        durationS: input.durationS,
        ...input.escalation,
        transcript: input.transcript.map((e) => ({ speaker: e.speaker, text: e.text, at_s: e.at_s })),
      });
    }
    return call;
  }

  async function history(
    userId: string,
    options: { limit: number; before?: string | undefined } & CallFilter,
  ): Promise<CallHistoryPage> {
    const filter: CallFilter = { outcome: options.outcome, search: options.search, agentId: options.agentId };
    const [calls, total] = await Promise.all([
      listCalls(deps.db, userId, { ...filter, limit: options.limit + 1, before: options.before }),
      countCalls(deps.db, userId, filter),
    ]);
    const page = calls.slice(0, options.limit);
    return {
      total,
      calls: page,
      nextBefore: calls.length > options.limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  const readTwilioDuration = createTwilioDurationReader(deps.env);

  /** Sync Calls with the local runtime: Twilio's final durations for recent calls (when Twilio carries them). */
  async function reconcileTwilioDurations(userId: string): Promise<number | null> {
    if (!readTwilioDuration) return null;
    // Read every duration first: a Twilio failure part-way changes nothing.
    const durations: { providerCallId: string; durationS: number }[] = [];
    for (const call of await findProviderCalls(deps.db, userId, 'twilio', 100)) {
      if (!call.providerCallId || call.endedAt === null) continue;
      const durationS = await readTwilioDuration(call.providerCallId);
      if (durationS !== null && durationS !== call.durationS) {
        durations.push({ providerCallId: call.providerCallId, durationS });
      }
    }
    let updated = 0;
    for (const { providerCallId, durationS } of durations) {
      if (await updateProviderDuration(deps.db, 'twilio', providerCallId, durationS)) updated++;
    }
    return updated;
  }

  /**
   * Closes calls cut off by a crash or a restart: open, and not heard of (no heartbeat) for `silentForMs`. The
   * duration runs to the later of its last recorded turn and its last heartbeat, the outcome is answered when an
   * answer was given (else abandoned), and the minutes are debited like any call's. Every instance sweeps; each
   * call is closed and billed by exactly one of them (the end is written only where none was). Returns how many
   * calls this sweep closed.
   */
  async function closeStaleCalls(silentForMs = STALE_CALL_MS): Promise<number> {
    const now = deps.clock.now();
    const stale = await findStaleOpenCalls(deps.db, new Date(now.getTime() - silentForMs), 100);
    let closed = 0;
    for (const call of stale) {
      const lastTurnS = call.transcript.reduce((max, e) => Math.max(max, e.at_s), 0);
      const lastSeenS = call.lastSeenAt ? (call.lastSeenAt.getTime() - call.startedAt.getTime()) / 1000 : 0;
      const durationS = Math.max(0, Math.round(Math.max(lastTurnS, lastSeenS)));
      const answered = call.transcript.some((e) => e.speaker === 'agent' && (e.sources?.length ?? 0) > 0);
      const outcome = call.outcome ?? (answered ? 'answered' : 'abandoned');
      const finished = await finishAndBillCall(
        deps.db,
        call,
        {
          endedAt: new Date(call.startedAt.getTime() + durationS * 1000),
          durationS,
          outcome,
          summary: `${summarizeCall({ outcome, transcript: call.transcript, escalation: null })} The call was cut off.`,
          handoff: call.handoff,
        },
        now,
      );
      if (finished) {
        closed++;
        await minutesUsed(call.userId);
      }
    }
    return closed;
  }

  return {
    admit: admitWithHints,
    recordMessage: (providerCallId: string, text: string) =>
      recordMessage({ provider: 'twilio', providerCallId }, text),
    closeStaleCalls,
    start,
    recordProviderDuration,
    findSpokenReply,
    recordHostedCall,
    history,
    reconcileTwilioDurations,
    knownHostedCallIds: (provider: 'elevenlabs', providerCallIds: string[]) =>
      findStoredProviderCallIds(deps.db, provider, providerCallIds),
    findAgentOfUser: async (userId: string, agentId: string | undefined) => {
      const ref = await resolveAgent(deps.db, userId, agentId);
      return ref ? findAgentById(deps.db, ref.agentId) : undefined;
    },
    findAgentByHostedId: (hostedAgentId: string) => findAgentByElevenAgentId(deps.db, hostedAgentId),
    /** The ElevenLabs agent answering this agent's calls; null when the product's own runtime answers. */
    async hostedAgentIdOf(agentId: string): Promise<string | null> {
      if (deps.providers.hostedAgents.kind !== 'elevenlabs') return null;
      return (await findAgentById(deps.db, agentId))?.hostedAgentId ?? null;
    },
  };
}
