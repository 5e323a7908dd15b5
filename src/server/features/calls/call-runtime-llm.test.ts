import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleLlm } from '../../providers/llm/openai-compatible.ts';
import { databaseTargets, useTestApp } from '../../test/harness.ts';
import { eventually, openRelay, seedActiveAgent } from './calls-test-helpers.ts';

/** A local OpenAI-compatible server: words answers from the passages it is given, summarizes calls. */
const prompts: string[] = [];
const answerPrompts: string[] = [];
let failAnswers = false;
const server = createServer(async (req, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
  const system = body.messages[0]!.content;
  const user = body.messages[1]!.content;
  prompts.push(user);
  if (/ONLY the passages/.test(system)) answerPrompts.push(user);
  if (failAnswers && /ONLY the passages/.test(system)) {
    res.writeHead(500).end('{}');
    return;
  }
  const content = /ONLY the passages/.test(system)
    ? /Elm Street/.test(user)
      ? 'You can park for free behind the building; the entrance is on Elm Street.'
      : 'NO_ANSWER'
    : 'The caller asked where to park and was told about the lot on Elm Street.';
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ choices: [{ message: { content } }] }));
});
let base = '';
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(databaseTargets())('answer wording with an OpenAI-compatible model (%s)', (target) => {
  const ctx = useTestApp(target, {
    providers: () => ({ llm: createOpenAiCompatibleLlm({ baseUrl: base, model: 'fake' }) }),
  });

  it('words the answer from the retrieved passages only and summarizes the call; the sources stay recorded', async () => {
    failAnswers = false;
    const owner = await seedActiveAgent(ctx());
    const relay = await openRelay(ctx().app);
    relay.setup(owner.number);
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
    expect(call.transcript[2]!.sources?.[0]?.document).toBe('faq.txt');
  });

  it('falls back to the extractive answer when the model fails; escalation never asks the model', async () => {
    failAnswers = true;
    const owner = await seedActiveAgent(ctx());
    const relay = await openRelay(ctx().app);
    relay.setup(owner.number);
    await relay.reply();
    relay.prompt('Where can I park?');
    expect((await relay.reply()).text).toBe(
      'Free parking is available behind the building, entrance on Elm Street.',
    );
    const before = answerPrompts.length;
    relay.prompt('Do you sell helicopters?');
    expect((await relay.reply()).end).toEqual({ reason: 'no_answer', transfer_to: '+15557654321' });
    expect(answerPrompts.length).toBe(before);
  });
});
