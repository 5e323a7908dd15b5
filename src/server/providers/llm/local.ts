import type { LlmProvider } from './llm.ts';

/** No model: the runtime keeps the engine's extractive answers and its own extractive summaries. */
export const extractiveLlm: LlmProvider = {
  kind: 'extractive',
  async composeAnswer() {
    return null;
  },
  async summarizeCall() {
    return null;
  },
};
