import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { canTakeCalls, inTransaction, refreshAgentStatus } from '../../entitlements/minutes.ts';
import {
  findAgentByNumber,
  findKnowledgeVersion,
  insertCall,
  listCalls,
  normalizePhoneNumber,
  updateProviderDuration,
  type AgentForCall,
  type Call,
  type CallOutcome,
  type CallProvider,
  type TranscriptEntry,
} from './calls.repository.ts';
import { CallSession, type AgentSpeech } from './call-session.ts';
import { KnowledgeCache } from './knowledge-cache.ts';
import { summarizeCall } from './call-summary.ts';
import { createTwilioDurationReader } from './twilio-durations.ts';
import {
  findAgentByElevenAgentId,
  findAgentByUser,
  findProviderCalls,
  findStaleOpenCalls,
  findStoredProviderCallIds,
} from './calls.repository.ts';
import { billCall, finishAndBillCall } from './finish-call.ts';

/** What the notifications feature receives about an escalated call (wired in features/index.ts). */
export interface EscalatedCall {
  callId: string;
  userId: string;
  companyName: string;
  contactEmail: string;
  callerNumber: string;
  startedAt: Date;
  durationS: number;
  reason: 'requested' | 'no_answer';
  question: string | null;
  message: string | null;
  transferTo: string | null;
  transcript: { speaker: 'agent' | 'caller'; text: string; at_s: number }[];
}

export interface CallEndedHooks {
  onEscalated(call: EscalatedCall): Promise<unknown>;
}

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
  | { kind: 'unavailable'; text: string; transferTo: string | null };

/** What the voice webhook needs: the admission, with the recogniser's hints for a call that connects. */
export type WebhookAdmission =
  | { kind: 'connect'; voiceId: string | null; companyName: string; speechHints: string[] }
  | Extract<Admission, { kind: 'unavailable' }>;

export interface LiveCallHandle {
  greet(): Promise<AgentSpeech>;
  onCallerText(text: string): Promise<AgentSpeech>;
  /** The caller's words so far, while they are still speaking (ConversationRelay's partial prompts). */
  onPartialText(text: string): void;
  onDtmf(digit: string): Promise<AgentSpeech>;
  onSilence(): Promise<AgentSpeech>;
  onInterrupt(spokenText: string): Promise<void>;
  close(): Promise<void>;
}

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
}

export type CallService = ReturnType<typeof createCallService>;

/**
 * The call runtime and the call records: one code path for Twilio and the local softphone, plus the hosted
 * agents' finished calls. Minutes are debited once per call (the ledger is idempotent per call id).
 */
export function createCallService(deps: AppDeps, hooks: CallEndedHooks, log?: FastifyBaseLogger) {
  const knowledge = new KnowledgeCache(deps.db);

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
    const hasMinutes = await canTakeCalls(deps.db, agent.userId, now);
    // Minutes came back (purchase, gift, upgrade) but the status was not refreshed yet: refresh it now.
    const status =
      agent.status !== 'active' && agent.activated && hasMinutes
        ? await refreshAgentStatus(deps.db, agent.userId, now)
        : agent.status;
    if (status === 'active' && hasMinutes) {
      return { kind: 'connect', voiceId: agent.voiceId, companyName: agent.companyName, agent };
    }
    if (agent.activated && !hasMinutes) {
      // Out of minutes: the owner sees the call they missed; the agent turns inactive (dashboard red box).
      if (agent.status === 'active') await refreshAgentStatus(deps.db, agent.userId, now);
      await insertCall(deps.db, {
        userId: agent.userId,
        provider: start.provider,
        providerCallId: start.providerCallId,
        phoneNumber: normalizePhoneNumber(start.from),
        toNumber: agent.phoneNumber,
        startedAt: now,
        endedAt: now,
        outcome: 'rejected_no_minutes',
        summary: 'Not answered: the agent was out of minutes.',
      });
    }
    return unavailable(agent);
  }

  /** The voice webhook's admission: also the recogniser's hints, read from the agent's current documents. */
  async function admitWithHints(start: CallStart): Promise<WebhookAdmission> {
    const admission = await admit(start);
    if (admission.kind === 'unavailable') return admission;
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
  ): Promise<{ kind: 'live'; call: LiveCallHandle } | Extract<Admission, { kind: 'unavailable' }>> {
    const admission = await admit(callStart);
    if (admission.kind === 'unavailable') return admission;
    const { agent } = admission;
    const startedAt = deps.clock.now();
    const version = (await findKnowledgeVersion(deps.db, agent.id)) ?? agent.knowledgeVersion;
    const [index, call] = await Promise.all([
      knowledge.get(agent, version),
      insertCall(deps.db, {
        userId: agent.userId,
        provider: callStart.provider,
        providerCallId: callStart.providerCallId,
        phoneNumber: normalizePhoneNumber(callStart.from),
        toNumber: agent.phoneNumber,
        startedAt,
      }),
    ]);
    const session = new CallSession({
      deps,
      agent,
      callId: call.id,
      callerNumber: normalizePhoneNumber(callStart.from),
      startedAt,
      knowledge,
      index,
      hooks,
      log,
    });
    return { kind: 'live', call: session };
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
    options: { limit: number; before?: string | undefined },
  ): Promise<CallHistoryPage> {
    const calls = await listCalls(deps.db, userId, { limit: options.limit + 1, before: options.before });
    const page = calls.slice(0, options.limit);
    return {
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
   * Closes calls cut off by a restart (no end was ever written): the last recorded turn gives the duration, the
   * outcome is answered when an answer was given (else abandoned), and the minutes are debited once like any call.
   */
  async function closeStaleCalls(maxCallMs = 4 * 60 * 60 * 1000): Promise<number> {
    const now = deps.clock.now();
    const stale = await findStaleOpenCalls(deps.db, new Date(now.getTime() - maxCallMs), 100);
    for (const call of stale) {
      const lastAt = call.transcript.reduce((max, e) => Math.max(max, e.at_s), 0);
      const durationS = Math.round(lastAt);
      const answered = call.transcript.some((e) => e.speaker === 'agent' && (e.sources?.length ?? 0) > 0);
      const outcome = call.outcome ?? (answered ? 'answered' : 'abandoned');
      await finishAndBillCall(
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
    }
    return stale.length;
  }

  return {
    admit: admitWithHints,
    closeStaleCalls,
    start,
    recordProviderDuration,
    recordHostedCall,
    history,
    reconcileTwilioDurations,
    knownHostedCallIds: (provider: 'elevenlabs', providerCallIds: string[]) =>
      findStoredProviderCallIds(deps.db, provider, providerCallIds),
    findAgentOfUser: (userId: string) => findAgentByUser(deps.db, userId),
    findAgentByHostedId: (hostedAgentId: string) => findAgentByElevenAgentId(deps.db, hostedAgentId),
    /** The ElevenLabs agent answering this user's calls; null when the product's own runtime answers. */
    async hostedAgentIdOf(userId: string): Promise<string | null> {
      if (deps.providers.hostedAgents.kind !== 'elevenlabs') return null;
      return (await findAgentByUser(deps.db, userId))?.hostedAgentId ?? null;
    },
  };
}
