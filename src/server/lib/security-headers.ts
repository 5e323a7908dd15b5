/**
 * The security headers of every answer (Content-Security-Policy, HSTS, X-Content-Type-Options, …), computed once
 * with helmet at start-up and set by one hook (issue 26 item 2). @fastify/helmet built a new helmet middleware and
 * re-parsed the CSP directives on every request, about a tenth of the plugin stack's time; the headers never vary
 * here (no per-route options, no CSP nonces), so they are worked out once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for `options`, in the order it sets them. */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/** Sets `securityHeaders(options)` on every answer, before any route runs. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
