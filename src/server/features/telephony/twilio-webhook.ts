import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { publicBaseUrl, type Env } from '../../env.ts';

/** Twilio sends calls here when its keys are configured; otherwise calls come from the local phone network. */
export function twilioConfigured(env: Env): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN);
}

/** The URL Twilio called, rebuilt from PUBLIC_BASE_URL (the request may have come through a proxy). */
function publicUrl(env: Env, request: FastifyRequest): string {
  return `${publicBaseUrl(env)}${request.url}`;
}

/** X-Twilio-Signature over the public URL and the POSTed form params. */
export function verifyTwilioWebhook(
  env: Env,
  request: FastifyRequest,
  params: Record<string, unknown>,
): boolean {
  const signature = request.headers['x-twilio-signature'];
  if (!env.TWILIO_AUTH_TOKEN || typeof signature !== 'string') return false;
  return twilio.validateRequest(env.TWILIO_AUTH_TOKEN, signature, publicUrl(env, request), params);
}

/** ConversationRelay signs its WebSocket handshake over the wss:// URL (no params). */
export function verifyTwilioHandshake(env: Env, request: FastifyRequest): boolean {
  const signature = request.headers['x-twilio-signature'];
  if (!env.TWILIO_AUTH_TOKEN || typeof signature !== 'string') return false;
  const https = publicUrl(env, request);
  const wss = https.replace(/^http/, 'ws');
  return [wss, https].some((url) => twilio.validateRequest(env.TWILIO_AUTH_TOKEN!, signature, url, {}));
}

export function relayUrl(env: Env): string {
  return `${publicBaseUrl(env).replace(/^http/, 'ws')}/api/twilio/conversation-relay`;
}
