/**
 * Knowledge gaps seen on a call (ADR 012): what the caller asked that the documents did not answer. Read from the
 * turn engine's replies and state after each turn, so the engine itself is unchanged:
 * - a question the agent declined (`declined`, the documents don't say);
 * - a question whose "are you asking …?" the caller said no to (`not_confirmed`), unless their correction was
 *   answered;
 * - the question asked just before the caller demanded a person (`before_person`);
 * - the question of a `no_answer` escalation not already kept (`no_answer`: e.g. two turns the agent could not
 *   make out).
 * Each wording is kept once per call.
 */
import { confirmationAnswer, detectIntent } from '../../agent/intent.ts';
import type { AgentReply, ConversationState } from '../../agent/turn-engine.ts';

export type GapKind = 'declined' | 'not_confirmed' | 'before_person' | 'no_answer';

export interface CallGap {
  question: string;
  kind: GapKind;
}

/** Questions longer than this are cut: a gap is a question, not a monologue. */
const MAX_QUESTION_CHARS = 500;

export class GapTracker {
  private declinedSeen = 0;
  private escalationSeen = false;
  /** The caller's last question (as the engine understood it), for a demand for a person that follows. */
  private lastQuestion: string | null = null;
  /** The caller's question the agent has just asked "are you asking …?" about. */
  private confirming: string | null = null;
  private readonly kept = new Set<string>();

  /** `callerText`: what the caller said this turn (null for a key press or silence). Returns the new gaps. */
  afterTurn(callerText: string | null, reply: AgentReply, state: ConversationState): CallGap[] {
    const gaps: CallGap[] = [];
    const keep = (question: string, kind: GapKind) => {
      const text = question.trim().slice(0, MAX_QUESTION_CHARS);
      const key = text.toLowerCase();
      if (text === '' || this.kept.has(key)) return;
      this.kept.add(key);
      gaps.push({ question: text, kind });
    };

    const confirming = this.confirming;
    this.confirming = null;
    if (confirming !== null && callerText !== null && !reply.answer) {
      const { answer } = confirmationAnswer(detectIntent(callerText).normalized);
      if (answer === 'no') keep(confirming, 'not_confirmed');
    }

    const declined = state.declinedQuestions.slice(this.declinedSeen);
    this.declinedSeen = state.declinedQuestions.length;
    for (const question of declined) keep(question, 'declined');

    if (state.escalation && !this.escalationSeen) {
      this.escalationSeen = true;
      const { reason, question } = state.escalation;
      if (reason === 'no_answer') {
        const key = question.trim().toLowerCase();
        // An accepted transfer after a decline names the declined question (or it with the caller's correction).
        if (![...this.kept].some((k) => key.includes(k))) keep(question, 'no_answer');
      } else if (this.lastQuestion !== null) {
        keep(this.lastQuestion, 'before_person');
      }
    }

    if (reply.answer) this.lastQuestion = reply.answer.question;
    else if (declined.length > 0) this.lastQuestion = declined[declined.length - 1]!;
    else if (reply.intent === 'confirm' && callerText !== null) this.lastQuestion = callerText;
    if (reply.intent === 'confirm' && callerText !== null) this.confirming = callerText;
    return gaps;
  }
}
