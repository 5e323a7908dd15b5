/**
 * A local fake of the ElevenLabs HTTP API for tests (INTEGRATIONS.md section 1): speaks snake_case, returns the
 * minimum response shapes the SDK's strict parser needs, records every request and can be told to fail a route.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The query string, e.g. `?output_format=mp3_22050_32`. */
  search: string;
  /** Parsed JSON body, or for multipart the text fields plus `file` = { name, size, type, text }. */
  body: any;
}

export interface FakeElevenLabs {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** How many times each preview clip was downloaded. */
  previewDownloads: Map<string, number>;
  voices: { voice_id: string; name: string; description: string; labels: Record<string, string> }[];
  agents: Map<string, any>;
  documents: Map<string, { name: string; size: number }>;
  phoneNumbers: Map<string, { phone_number: string; label: string; assigned_agent: string | null }>;
  /** Conversations by id, in the wire shape of GET /v1/convai/conversations/{id} (snake_case, all required keys). */
  conversations: Map<string, any>;
  /** `METHOD /path-prefix` -> status to answer with instead. */
  failures: Map<string, number>;
  find(method: string, pathPrefix: string): RecordedRequest[];
  close(): Promise<void>;
}

/** 40 voices, like a real account's premade list. */
function makeVoices() {
  const names = ['Rachel', 'Drew', 'Clyde', 'Paul', 'Domi', 'Dave', 'Fin', 'Sarah', 'Antoni', 'Thomas'];
  return Array.from({ length: 40 }, (_, i) => ({
    voice_id: `voice${String(i).padStart(3, '0')}${'x'.repeat(12)}`,
    name: `${names[i % names.length]} ${i}`,
    description: i % 3 === 0 ? '' : `Voice number ${i}`,
    labels: {
      accent: i % 2 ? 'american' : 'british',
      gender: i % 2 ? 'female' : 'male',
      use_case: 'conversational',
    },
  }));
}

export async function startFakeElevenLabs(options: { apiKey?: string } = {}): Promise<FakeElevenLabs> {
  const apiKey = options.apiKey ?? 'test-eleven-key';
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${(++counter).toString(16).padStart(6, '0')}`;
  const state: Omit<FakeElevenLabs, 'url' | 'close' | 'find'> = {
    apiKey,
    requests: [],
    previewDownloads: new Map(),
    voices: makeVoices(),
    agents: new Map(),
    documents: new Map(),
    phoneNumbers: new Map(),
    conversations: new Map(),
    failures: new Map(),
  };
  let baseUrl = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function readBody(req: IncomingMessage): Promise<any> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    if (raw.length === 0) return undefined;
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: raw,
      }).formData();
      const out: Record<string, unknown> = {};
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') out[key] = value;
        else out[key] = { name: value.name, size: value.size, type: value.type, text: await value.text() };
      }
      return out;
    }
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      return raw.toString('utf8');
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'GET' && path.startsWith('/previews/')) {
      const id = path.slice('/previews/'.length).replace(/\.mp3$/, '');
      state.previewDownloads.set(id, (state.previewDownloads.get(id) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      // An ID3 header followed by filler: enough for "is this audio" checks.
      res.end(Buffer.concat([Buffer.from('ID3'), Buffer.alloc(4000, id.length)]));
      return;
    }
    const body = await readBody(req);
    state.requests.push({ method, path, headers: req.headers, search: url.search, body });
    if (req.headers['xi-api-key'] !== apiKey)
      return send(res, 401, { detail: { status: 'invalid_api_key' } });
    for (const [key, status] of state.failures) {
      const [m, prefix] = key.split(' ');
      if (m === method && prefix && path.startsWith(prefix))
        return send(res, status, { detail: 'injected failure' });
    }

    if (method === 'GET' && path === '/v1/voices') {
      return send(res, 200, {
        voices: state.voices.map((v) => ({
          ...v,
          category: 'premade',
          preview_url: `${baseUrl}/previews/${v.voice_id}.mp3`,
        })),
      });
    }
    const speech = /^\/v1\/text-to-speech\/([^/]+)\/stream$/.exec(path);
    if (method === 'POST' && speech) {
      const voiceId = decodeURIComponent(speech[1]!);
      if (!state.voices.some((v) => v.voice_id === voiceId))
        return send(res, 404, { detail: 'voice_not_found' });
      // "MP3" bytes that name the voice and the text, sent in two chunks as a stream would.
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.write(Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 1)]));
      res.end(Buffer.from(`${voiceId}:${String(body?.text ?? '')}`));
      return;
    }
    if (method === 'GET' && path.startsWith('/v1/voices/')) {
      const voice = state.voices.find((v) => v.voice_id === path.split('/')[3]);
      return voice ? send(res, 200, voice) : send(res, 404, { detail: 'voice not found' });
    }
    if (method === 'POST' && path === '/v1/convai/knowledge-base/file') {
      const id = nextId('kb');
      state.documents.set(id, { name: body?.name ?? body?.file?.name, size: body?.file?.size ?? 0 });
      return send(res, 200, { id, name: body?.name ?? body?.file?.name });
    }
    if (method === 'DELETE' && path.startsWith('/v1/convai/knowledge-base/')) {
      const id = path.split('/')[4]!;
      if (!state.documents.delete(id)) return send(res, 404, { detail: 'not found' });
      return send(res, 200, {});
    }
    if (method === 'POST' && path === '/v1/convai/agents/create') {
      const id = nextId('agent');
      state.agents.set(id, body);
      return send(res, 200, { agent_id: id });
    }
    if (path.startsWith('/v1/convai/agents/')) {
      const id = path.split('/')[4]!;
      if (!state.agents.has(id)) return send(res, 404, { detail: 'agent not found' });
      if (method === 'DELETE') {
        state.agents.delete(id);
        return send(res, 200, {});
      }
      if (method === 'PATCH') state.agents.set(id, { ...state.agents.get(id), ...body });
      const agent = state.agents.get(id);
      return send(res, 200, {
        agent_id: id,
        name: agent.name ?? '',
        conversation_config: agent.conversation_config ?? {},
        metadata: { created_at_unix_secs: 1, updated_at_unix_secs: 2 },
      });
    }
    if (method === 'POST' && path === '/v1/convai/phone-numbers') {
      const id = nextId('phnum');
      state.phoneNumbers.set(id, {
        phone_number: body.phone_number,
        label: body.label,
        assigned_agent: body.agent_id ?? null,
      });
      return send(res, 200, { phone_number_id: id });
    }
    if (path.startsWith('/v1/convai/phone-numbers/')) {
      const id = path.split('/')[4]!;
      const number = state.phoneNumbers.get(id);
      if (!number) return send(res, 404, { detail: 'phone number not found' });
      if (method === 'DELETE') {
        state.phoneNumbers.delete(id);
        return send(res, 200, {});
      }
      if (method === 'PATCH' && body?.agent_id) number.assigned_agent = body.agent_id;
      return send(res, 200, {
        provider: 'twilio',
        phone_number: number.phone_number,
        label: number.label,
        phone_number_id: id,
        ...(number.assigned_agent
          ? { assigned_agent: { agent_id: number.assigned_agent, agent_name: 'agent' } }
          : {}),
      });
    }
    if (method === 'GET' && path === '/v1/convai/conversations') {
      // Newest first, `page_size` a page, the cursor is the next offset.
      const agentId = url.searchParams.get('agent_id');
      const size = Number(url.searchParams.get('page_size') ?? 30);
      const offset = Number(url.searchParams.get('cursor') ?? 0);
      const all = [...state.conversations.values()]
        .filter((c) => !agentId || c.agent_id === agentId)
        .sort((a, b) => b.metadata.start_time_unix_secs - a.metadata.start_time_unix_secs);
      const page = all.slice(offset, offset + size);
      const hasMore = offset + size < all.length;
      return send(res, 200, {
        conversations: page.map((c) => ({
          agent_id: c.agent_id,
          conversation_id: c.conversation_id,
          start_time_unix_secs: c.metadata.start_time_unix_secs,
          call_duration_secs: c.metadata.call_duration_secs,
          message_count: c.transcript.length,
          status: c.status,
          call_successful: c.analysis?.call_successful ?? 'unknown',
          ...(c.analysis?.transcript_summary ? { transcript_summary: c.analysis.transcript_summary } : {}),
          direction: 'inbound',
        })),
        has_more: hasMore,
        ...(hasMore ? { next_cursor: String(offset + size) } : {}),
      });
    }
    if (method === 'GET' && path.startsWith('/v1/convai/conversations/')) {
      const conversation = state.conversations.get(decodeURIComponent(path.split('/')[4]!));
      return conversation
        ? send(res, 200, conversation)
        : send(res, 404, { detail: 'conversation not found' });
    }
    return send(res, 404, { detail: `no fake route for ${method} ${path}` });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...state,
    url: baseUrl,
    find: (method, prefix) => state.requests.filter((r) => r.method === method && r.path.startsWith(prefix)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
