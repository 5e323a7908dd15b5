import type { AnswerRequest } from '../../agent/answer-composer.ts';

export interface CallSummaryRequest {
  companyName: string;
  outcome: string;
  transcript: { speaker: 'agent' | 'caller'; text: string }[];
  /** The product's own summary (topics, answers, transfer and why): the model words these facts. */
  facts?: string;
}

/**
 * Answer wording and call summaries. `extractive` (local) never calls a model: answers are the engine's
 * extractive text and summaries are built by the call feature. `openai-compatible` words answers from the
 * retrieved passages only. Whether to answer or escalate is never asked of a model.
 */
export interface LlmProvider {
  readonly kind: 'extractive' | 'openai-compatible';
  /** Spoken answer grounded only on `request.passages`; null means "use the extractive answer". */
  composeAnswer(request: AnswerRequest): Promise<string | null>;
  /** One or two sentences about the call; null means "use the extractive summary". */
  summarizeCall(request: CallSummaryRequest): Promise<string | null>;
}
