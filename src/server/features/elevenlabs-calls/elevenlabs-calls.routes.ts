import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requestedAgentId } from '../../accounts/agent-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { PROVIDER_WEBHOOK, requireUser, userOf } from '../../lib/security.ts';
import {
  conversationSchema,
  createConversationReader,
  parseConversation,
  verifyElevenLabsSignature,
  webhookSchema,
  type ParsedConversation,
} from './elevenlabs-conversation.ts';

/** The agent a hosted conversation belongs to, as this feature needs it. */
interface HostedAgent {
  id: string;
  userId: string;
  transferNumber: string | null;
}

/** What this feature needs from the call records (the calls feature provides it; wired in features/index.ts). */
export interface HostedCallStore<A extends HostedAgent = HostedAgent> {
  findAgentByHostedId(hostedAgentId: string): Promise<A | undefined>;
  /** The agent a request acts on (ADR 044): the one named by agent_id, else the account's only one. */
  findAgentOfUser(userId: string, agentId: string | undefined): Promise<A | undefined>;
  recordHostedCall(input: {
    agent: A;
    provider: 'elevenlabs';
    providerCallId: string;
    callerNumber: string;
    startedAt: Date;
    durationS: number;
    transcript: ParsedConversation['transcript'];
    outcome: ParsedConversation['outcome'];
    summary: string | null;
    escalation: ParsedConversation['escalation'];
  }): Promise<{ id: string; created: boolean }>;
  /** Which of these provider call ids are already stored. */
  knownHostedCallIds(provider: 'elevenlabs', providerCallIds: string[]): Promise<Set<string>>;
  reconcileTwilioDurations(userId: string): Promise<number | null>;
}

export interface HostedAgentIdSource {
  /** The agent's ElevenLabs agent id (one per number), or null when the product's own runtime answers. */
  hostedAgentIdOf(agentId: string): Promise<string | null>;
}

/**
 * ElevenLabs-hosted agents: finished conversations arrive by the post-call webhook (HMAC-verified) or by Sync
 * Calls, and are stored as calls once per conversation id, with minutes, outcome and alerts like any call.
 */
export function elevenlabsCallsRoutes<A extends HostedAgent>(
  deps: AppDeps,
  store: HostedCallStore<A>,
  hosted: HostedAgentIdSource,
): FastifyPluginAsyncZod {
  const { env } = deps;
  const store1 = async (agent: A, parsed: ParsedConversation) =>
    store.recordHostedCall({
      agent,
      provider: 'elevenlabs',
      providerCallId: parsed.conversationId,
      callerNumber: parsed.callerNumber,
      startedAt: parsed.startedAt,
      durationS: parsed.durationS,
      transcript: parsed.transcript,
      outcome: parsed.outcome,
      summary: parsed.summary,
      escalation: parsed.escalation,
    });

  return async (app) => {
    // The HMAC covers the exact bytes: keep this route's JSON body as the raw string.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );

    app.post('/elevenlabs/webhook', { config: PROVIDER_WEBHOOK }, async (request, reply) => {
      const secret = env.ELEVENLABS_WEBHOOK_SECRET;
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['elevenlabs-signature'];
      if (
        !secret ||
        !verifyElevenLabsSignature(raw, typeof header === 'string' ? header : undefined, secret, Date.now())
      ) {
        throw new AppError('forbidden', 'Invalid ElevenLabs signature');
      }
      let event: z.infer<typeof webhookSchema>;
      try {
        event = webhookSchema.parse(JSON.parse(raw));
      } catch {
        throw new AppError('bad_request', 'Invalid webhook payload');
      }
      if (event.type !== 'post_call_transcription') return reply.send({ received: true });
      const conversation = conversationSchema.safeParse(event.data);
      if (!conversation.success) throw new AppError('bad_request', 'Invalid conversation payload');
      const agent = await store.findAgentByHostedId(conversation.data.agent_id);
      // An agent we no longer know (deleted configuration): acknowledged so ElevenLabs stops retrying.
      if (!agent) return reply.send({ received: true, stored: false });
      const result = await store1(agent, parseConversation(conversation.data, agent.transferNumber));
      return reply.send({ received: true, stored: result.created });
    });

    app.post(
      '/calls/sync-from-elevenlabs',
      { preHandler: requireUser(deps), schema: { response: { 200: z.object({ message: z.string() }) } } },
      async (request) => {
        const user = userOf(request);
        const agent = await store.findAgentOfUser(user.id, requestedAgentId(request));
        if (!agent) throw new AppError('not_found', 'Please configure your agent first');
        const hostedId = await hosted.hostedAgentIdOf(agent.id);
        if (hostedId && env.ELEVENLABS_API_KEY) {
          const reader = createConversationReader({
            apiKey: env.ELEVENLABS_API_KEY,
            baseUrl: env.ELEVENLABS_BASE_URL,
          });
          // Read everything first: a provider failure part-way stores nothing. Conversations already stored (by
          // the webhook or an earlier sync) are not read again.
          const failed = (error: unknown): never => {
            request.log.warn({ err: error }, 'ElevenLabs sync failed');
            throw new AppError('provider_unavailable', 'Failed to sync conversations');
          };
          const ids = await reader.listFinishedConversationIds(hostedId).catch(failed);
          const known = await store.knownHostedCallIds('elevenlabs', ids);
          const parsed: ParsedConversation[] = [];
          for (const id of ids.filter((i) => !known.has(i))) {
            const conversation = await reader.getConversation(id).catch(failed);
            parsed.push(parseConversation(conversation, agent.transferNumber));
          }
          let added = 0;
          // Oldest first, like the calls happened.
          for (const conversation of parsed.reverse()) {
            if ((await store1(agent, conversation)).created) added++;
          }
          return {
            message:
              added > 0 ? `Synced ${added} new call${added === 1 ? '' : 's'}` : 'Your calls are up to date',
          };
        }
        const updated = await store.reconcileTwilioDurations(user.id).catch((error: unknown) => {
          request.log.warn({ err: error }, 'Twilio duration sync failed');
          throw new AppError('provider_unavailable', 'Failed to sync conversations');
        });
        if (updated !== null && updated > 0) {
          return { message: `Updated ${updated} call duration${updated === 1 ? '' : 's'} from Twilio` };
        }
        return { message: 'Your calls are up to date' };
      },
    );
  };
}
