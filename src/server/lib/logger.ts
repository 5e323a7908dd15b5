import type { LoggerOptions } from 'pino';

/** Structured logs; secrets and personal data are redacted wherever they appear as fields. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-session-id"]',
        'req.headers["x-xsrf-token"]',
        'req.headers["x-twilio-signature"]',
        'req.headers["stripe-signature"]',
        '*.email',
        '*.password',
        '*.phone_number',
        '*.transcript',
        '*.from',
        '*.to',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        // Query strings can carry codes and tokens: log the path only.
        url: req.url.split('?')[0],
      }),
    },
  };
}
