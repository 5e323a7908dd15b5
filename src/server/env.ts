import { z } from 'zod';

/**
 * The one place that reads configuration. Every name is optional; a provider whose keys are
 * absent runs its local implementation. Invalid values stop the start with a message naming
 * the variable (see ARCHITECTURE.md section 4).
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_BASE_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    ADMIN_EMAIL: z.email().default('admin@example.com'),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    /** Behind a load balancer: 'true', a hop count, or addresses/CIDRs to trust for X-Forwarded-For. Off by default. */
    TRUST_PROXY: optionalString.transform((value): boolean | number | string => {
      if (value === undefined || value === 'false') return false;
      if (value === 'true') return true;
      return /^\d+$/.test(value) ? Number(value) : value;
    }),
    /** scrypt cost of password hashes as log2(N); OWASP's 17 unless tests lower it (refused elsewhere). */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_API_BASE_URL: optionalUrl,
    ELEVENLABS_API_KEY: optionalString,
    ELEVENLABS_BASE_URL: optionalUrl,
    ELEVENLABS_WEBHOOK_SECRET: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE_URL: optionalUrl,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: optionalUrl,
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().default('AnswerDesk <alerts@answerdesk.local>'),
    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: optionalString,
    LLM_MODEL: z.string().default('gpt-4o-mini'),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
  })
  .superRefine((env, ctx) => {
    // Production hashes at OWASP's strength; tests and the browser tests' local server may hash faster.
    if (env.PASSWORD_HASH_COST < 17 && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: 'must be at least 17 in production',
      });
    }
    const pairs: [keyof typeof env, keyof typeof env][] = [
      ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ];
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `is required when ${env[a] ? a : b} is set`,
        });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses a raw environment; throws EnvError whose message names each bad variable. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** The site's own origin: PUBLIC_BASE_URL when set, else the local address. */
export function publicBaseUrl(env: Env): string {
  return (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
