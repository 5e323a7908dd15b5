import { createHmac, timingSafeEqual } from 'node:crypto';
import { ElevenLabsClient, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import { z } from 'zod';
import { storableText } from '../../lib/request-text.ts';

/**
 * ElevenLabs conversations at the edge: the post-call webhook's signature and the conversation payload
 * (snake_case, the same shape as GET /v1/convai/conversations/{id}), parsed into a call of ours.
 */

const TOLERANCE_S = 30 * 60;

/**
 * `ElevenLabs-Signature: t=<unix>,v0=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, dated within 30 minutes of now
 * either way: a signature dated ahead would stay replayable until that date.
 */
export function verifyElevenLabsSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowMs: number,
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const v0 = parts.v0;
  if (!Number.isFinite(t) || !v0 || !/^[0-9a-f]+$/i.test(v0)) return false;
  if (Math.abs(nowMs / 1000 - t) > TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(v0, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const toolCallSchema = z.looseObject({
  tool_name: z.string().nullish(),
  params_as_json: z.string().nullish(),
});

export const conversationSchema = z.looseObject({
  agent_id: z.string(),
  conversation_id: z.string(),
  status: z.string(),
  transcript: z.array(
    z.looseObject({
      role: z.enum(['user', 'agent']),
      message: z.string().nullish(),
      time_in_call_secs: z.number(),
      tool_calls: z.array(toolCallSchema).nullish(),
    }),
  ),
  metadata: z.looseObject({
    start_time_unix_secs: z.number(),
    call_duration_secs: z.number(),
    phone_call: z
      .looseObject({ external_number: z.string().nullish(), agent_number: z.string().nullish() })
      .nullish(),
  }),
  analysis: z
    .looseObject({ call_successful: z.string().nullish(), transcript_summary: z.string().nullish() })
    .nullish(),
});

export type ElevenLabsConversation = z.infer<typeof conversationSchema>;

export const webhookSchema = z.looseObject({ type: z.string(), data: z.unknown() });

export interface ParsedConversation {
  conversationId: string;
  agentId: string;
  callerNumber: string;
  startedAt: Date;
  durationS: number;
  transcript: { speaker: 'agent' | 'caller'; text: string; at_s: number }[];
  outcome: 'answered' | 'escalated_requested' | 'abandoned';
  summary: string | null;
  escalation: {
    reason: 'requested';
    question: string | null;
    message: null;
    transferTo: string | null;
  } | null;
}

const TRANSFER_TOOL = /transfer/i;

/** A transfer tool call means the call was escalated; its phone number, when given, is where it went. */
export function parseConversation(
  c: ElevenLabsConversation,
  fallbackTransfer: string | null,
): ParsedConversation {
  const transcript: ParsedConversation['transcript'] = [];
  let transfer: { question: string | null; to: string | null } | null = null;
  let lastCaller: string | null = null;
  for (const turn of c.transcript) {
    // Caller text made storable: a NUL or a lone surrogate would fail the whole call's storage.
    const text = storableText(turn.message ?? '').trim();
    if (text !== '') {
      transcript.push({
        speaker: turn.role === 'user' ? 'caller' : 'agent',
        text,
        at_s: turn.time_in_call_secs,
      });
      if (turn.role === 'user') lastCaller = text;
    }
    const tool = (turn.tool_calls ?? []).find((t) => TRANSFER_TOOL.test(t.tool_name ?? ''));
    if (tool && !transfer) {
      let to: string | null = null;
      try {
        const params = JSON.parse(tool.params_as_json ?? '{}') as Record<string, unknown>;
        const candidate = params.phone_number ?? params.transfer_number ?? params.number;
        to = typeof candidate === 'string' ? storableText(candidate) : null;
      } catch {
        to = null;
      }
      transfer = { question: lastCaller, to: to ?? fallbackTransfer };
    }
  }
  const callerSpoke = transcript.some((t) => t.speaker === 'caller');
  return {
    conversationId: c.conversation_id,
    agentId: c.agent_id,
    callerNumber: storableText(c.metadata.phone_call?.external_number ?? 'unknown'),
    startedAt: new Date(c.metadata.start_time_unix_secs * 1000),
    durationS: Math.max(0, Math.round(c.metadata.call_duration_secs)),
    transcript,
    outcome: transfer ? 'escalated_requested' : callerSpoke ? 'answered' : 'abandoned',
    summary: storableText(c.analysis?.transcript_summary ?? '').trim() || null,
    escalation: transfer
      ? { reason: 'requested', question: transfer.question, message: null, transferTo: transfer.to }
      : null,
  };
}

/**
 * Lists and reads an agent's conversations through the official SDK (`conversations.list` / `.get`), for Sync
 * Calls. Only finished conversations (`done`: transcript and analysis complete) are returned; the SDK's camelCase
 * objects are put back into the webhook's snake_case shape so both paths share `parseConversation`.
 */
export function createConversationReader(options: {
  apiKey: string;
  baseUrl?: string | undefined;
  maxRetries?: number;
}) {
  const client = new ElevenLabsClient({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 1,
    timeoutInSeconds: 20,
  });
  const conversations = client.conversationalAi.conversations;
  return {
    /** Ids of the agent's finished conversations, newest first (at most `max`). */
    async listFinishedConversationIds(agentId: string, max = 500): Promise<string[]> {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await conversations.list({ agentId, pageSize: 100, ...(cursor ? { cursor } : {}) });
        for (const c of page.conversations) if (c.status === 'done') ids.push(c.conversationId);
        cursor = page.hasMore ? page.nextCursor : undefined;
      } while (cursor && ids.length < max);
      return ids.slice(0, max);
    },
    async getConversation(id: string): Promise<ElevenLabsConversation> {
      return conversationSchema.parse(toWireShape(await conversations.get(id)));
    },
  };
}

/** The SDK's conversation (camelCase) in the wire/webhook shape (snake_case) that `conversationSchema` reads. */
function toWireShape(c: ElevenLabs.GetConversationResponseModel): unknown {
  const phoneCall = c.metadata.phoneCall as { externalNumber?: string; agentNumber?: string } | undefined;
  return {
    agent_id: c.agentId,
    conversation_id: c.conversationId,
    status: c.status,
    transcript: c.transcript.map((t) => ({
      role: t.role,
      message: t.message ?? null,
      time_in_call_secs: t.timeInCallSecs,
      tool_calls: (t.toolCalls ?? []).map((tool) => ({
        tool_name: tool.toolName,
        params_as_json: tool.paramsAsJson,
      })),
    })),
    metadata: {
      start_time_unix_secs: c.metadata.startTimeUnixSecs,
      call_duration_secs: c.metadata.callDurationSecs,
      phone_call: phoneCall
        ? { external_number: phoneCall.externalNumber ?? null, agent_number: phoneCall.agentNumber ?? null }
        : null,
    },
    analysis: c.analysis
      ? { call_successful: c.analysis.callSuccessful, transcript_summary: c.analysis.transcriptSummary }
      : null,
  };
}
