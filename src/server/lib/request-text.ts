/**
 * Text a client sends must be storable: PostgreSQL refuses a NUL character in text ("invalid byte sequence
 * 0x00") and an unpaired UTF-16 surrogate in JSON, and silently replaces an unpaired surrogate in text. Requests
 * carrying either are refused up front with 422 naming the field, instead of failing later as a 500.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` cannot be stored, or undefined when it can. */
function textProblem(text: string): string | undefined {
  if (NUL.test(text)) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  return undefined;
}

/** Throws 422 naming `field` when `text` cannot be stored. */
export function assertStorableText(text: string, field: string): void {
  const problem = textProblem(text);
  if (problem) throw new AppError('validation', `${field || 'The request'} ${problem}`);
}

/** Checks every string (keys too) of a parsed body, query or params; raw bodies (webhooks) are left alone. */
function assertStorableValue(value: unknown, field: string, depth = 0): void {
  if (typeof value === 'string') return assertStorableText(value, field);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return;
  for (const [key, item] of Object.entries(value)) {
    const name = storableText(key);
    const path = field ? `${field}.${name}` : name;
    assertStorableText(key, path);
    assertStorableValue(item, path, depth + 1);
  }
}

/**
 * Refuses unstorable text in the path, the query and a parsed body of every request. Multipart fields are read
 * by the routes themselves, which call `assertStorableText`.
 */
export function registerTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertStorableValue(request.params, '');
    assertStorableValue(request.query, '');
    // A raw string body (a webhook that verifies its bytes) is the route's own business.
    if (typeof request.body === 'object') assertStorableValue(request.body, '');
  });
}

/** Caller text (speech recognition, hosted transcripts) made storable: NUL and unpaired surrogates dropped. */
export function storableText(text: string): string {
  if (!textProblem(text)) return text;
  return text.replace(new RegExp(`${NUL.source}|${LONE_SURROGATE.source}`, 'g'), '');
}
