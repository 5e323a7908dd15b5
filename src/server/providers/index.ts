import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { IdentityProvider } from './identity/identity.ts';
import { createGoogleIdentity } from './identity/google.ts';
import { localIdentity } from './identity/local.ts';
import type { EmailProvider } from './email/email.ts';
import { localEmail } from './email/local.ts';
import { createSmtpEmail } from './email/smtp.ts';
import type { LlmProvider } from './llm/llm.ts';
import { extractiveLlm } from './llm/local.ts';
import { createOpenAiCompatibleLlm } from './llm/openai-compatible.ts';
import path from 'node:path';
import type { TelephonyProvider } from './telephony/telephony.ts';
import { createLocalTelephony } from './telephony/local.ts';
import { createTwilioTelephony } from './telephony/twilio.ts';
import type { BlobStore } from './blobs/blobs.ts';
import { createLocalBlobStore } from './blobs/local.ts';
import { createS3BlobStore } from './blobs/s3.ts';
import type { PaymentsProvider } from './payments/payments.ts';
import { LocalPaymentsProvider } from './payments/local.ts';
import { StripePaymentsProvider } from './payments/stripe.ts';
import type { VoiceProvider } from './voices/voices.ts';
import { createLocalVoiceProvider, createVoiceProvider } from './voices/factory.ts';
import type { HostedAgentProvider } from './hosted-agents/hosted-agents.ts';
import { localHostedAgents } from './hosted-agents/local.ts';
import { createHostedAgentProvider } from './hosted-agents/factory.ts';
import type { SentenceEncoder } from '../agent/retrieval/meaning.ts';
import { universalSentenceEncoder } from '../agent/retrieval/use-encoder.ts';

/** Every external capability, each with a real adapter and a local one (ARCHITECTURE.md section 5). */
export interface Providers {
  identity: IdentityProvider;
  email: EmailProvider;
  llm: LlmProvider;
  /** Phone numbers: search, rent, release (Twilio, or the local phone network). */
  telephony: TelephonyProvider;
  /** Uploaded files (a local folder, or S3 when S3_BUCKET is set). */
  blobs: BlobStore;
  /** Checkout, subscriptions and webhooks (Stripe, or the built-in /local-checkout page). */
  payments: PaymentsProvider;
  /** The voice catalogue and previews (ElevenLabs, or offline eSpeak NG voices). */
  voices: VoiceProvider;
  /** Who answers an activated agent's calls (ElevenLabs Agents, or the product's own call runtime). */
  hostedAgents: HostedAgentProvider;
  /**
   * Sentence vectors for search by meaning. Always in-process (the Universal Sentence Encoder lite shipped in an
   * npm package): no service, no key; tests pass a stand-in.
   */
  encoder: SentenceEncoder;
}

export interface ProviderContext {
  env: Env;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The local implementation of every capability: what `npm start` and the tests use without keys. */
export function createLocalProviders(context: ProviderContext): Providers {
  return {
    identity: localIdentity,
    email: localEmail,
    llm: extractiveLlm,
    telephony: createLocalTelephony(context),
    blobs: createLocalBlobStore(path.join(context.env.DATA_DIR, 'blobs')),
    payments: new LocalPaymentsProvider(context.db, context.clock),
    voices: createLocalVoiceProvider(context.env),
    hostedAgents: localHostedAgents,
    encoder: universalSentenceEncoder,
  };
}

/** Picks the real adapter of each capability whose keys are configured, else the local one. */
export function createProviders(context: ProviderContext): Providers {
  const { env } = context;
  const providers = createLocalProviders(context);
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.identity = createGoogleIdentity({
      issuer: env.GOOGLE_ISSUER ?? 'https://accounts.google.com',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
    });
  }
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN) {
    providers.telephony = createTwilioTelephony({
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      apiBaseUrl: env.TWILIO_API_BASE_URL,
    });
  }
  if (env.SMTP_URL) providers.email = createSmtpEmail({ url: env.SMTP_URL, from: env.MAIL_FROM });
  if (env.LLM_BASE_URL) {
    providers.llm = createOpenAiCompatibleLlm({
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
    });
  }
  if (env.STRIPE_SECRET_KEY) {
    providers.payments = new StripePaymentsProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBaseUrl: env.STRIPE_API_BASE_URL,
    });
  }
  providers.voices = createVoiceProvider(env);
  providers.hostedAgents = createHostedAgentProvider(env);
  if (env.S3_BUCKET) {
    providers.blobs = createS3BlobStore({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
    });
  }
  return providers;
}

/** One line per capability naming the implementation in use, for the start log. */
export function describeProviders(providers: Providers): Record<string, string> {
  return {
    identity: providers.identity.kind,
    telephony: providers.telephony.kind,
    blobs: providers.blobs.kind,
    email: providers.email.kind,
    llm: providers.llm.kind,
    payments: providers.payments.kind,
    voices: providers.voices.kind,
    hostedAgents: providers.hostedAgents.kind,
    encoder: providers.encoder.kind,
  };
}
