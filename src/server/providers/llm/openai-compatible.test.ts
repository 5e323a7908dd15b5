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

describe('grounding of worded answers', () => {
  const withContent = (content: string) => () => ({
    status: 200,
    json: { choices: [{ message: { content } }] },
  });
  const request = {
    companyName: 'Acme',
    question: 'How much is an e-bike for a day?',
    passages: [
      {
        id: 'p2',
        documentName: 'prices.txt',
        heading: 'Rental prices',
        page: null,
        text: 'City bikes cost $20 a day. E-bikes cost $45 a day. Helmets are included.',
      },
    ],
    sentences: ['E-bikes cost $45 a day.'],
  };

  it('sends the model only the evidence sentences the engine chose', async () => {
    reply = withContent('An e-bike costs $45 a day.');
    const llm = createOpenAiCompatibleLlm({ baseUrl: base(), model: 'tiny' });
    expect(await llm.composeAnswer(request)).toBe('An e-bike costs $45 a day.');
    const prompt = requests.at(-1)!.body.messages[1]!.content;
    expect(prompt).toContain('E-bikes cost $45 a day.');
    expect(prompt).not.toContain('City bikes');
  });

  it('falls back to the extractive answer when the wording disagrees with the evidence', async () => {
    const llm = createOpenAiCompatibleLlm({ baseUrl: base(), model: 'tiny' });
    reply = withContent('An e-bike costs $40 a day.');
    expect(await llm.composeAnswer(request)).toBeNull();
    reply = withContent(
      'You can rent an e-bike with free insurance, delivery to your hotel and a guided tour.',
    );
    expect(await llm.composeAnswer(request)).toBeNull();
  });
});
