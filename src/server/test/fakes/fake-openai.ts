import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface ChatRequest {
  auth: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

/**
 * A local OpenAI-compatible chat-completions server for the test file that calls it: each request is recorded
 * and answered by `respond` (status and JSON body). Returns the `/v1` base URL (read it inside tests).
 */
export function fakeOpenAiServer(respond: (request: ChatRequest) => { status: number; json: unknown }): {
  base: () => string;
  requests: ChatRequest[];
} {
  const requests: ChatRequest[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const request: ChatRequest = { auth: req.headers.authorization, body: JSON.parse(raw) };
    requests.push(request);
    const { status, json } = respond(request);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  });
  let base = '';
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { base: () => base, requests };
}
