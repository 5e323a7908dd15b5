import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../test/harness.ts';
import { securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  const ctx = useTestApp('pglite');

  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: data:",
    "connect-src 'self' ws: wss:",
    "font-src 'self' data:",
    "form-action 'self' https:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "script-src-attr 'none'",
  ];
  const expected = {
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };

  it('every answer carries them: a success, a not found, and a refused request', async () => {
    const client = new TestClient(ctx().app);
    const answers = [
      await client.get('/api/health'),
      await client.get('/api/no-such-route'),
      // No CSRF token: refused before any route runs.
      await ctx().app.inject({ method: 'POST', url: '/api/auth/logout' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 403]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(expected);
      expect(String(answer.headers['content-security-policy']).split(';').sort()).toEqual([...policy].sort());
      expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('are worked out once, and a bad policy fails at start-up instead of on a request', () => {
    expect(securityHeaders({ contentSecurityPolicy: false }).map(([name]) => name)).not.toContain(
      'Content-Security-Policy',
    );
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], 'default-src': ["'none'"] } },
      }),
    ).toThrow(/duplicate directive/);
  });
});
