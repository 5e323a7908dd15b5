import type { Env } from '../../env.ts';
import { createElevenLabsHostedAgents } from './elevenlabs.ts';
import type { HostedAgentProvider } from './hosted-agents.ts';
import { localHostedAgents } from './local.ts';

/** ElevenLabs Agents when ELEVENLABS_API_KEY is set, else the product's own call runtime. */
export function createHostedAgentProvider(env: Env): HostedAgentProvider {
  if (!env.ELEVENLABS_API_KEY) return localHostedAgents;
  return createElevenLabsHostedAgents({
    apiKey: env.ELEVENLABS_API_KEY,
    baseUrl: env.ELEVENLABS_BASE_URL,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN }
        : undefined,
  });
}
