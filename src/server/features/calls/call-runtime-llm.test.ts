import { describe, expect, it } from 'vitest';
import { createOpenAiCompatibleLlm } from '../../providers/llm/openai-compatible.ts';
import { fakeOpenAiServer } from '../../test/fakes/fake-openai.ts';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { dial, eventually, seedActiveAgent } from './calls-test-helpers.ts';

/** A local OpenAI-compatible server: words answers from the passages it is given, summarizes calls. */
const prompts: string[] = [];
const answerPrompts: string[] = [];
let failAnswers = false;
const { base } = fakeOpenAiServer(({ body }) => {
  const system = body.messages[0]!.content;
  const user = body.messages[1]!.content;
  prompts.push(user);
  const answering = /ONLY the passages/.test(system);
  if (answering) answerPrompts.push(user);
  if (failAnswers && answering) return { status: 500, json: {} };
  const content = answering
    ? /Elm Street/.test(user)
      ? 'You can park for free behind the building; the entrance is on Elm Street.'
      : 'NO_ANSWER'
    : 'The caller asked where to park and was told about the lot on Elm Street.';
  return { status: 200, json: { choices: [{ message: { content } }] } };
});

describe.each(databaseTargets())('answer wording with an OpenAI-compatible model (%s)', (target) => {
  const ctx = useTestApp(target, {
    providers: () => ({ llm: createOpenAiCompatibleLlm({ baseUrl: base(), model: 'fake' }) }),
  });

  it('words the answer from the retrieved passages only and summarizes the call; the sources stay recorded', async () => {
    failAnswers = false;
    const owner = await seedActiveAgent(ctx());
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();
    relay.prompt('Where can I park?');
    expect((await relay.reply()).text).toBe(
      'You can park for free behind the building; the entrance is on Elm Street.',
    );
    // The model only saw the passage retrieval chose, not the whole knowledge base.
    expect(prompts.at(-1)).toContain('Elm Street');
    expect(prompts.at(-1)).not.toContain('boiler');
    relay.prompt('bye');
    await relay.reply();
    relay.close();
    const call = await eventually(() =>
      ctx().db.selectFrom('calls').selectAll().where('outcome', 'is not', null).executeTakeFirst(),
    );
    expect(call.summary).toBe('The caller asked where to park and was told about the lot on Elm Street.');
    // The model words the product's own summary: the facts, not just the transcript.
    expect(prompts.find((p) => p.startsWith('Facts:'))).toMatch(/^Facts: Asked about parking \(answered\)\./);
    expect(call.transcript[2]!.sources?.[0]?.document).toBe('faq.txt');
  });

  it('falls back to the extractive answer when the model fails; escalation never asks the model', async () => {
    failAnswers = true;
    const owner = await seedActiveAgent(ctx());
    const relay = await dial(ctx().app, owner.number);
    await relay.reply();
    relay.prompt('Where can I park?');
    expect((await relay.reply()).text).toBe(
      'Free parking is available behind the building, entrance on Elm Street.',
    );
    const before = answerPrompts.length;
    relay.prompt('Do you sell helicopters?');
    expect((await relay.reply()).text).toMatch(/don't have that information/);
    expect(answerPrompts.length).toBe(before);
  });
});
