/**
 * What the telephony routes need from the call runtime. The calls feature implements it; the app wires the two
 * together in features/index.ts (features never import each other).
 */

export interface CallStart {
  provider: 'twilio' | 'local';
  /** Twilio CallSid (or the softphone's call id): a replayed setup never makes a second call record. */
  providerCallId: string | null;
  /** The caller. */
  from: string;
  /** The agent's number. */
  to: string;
  /**
   * Set when the owner's own browser softphone places the call on a Twilio-configured server (no Twilio
   * signature, a signed-in session instead): only that owner's agent may be called.
   */
  ownerId?: string;
}

/** One reply of the agent. `end` is set when the call ends after it: the ConversationRelay handoffData. */
export interface AgentSpeech {
  text: string;
  end: Record<string, unknown> | null;
  /**
   * Where the reply is recorded: the call, the index of the agent's transcript entry, the account the call
   * belongs to and the agent's voice. The owner's softphone fetches the reply's audio by it (test-call-audio.ts).
   */
  entry?: SpokenEntry;
}

export interface LiveCall {
  greet(): Promise<AgentSpeech>;
  onCallerText(text: string): Promise<AgentSpeech>;
  /** The caller's words so far, while they are still speaking (ConversationRelay's partial prompts). */
  onPartialText(text: string): void;
  onDtmf(digit: string): Promise<AgentSpeech>;
  onSilence(): Promise<AgentSpeech>;
  /** The caller talked over the agent: `spokenText` is what they heard of the last reply. */
  onInterrupt(spokenText: string): Promise<void>;
  /**
   * Called every few seconds while the line is open: keeps the call's heartbeat and holds its next minute. Returns
   * what the caller hears when the call must end now (no minute left), else null.
   */
  tick(): Promise<AgentSpeech | null>;
  /** The line closed (hang-up, or after `end`): records, meters and alerts. Idempotent. */
  close(): Promise<void>;
}

export type CallAdmission =
  | {
      kind: 'connect';
      voiceId: string | null;
      companyName: string;
      /** Words and phrases of the business's documents for the recogniser (ConversationRelay `hints`). */
      speechHints: string[];
    }
  | {
      kind: 'unavailable';
      text: string;
      transferTo: string | null;
      /** The caller may leave a message (the minutes ran out and there is no transfer number): ADR 042. */
      takeMessage?: boolean;
    };

export interface CallRuntime {
  /** For the voice webhook: may this number take the call now? Records calls rejected for lack of minutes. */
  admit(start: CallStart): Promise<CallAdmission>;
  /**
   * After ConversationRelay's `setup`: starts the live call, or says the line is unavailable, or refuses a setup
   * whose provider call id is already another call's (the socket is closed without a word).
   */
  start(
    start: CallStart,
  ): Promise<
    | { kind: 'live'; call: LiveCall }
    | Extract<CallAdmission, { kind: 'unavailable' }>
    | { kind: 'refused'; reason: string }
  >;
  /**
   * The message a caller left on a Twilio call refused for lack of minutes (the speech <Gather>'s result); returns
   * what the caller hears before the line closes.
   */
  recordMessage(providerCallId: string, text: string): Promise<string>;
  /** Twilio's status callback: the final duration of a finished call. */
  recordProviderDuration(providerCallId: string, durationS: number): Promise<void>;
  /**
   * The text of an agent's entry in one of `ownerId`'s own softphone calls, and the voice its agent speaks with;
   * null when there is no such entry, the call is not theirs or not a softphone call, or it ended long ago. A live
   * call's latest entry may still be on its way to the database: it is waited for a moment.
   */
  findSpokenReply(ownerId: string, callId: string, index: number): Promise<SpokenReply | null>;
}

export interface SpokenEntry {
  callId: string;
  index: number;
  ownerId: string;
  voiceId: string | null;
}

export interface SpokenReply {
  text: string;
  voiceId: string;
}
