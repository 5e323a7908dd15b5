import { describe, expect, it } from 'vitest';
import { fakeOpenAiServer } from '../../test/fakes/fake-openai.ts';
import { createOpenAiCompatibleLlm } from './openai-compatible.ts';

let reply: (body: unknown) => { status: number; json: unknown } = () => ({ status: 200, json: {} });
const { base, requests } = fakeOpenAiServer((request) => reply(request.body));

const passages = [
  {
    id: 'p1',
    documentName: 'faq.txt',
    heading: 'Parking',
    page: null,
    text: 'Free parking behind the building on Elm Street.',
  },
];

describe('OpenAI-compatible answer wording (local fake server)', () => {
  it('words an answer from the retrieved passages only, as plain speech', async () => {
    reply = () => ({
      status: 200,
      json: {
        choices: [
          {
            message: {
              role: 'assistant',
              content: 'Yes! **Free parking** is behind the building, see https://acme.com.',
            },
          },
        ],
      },
    });
    const llm = createOpenAiCompatibleLlm({ baseUrl: base(), apiKey: 'sk-test', model: 'tiny' });
    const text = await llm.composeAnswer({ companyName: 'Acme', question: 'Can I park?', passages });
    expect(text).toBe('Yes! Free parking is behind the building, see our website.');
    const sent = requests.at(-1)!;
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('tiny');
    expect(sent.body.messages[0]!.content).toMatch(/ONLY the passages/);
    expect(sent.body.messages[1]!.content).toContain('Elm Street');
  });

  it('returns null (extractive fallback) when the model says the passages lack the answer', async () => {
    reply = () => ({ status: 200, json: { choices: [{ message: { content: 'NO_ANSWER' } }] } });
    const llm = createOpenAiCompatibleLlm({ baseUrl: base(), model: 'tiny' });
    expect(await llm.composeAnswer({ companyName: 'Acme', question: 'Helicopters?', passages })).toBeNull();
  });

  it('throws a retryable provider error on a server failure, and summarizes a call', async () => {
    reply = () => ({ status: 503, json: { error: 'overloaded' } });
    const llm = createOpenAiCompatibleLlm({ baseUrl: base(), model: 'tiny' });
    await expect(
      llm.composeAnswer({ companyName: 'Acme', question: 'Parking?', passages }),
    ).rejects.toMatchObject({ retryable: true });
    reply = () => ({
      status: 200,
      json: {
        choices: [{ message: { content: 'The caller asked about parking\nand was told where it is.' } }],
      },
    });
    const summary = await llm.summarizeCall({
      companyName: 'Acme',
      outcome: 'answered',
      transcript: [{ speaker: 'caller', text: 'Parking?' }],
    });
    expect(summary).toBe('The caller asked about parking and was told where it is.');
  });
});
