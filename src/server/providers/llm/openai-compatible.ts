import { z } from 'zod';
import { evidenceText, isGrounded, toSpokenText } from '../../agent/answer-composer.ts';
import type { AnswerRequest } from '../../agent/answer-composer.ts';
import { ProviderError } from '../../lib/errors.ts';
import type { CallSummaryRequest, LlmProvider } from './llm.ts';

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** A caller is waiting: past this the runtime falls back to the extractive answer. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** Any server speaking OpenAI's POST /chat/completions (OpenAI, vLLM, llama.cpp, Ollama, LM Studio...). */
export function createOpenAiCompatibleLlm(options: OpenAiCompatibleOptions): LlmProvider {
  const base = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 4000;

  const complete = async (system: string, user: string, maxTokens: number): Promise<string> => {
    let response: Response;
    try {
      response = await doFetch(`${base}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.2,
          max_tokens: maxTokens,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError('llm', (error as Error).message, true, { cause: error });
    }
    if (!response.ok) throw new ProviderError('llm', `HTTP ${response.status}`, response.status >= 500);
    const parsed = completionSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new ProviderError('llm', 'unexpected response shape', false);
    return parsed.data.choices[0]!.message.content?.trim() ?? '';
  };

  return {
    kind: 'openai-compatible',
    async composeAnswer(request: AnswerRequest) {
      // The evidence sentences the engine chose, when it read them; the model sees nothing else.
      const sources =
        request.sentences && request.sentences.length > 0
          ? `[1] ${request.sentences.join(' ')}`
          : request.passages
              .map((p, i) => `[${i + 1}] ${p.heading ? `${p.heading}\n` : ''}${p.text}`)
              .join('\n\n');
      const system =
        `You answer phone calls for ${request.companyName}. Answer the caller's question using ONLY the ` +
        'passages given. Reply in one to three short spoken sentences: no lists, no markdown, no URLs. ' +
        'If the passages do not contain the answer, reply exactly: NO_ANSWER';
      const text = await complete(system, `Passages:\n${sources}\n\nCaller: ${request.question}`, 160);
      if (text === '' || /NO_ANSWER/.test(text)) return null;
      const spoken = toSpokenText(text);
      // A wording that says what the evidence does not (another number, other facts) is not spoken.
      if (!isGrounded(spoken, evidenceText(request), request.question)) return null;
      return /[.!?]$/.test(spoken) ? spoken : `${spoken}.`;
    },
    async summarizeCall(request: CallSummaryRequest) {
      const lines = request.transcript
        .map((t) => `${t.speaker === 'agent' ? 'Agent' : 'Caller'}: ${t.text}`)
        .join('\n');
      const system =
        `Summarize this phone call to ${request.companyName} for the business owner in one or two plain ` +
        'sentences: the topics the caller asked about, what was answered (with the short answer, such as a ' +
        'price), what was declined or transferred and why, and any message taken. Say what happened; do not ' +
        "quote the caller's words back. Use only what the facts and the transcript say.";
      const facts = request.facts ? `Facts: ${request.facts}\n` : '';
      const text = await complete(system, `${facts}Outcome: ${request.outcome}\n\n${lines}`, 120);
      return text === '' ? null : text.replace(/\s+/g, ' ');
    },
  };
}
