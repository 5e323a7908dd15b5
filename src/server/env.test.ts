import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, publicBaseUrl } from './env.ts';

describe('configuration', () => {
  it('runs with no variables at all, on the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', ADMIN_EMAIL: 'admin@example.com' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(publicBaseUrl(env)).toBe('http://localhost:3000');
    // Password hashes use OWASP's scrypt cost (N=2^17) unless tests lower it.
    expect(env.PASSWORD_HASH_COST).toBe(17);
    expect(parseEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: '12' }).PASSWORD_HASH_COST).toBe(12);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', STRIPE_SECRET_KEY: '  ' }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ PUBLIC_BASE_URL: 'example.com' }, 'PUBLIC_BASE_URL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ TWILIO_ACCOUNT_SID: 'AC123' }, 'TWILIO_AUTH_TOKEN'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PASSWORD_HASH_COST: '12' }, 'PASSWORD_HASH_COST'],
    [{ NODE_ENV: 'test', PASSWORD_HASH_COST: '30' }, 'PASSWORD_HASH_COST'],
  ])('stops on %o with a message naming %s', (raw, name) => {
    expect(() => parseEnv(raw)).toThrow(EnvError);
    expect(() => parseEnv(raw)).toThrow(new RegExp(`${name}:`));
  });
});
