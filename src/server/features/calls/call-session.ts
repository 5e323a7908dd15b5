import type { FastifyBaseLogger } from 'fastify';
import { createConversation, type AgentReply, type Conversation } from '../../agent/turn-engine.ts';
import type { KnowledgePassage, SearchOptions } from '../../agent/retrieval/knowledge-index.ts';
import { questionSentence, type EmbedPriority, type MeaningSearch } from '../../agent/retrieval/meaning.ts';
import type { AppDeps } from '../../app-deps.ts';
import { holdCallMinutes, inTransaction } from '../../entitlements/minutes.ts';
import {
  appendTurn,
  findKnowledgeVersion,
  recordHeartbeat,
  setReservedMinutes,
  truncateTranscriptEntry,
  type AgentForCall,
  type CallOutcome,
  type TranscriptEntry,
} from './calls.repository.ts';
import { summarizeCall } from './call-summary.ts';
import { GapTracker } from './call-gaps.ts';
import { finishAndBillCall } from './finish-call.ts';
import type { AgentKnowledgeIndex, KnowledgeCache } from './knowledge-cache.ts';
import type { AgentSpeech, CallEndedHooks, EscalatedCall, SpokenEntry } from './call-types.ts';
import { answerHoursQuestion, closedNotice, HOURS_DOCUMENT } from '../../agent/opening-hours.ts';
import type { OpeningHours } from '../../../shared/opening-hours.ts';
import { parseCallerMessage } from './call-message.ts';

/** How often the instance holding a call's socket tells the database the call is alive (ADR 040). */
export const HEARTBEAT_MS = 30_000;
/**
 * A live call asks for its next minute this long before it starts, so that a call refused one is told and ended
 * while still inside the minutes it holds.
 */
export const NEXT_MINUTE_NOTICE_S = 15;

interface SessionOptions {
  deps: AppDeps;
  agent: AgentForCall;
  callId: string;
  callerNumber: string;
  startedAt: Date;
  knowledge: KnowledgeCache;
  index: AgentKnowledgeIndex;
  hooks: CallEndedHooks;
  log?: FastifyBaseLogger | undefined;
  /** The agent's opening hours (null: always open), and whether the business was open when the call started. */
  hours?: OpeningHours | null;
  open?: boolean;
}

/**
 * One live call: the turn engine plus the recorder. Every finished turn is appended to the call row at once
 * (in order, off the reply's critical path); the end writes duration, outcome and summary, debits the minutes
 * once and raises the escalation alert.
 */
export class CallSession {
  private readonly conversation: Conversation;
  private current: AgentKnowledgeIndex;
  private entries = 0;
  private lastAgentIndex: number | null = null;
  private lastAgentText = '';
  private writes: Promise<void> = Promise.resolve();
  private closed: Promise<void> | null = null;
  private lastHandoff: Record<string, unknown> | null = null;
  private readonly recorded: TranscriptEntry[] = [];
  /** The vector of the caller's words so far, computed while they speak (see onPartialText). */
  private early: { sentence: string; vector: Promise<Float32Array | null> } | null = null;
  /** The latest unfinished words, waiting for the encoder to finish the previous ones. */
  private earlyNext: string | null = null;
  private earlyRunning = false;
  /** Minutes this call holds against the account's limit (one when it was admitted). */
  private reserved = 1;
  private lastBeatMs: number;
  /** Why the runtime ended the call itself: its account's minutes ran out, or another instance closed it. */
  private stopped: 'no_minutes' | 'closed_elsewhere' | null = null;
  /** The questions the documents did not answer, handed to the knowledge-gaps feature as they happen (ADR 012). */
  private readonly gaps = new GapTracker();

  constructor(private readonly o: SessionOptions) {
    this.current = o.index;
    this.lastBeatMs = o.startedAt.getTime();
    // The conversation searches whatever index is current: a document change mid-call is picked up next turn.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const session = this;
    const live = {
      get size() {
        return session.current.index.size;
      },
      search: (question: string, options?: SearchOptions) => session.current.index.search(question, options),
      topicOf: (passage: KnowledgePassage) => session.current.index.topicOf?.(passage) ?? null,
    };
    const liveMeaning: MeaningSearch = {
      get size() {
        return session.current.meaning.size;
      },
      nearest: (vector: Float32Array, wordsFound?: string) =>
        session.current.meaning.nearest(vector, wordsFound),
      preferredOver: (vector: Float32Array, passageId: string) =>
        session.current.meaning.preferredOver(vector, passageId),
      cosines: (vector: Float32Array, passageIds: readonly string[]) =>
        session.current.meaning.cosines(vector, passageIds),
    };
    const hours = o.hours ?? null;
    this.conversation = createConversation({
      companyName: o.agent.companyName,
      // Outside opening hours nobody is there: the agent takes a message instead of transferring (ADR 042).
      transferNumber: this.isOpen ? o.agent.transferNumber : null,
      knowledge: live,
      meaning: liveMeaning,
      greeting: this.isOpen
        ? undefined
        : `Thanks for calling ${o.agent.companyName}, this is the virtual assistant. ${closedNotice(hours!, o.startedAt)} How can I help you today?`,
      exactAnswer: hours
        ? (question) => {
            const answer = answerHoursQuestion(question, hours, o.deps.clock.now());
            if (!answer) return null;
            const passage = {
              id: `hours:${o.agent.id}:answer`,
              documentName: HOURS_DOCUMENT,
              heading: answer.heading,
              page: null,
              text: answer.text,
            };
            return { text: answer.text, passage };
          }
        : undefined,
    });
  }

  /** Whether the business was open when the call started (always, without opening hours). */
  private get isOpen(): boolean {
    return this.o.open ?? true;
  }

  get callId(): string {
    return this.o.callId;
  }

  async greet(): Promise<AgentSpeech> {
    const reply = this.conversation.greet();
    this.record([], reply, null);
    return this.speech(reply);
  }

  async onCallerText(text: string): Promise<AgentSpeech> {
    const stop = await this.keepAlive();
    if (stop) return this.stopWith(stop, [this.entry('caller', text)]);
    const started = performance.now();
    const early = this.early;
    this.early = null;
    this.earlyNext = null;
    await this.refreshKnowledge();
    // A question the documents' words do not answer: its meaning may still match an entry, to offer the caller.
    const meaning = this.conversation.needsMeaning(text) ? await this.meaningOf(text, early) : null;
    const reply = this.conversation.onCallerText(text, meaning);
    const spoken = await this.word(reply);
    this.record([this.entry('caller', text)], { ...reply, text: spoken }, performance.now() - started);
    this.keepGaps(text, reply);
    return this.speech({ ...reply, text: spoken });
  }

  /**
   * The caller is still speaking (a partial prompt: their words so far). When those words would need the question's
   * meaning, it is computed now, so that the final prompt finds it ready: embedding takes 10-30 ms, the recogniser's
   * end-of-speech pause much longer. At most one of a call's partial prompts is in the encoder at a time, the latest
   * one waiting; they go after every caller's final question and before passages.
   */
  onPartialText(text: string): void {
    if (this.conversation.needsMeaning(text))
      this.embedEarly(questionSentence(this.conversation.meaningSentence(text)));
  }

  private embedEarly(sentence: string): void {
    if (this.early?.sentence === sentence) {
      this.earlyNext = null; // the caller's words came back to what is being embedded
      return;
    }
    if (this.earlyRunning) {
      this.earlyNext = sentence;
      return;
    }
    this.earlyRunning = true;
    const vector = this.embed(sentence, 'early').finally(() => {
      this.earlyRunning = false;
      const next = this.earlyNext;
      this.earlyNext = null;
      if (next !== null && next !== sentence) this.embedEarly(next);
    });
    this.early = { sentence, vector };
  }

  async onDtmf(digit: string): Promise<AgentSpeech> {
    const stop = await this.keepAlive();
    if (stop) return this.stopWith(stop, [this.entry('caller', `[pressed ${digit}]`)]);
    const started = performance.now();
    const reply = this.conversation.onDtmf(digit);
    this.record([this.entry('caller', `[pressed ${digit}]`)], reply, performance.now() - started);
    this.keepGaps(null, reply);
    return this.speech(reply);
  }

  async onSilence(): Promise<AgentSpeech> {
    const stop = await this.keepAlive();
    if (stop) return this.stopWith(stop, []);
    const reply = this.conversation.onSilence();
    this.record([], reply, null);
    this.keepGaps(null, reply);
    return this.speech(reply);
  }

  async onInterrupt(spokenText: string): Promise<void> {
    const index = this.lastAgentIndex;
    if (index === null) return;
    const heard = spokenText.trim();
    if (heard === '' || heard.length >= this.lastAgentText.length) return;
    this.lastAgentText = heard;
    const entry = this.recorded[index];
    if (entry) {
      entry.text = heard;
      entry.interrupted = true;
    }
    this.write(() => truncateTranscriptEntry(this.o.deps.db, this.o.callId, index, heard));
  }

  /**
   * Called every few seconds by the connection holding the call, and before each turn. Writes the heartbeat (every
   * HEARTBEAT_MS) and, shortly before the call enters a minute it does not hold, holds that minute too, in the
   * database, against the account's limit and its other calls in progress. When no minute is left, or the call
   * was closed meanwhile by another instance's sweep, it returns the polite end the caller hears; null otherwise.
   * A database failure here keeps the call going: it is still billed when it ends.
   */
  async tick(): Promise<AgentSpeech | null> {
    const stop = await this.keepAlive();
    return stop ? this.stopWith(stop, []) : null;
  }

  private async keepAlive(): Promise<'no_minutes' | 'closed_elsewhere' | null> {
    if (this.stopped || this.closed) return null;
    const { deps, callId, agent, startedAt } = this.o;
    const now = deps.clock.now();
    const elapsedS = (now.getTime() - startedAt.getTime()) / 1000;
    const needed = Math.floor((elapsedS + NEXT_MINUTE_NOTICE_S) / 60) + 1;
    try {
      if (needed > this.reserved) {
        const held = await inTransaction(deps.db, async (trx) => {
          if (!(await holdCallMinutes(trx, { userId: agent.userId, minutes: needed, callId, now }))) {
            return 'no_minutes' as const;
          }
          return (await setReservedMinutes(trx, callId, needed, now))
            ? ('held' as const)
            : 'closed_elsewhere';
        });
        if (held !== 'held') return held;
        this.reserved = needed;
        this.lastBeatMs = now.getTime();
      } else if (now.getTime() - this.lastBeatMs >= HEARTBEAT_MS) {
        const open = await recordHeartbeat(deps.db, callId, now);
        this.lastBeatMs = now.getTime();
        if (!open) return 'closed_elsewhere';
      }
    } catch (error) {
      this.o.log?.error({ err: error, callId }, 'call heartbeat failed; the call goes on');
    }
    return null;
  }

  /** The runtime ends the call: the caller is told, and transferred when the business has a transfer number. */
  private stopWith(reason: 'no_minutes' | 'closed_elsewhere', callerEntries: TranscriptEntry[]): AgentSpeech {
    this.stopped = reason;
    const transferTo = this.isOpen ? this.o.agent.transferNumber : null;
    const text = transferTo
      ? "I'm sorry, I can't continue this call right now, so I'll transfer you. Please hold."
      : "I'm sorry, I can't continue this call right now. Please call again later. Goodbye.";
    const handoff = { reason: 'unavailable', ...(transferTo ? { transfer_to: transferTo } : {}) };
    this.lastHandoff = handoff;
    this.recordEntries([...callerEntries, this.entry('agent', text)], null);
    return { text, end: handoff, ...this.spokenEntry() };
  }

  close(): Promise<void> {
    this.closed ??= this.finish().catch((error: unknown) => {
      this.o.log?.error({ err: error, callId: this.o.callId }, 'finishing a call failed');
    });
    return this.closed;
  }

  private async finish(): Promise<void> {
    await this.writes;
    const { deps, callId, agent } = this.o;
    const endedAt = deps.clock.now();
    const durationS = Math.max(0, Math.round((endedAt.getTime() - this.o.startedAt.getTime()) / 1000));
    const state = this.conversation.state;
    const outcome: CallOutcome = state.outcome ?? 'abandoned';
    const escalation = state.escalation
      ? {
          reason: state.escalation.reason,
          question: state.escalation.question,
          message: state.escalation.message,
          transferTo: state.escalation.transferTo,
        }
      : null;
    let summary = summarizeCall({
      outcome,
      transcript: this.recorded,
      escalation,
      declinedQuestions: state.declinedQuestions,
    });
    const stopped = this.stopped === 'no_minutes' ? ' The call was ended: the minutes ran out.' : '';
    const message = escalation?.message
      ? parseCallerMessage(
          escalation.message,
          this.o.callerNumber,
          this.isOpen ? 'no_transfer' : 'after_hours',
        )
      : null;
    // A model may word the summary from the same facts; the local summary stands when it fails or says nothing.
    if (deps.providers.llm.kind !== 'extractive' && this.recorded.some((e) => e.speaker === 'caller')) {
      summary =
        (await deps.providers.llm
          .summarizeCall({
            companyName: agent.companyName,
            outcome,
            transcript: this.recorded,
            facts: summary,
          })
          .catch(() => null)) ?? summary;
    }
    await finishAndBillCall(
      deps.db,
      { id: callId, userId: agent.userId },
      { endedAt, durationS, outcome, summary: summary + stopped, handoff: this.lastHandoff, message },
      endedAt,
    );
    await Promise.resolve(this.o.hooks.onMinutesUsed?.(agent.userId)).catch((error: unknown) =>
      this.o.log?.error({ err: error, callId }, 'minutes usage alert failed'),
    );
    if (escalation) {
      const alert: EscalatedCall = {
        callId,
        userId: agent.userId,
        companyName: agent.companyName,
        contactEmail: agent.contactEmail,
        callerNumber: this.o.callerNumber,
        startedAt: this.o.startedAt,
        durationS,
        ...escalation,
        callerMessage: message,
        transcript: this.recorded.map((e) => ({ speaker: e.speaker, text: e.text, at_s: e.at_s })),
      };
      await this.o.hooks.onEscalated(alert);
    }
  }

  /**
   * Picks up the agent's current index (one indexed lookup per turn): rebuilt by the cache when the documents
   * changed, or when passages it had without a vector have theirs now.
   */
  private async refreshKnowledge(): Promise<void> {
    const version = await findKnowledgeVersion(this.o.deps.db, this.o.agent.id);
    if (version === undefined) return;
    this.current = await this.o.knowledge.get(this.o.agent, version);
  }

  /**
   * The question's sentence vector, ready when the caller's last partial prompt had the same sentence; null (the
   * agent transfers as it would without) when the encoder fails.
   */
  private meaningOf(text: string, early: CallSession['early']): Promise<Float32Array | null> {
    const sentence = questionSentence(this.conversation.meaningSentence(text));
    return early?.sentence === sentence ? early.vector : this.embed(sentence, 'call');
  }

  private async embed(sentence: string, priority: EmbedPriority): Promise<Float32Array | null> {
    try {
      const [vector] = await this.o.deps.providers.encoder.embed([sentence], priority);
      return vector ?? null;
    } catch (error) {
      this.o.log?.warn({ err: error }, 'search by meaning failed; the agent transfers instead');
      return null;
    }
  }

  /** With a model configured, the answer is reworded from the same passages; the extractive text is the fallback. */
  private async word(reply: AgentReply): Promise<string> {
    const llm = this.o.deps.providers.llm;
    if (!reply.answer || llm.kind === 'extractive') return reply.text;
    try {
      return (await llm.composeAnswer(reply.answer)) ?? reply.text;
    } catch (error) {
      this.o.log?.warn({ err: error }, 'answer wording failed; using the extractive answer');
      return reply.text;
    }
  }

  private entry(speaker: 'agent' | 'caller', text: string, reply?: AgentReply): TranscriptEntry {
    const atS =
      Math.round(((this.o.deps.clock.now().getTime() - this.o.startedAt.getTime()) / 1000) * 10) / 10;
    const entry: TranscriptEntry = { speaker, text, at_s: Math.max(0, atS) };
    if (reply) {
      entry.sources = reply.sources.map((s) => ({
        document: s.documentName,
        heading: s.heading,
        page: s.page,
        passage_id: s.passageId,
      }));
      if (reply.answer) entry.question = reply.answer.question;
    }
    return entry;
  }

  private record(callerEntries: TranscriptEntry[], reply: AgentReply, latencyMs: number | null): void {
    const entries = [...callerEntries];
    if (reply.text !== '') entries.push(this.entry('agent', reply.text, reply));
    if (reply.handoff) this.lastHandoff = { ...reply.handoff };
    const latency = latencyMs === null || reply.text === '' ? null : Math.round(latencyMs * 10) / 10;
    this.recordEntries(entries, latency);
  }

  /** Appends finished entries to the call (in order, off the reply's path); the last agent entry may be cut. */
  private recordEntries(entries: TranscriptEntry[], latency: number | null): void {
    if (entries.length === 0) return;
    const last = entries[entries.length - 1]!;
    if (last.speaker === 'agent') {
      this.lastAgentIndex = this.entries + entries.length - 1;
      this.lastAgentText = last.text;
    }
    this.entries += entries.length;
    this.recorded.push(...entries);
    this.write(() => appendTurn(this.o.deps.db, this.o.callId, entries, latency));
  }

  /** Hands this turn's knowledge gaps to the hook, in order with the transcript (after the turn is written). */
  private keepGaps(callerText: string | null, reply: AgentReply): void {
    const onGaps = this.o.hooks.onKnowledgeGaps;
    if (!onGaps) return;
    const gaps = this.gaps.afterTurn(callerText, reply, this.conversation.state);
    if (gaps.length === 0) return;
    const askedAt = this.o.deps.clock.now();
    const { callId, agent } = this.o;
    this.write(async () => {
      await onGaps({ userId: agent.userId, agentId: agent.id, callId, askedAt, gaps });
    });
  }

  private write(fn: () => Promise<void>): void {
    this.writes = this.writes.then(fn).catch((error: unknown) => {
      this.o.log?.error({ err: error, callId: this.o.callId }, 'recording a turn failed');
    });
  }

  private speech(reply: AgentReply): AgentSpeech {
    const entry = reply.text === '' ? {} : this.spokenEntry();
    if (reply.action !== 'end') return { text: reply.text, end: null, ...entry };
    return {
      text: reply.text,
      end: reply.handoff ? { ...reply.handoff } : { reason: 'completed' },
      ...entry,
    };
  }

  /** The entry just recorded for the agent's reply (record() runs before speech()). */
  private spokenEntry(): { entry?: SpokenEntry } {
    const index = this.lastAgentIndex;
    if (index === null) return {};
    const { callId, agent } = this.o;
    return { entry: { callId, index, ownerId: agent.userId, voiceId: agent.voiceId } };
  }
}
