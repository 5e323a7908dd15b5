import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

/** Maps every error to `{ detail }` with the right status; 5xx internals are logged, never shown. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send({ detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return reply.code(422).send({ detail: describeIssue(field, issue.message, error.validationContext) });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ detail: 'Too many attempts. Please wait a minute and try again.' });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ detail: 'File is larger than 10 MB' });
    }
    if (
      error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
    ) {
      return reply.code(415).send({ detail: 'Unsupported content type' });
    }
    if (request.isMultipart() && isMalformedMultipart(error)) {
      return reply
        .code(400)
        .send({ detail: 'The form could not be read: it is incomplete or malformed. Please try again.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });
}

/** The multipart parser's (busboy's) errors: a missing boundary, a body cut short, parts that do not parse. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unsupported Content-Type\.|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

function isMalformedMultipart(error: FastifyError): boolean {
  return error.code === undefined && MALFORMED_MULTIPART.test(error.message);
}

/** A sentence naming the field: our schemas carry their own wording, zod's defaults get the field prefixed. */
function describeIssue(field: string, message: string | undefined, context: string | undefined): string {
  const text = message ?? 'is invalid';
  if (!field) return `Invalid request ${context ?? 'body'}: ${text}`;
  if (text.toLowerCase().includes(field.toLowerCase())) return text;
  return `${field}: ${text}`;
}
