/**
 * The calls feature's own types, shared by the service, the live session and the message-taking call. They live
 * here so that none of those modules imports another for a type (no import cycle).
 */
import type { CallMessage } from './call-message.ts';
import type { CallGap } from './call-gaps.ts';

export interface AgentSpeech {
  text: string;
  end: Record<string, unknown> | null;
  /** The transcript entry recording this reply: the owner's softphone fetches its audio by it (ADR 031). */
  entry?: SpokenEntry;
}

export interface SpokenEntry {
  callId: string;
  /** Index of the agent's entry in the call's transcript. */
  index: number;
  /** The account the call belongs to: only its owner may hear the reply's audio. */
  ownerId: string;
  /** The voice the agent speaks with. */
  voiceId: string | null;
}

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
  /** The message the caller left: name, call-back number, words, and why a message was taken (ADR 042). */
  callerMessage?: CallMessage | null;
}

/** The questions of one turn that the documents did not answer (see call-gaps.ts). */
export interface CallKnowledgeGaps {
  userId: string;
  /** The agent whose number was called (ADR 044): the gaps are that agent's. */
  agentId: string;
  callId: string;
  askedAt: Date;
  gaps: CallGap[];
}

export interface CallEndedHooks {
  onEscalated(call: EscalatedCall): Promise<unknown>;
  /** Keeps the questions the agent could not answer (the knowledge-gaps feature, wired in features/index.ts). */
  onKnowledgeGaps?(gaps: CallKnowledgeGaps): Promise<unknown>;
  /** After minutes were debited (or a call refused at the limit): the owner's 80 % and 100 % e-mails (ADR 042). */
  onMinutesUsed?(userId: string): Promise<unknown>;
}

export interface LiveCallHandle {
  greet(): Promise<AgentSpeech>;
  onCallerText(text: string): Promise<AgentSpeech>;
  /** The caller's words so far, while they are still speaking (ConversationRelay's partial prompts). */
  onPartialText(text: string): void;
  onDtmf(digit: string): Promise<AgentSpeech>;
  onSilence(): Promise<AgentSpeech>;
  onInterrupt(spokenText: string): Promise<void>;
  /** Every few seconds: heartbeat and the next minute's hold; the end the caller hears when the call must stop. */
  tick(): Promise<AgentSpeech | null>;
  close(): Promise<void>;
}
