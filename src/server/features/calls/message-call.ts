import type { AgentSpeech, LiveCallHandle } from './call-types.ts';

/** What a caller hears when the account's minutes ran out and there is no transfer number (ADR 042). */
export function messagePrompt(agent: { companyName: string }): string {
  return `Thanks for calling ${agent.companyName}. We can't take your call right now, but you can leave a message. Please tell me your name, your number and your message.`;
}

/**
 * The softphone's side of a call refused for lack of minutes: the prompt, then the caller's next words are the
 * message. It holds no minutes and the call row is already closed (rejected_no_minutes); the message is added to it.
 * Twilio calls do the same with a speech <Gather> (voice.routes.ts).
 */
export class MessageCall implements LiveCallHandle {
  private done = false;
  private silences = 0;

  constructor(
    private readonly prompt: string,
    private readonly companyName: string,
    private readonly record: (text: string) => Promise<string>,
  ) {}

  async greet(): Promise<AgentSpeech> {
    return { text: this.prompt, end: null };
  }

  async onCallerText(text: string): Promise<AgentSpeech> {
    if (this.done) return { text: '', end: { reason: 'message' } };
    if (text.trim() === '')
      return { text: 'Sorry, I did not catch that. Please say your message.', end: null };
    this.done = true;
    return { text: await this.record(text), end: { reason: 'message' } };
  }

  onPartialText(): void {}

  async onDtmf(): Promise<AgentSpeech> {
    return { text: 'Please say your name, your number and your message.', end: null };
  }

  async onSilence(): Promise<AgentSpeech> {
    this.silences++;
    if (this.silences < 2) return { text: 'Are you still there? Please leave your message.', end: null };
    this.done = true;
    return { text: `Thanks for calling ${this.companyName}. Goodbye.`, end: { reason: 'message' } };
  }

  async onInterrupt(): Promise<void> {}

  async tick(): Promise<AgentSpeech | null> {
    return null;
  }

  async close(): Promise<void> {}
}
