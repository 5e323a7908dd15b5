import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './crypto.ts';

describe('password hashes', () => {
  it('carry the OWASP scrypt parameters (N=2^17, r=8, p=1) by default and verify', async () => {
    const stored = await hashPassword('a long passphrase');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('a long passphrase', stored)).toEqual({ valid: true, needsRehash: false });
    expect((await verifyPassword('another passphrase', stored)).valid).toBe(false);
  });

  it('verify a hash made with other parameters by the parameters it carries, and ask for an upgrade', async () => {
    const cheap = await hashPassword('a long passphrase', { cost: 12 });
    expect(cheap).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword('a long passphrase', cheap)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword('a long passphrase', cheap, { cost: 12 })).toEqual({
      valid: true,
      needsRehash: false,
    });
  });

  it('verify the older scrypt$salt$hash form (Node defaults) and ask for an upgrade', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64')}$${scryptSync('old password!', salt, 64).toString('base64')}`;
    expect(await verifyPassword('old password!', legacy)).toEqual({ valid: true, needsRehash: true });
    expect((await verifyPassword('wrong password', legacy)).valid).toBe(false);
  });

  it('refuse malformed or absurd stored hashes instead of throwing', async () => {
    for (const stored of ['', 'bcrypt$x$y', 'scrypt$3$8$1$AAAA$AAAA', 'scrypt$1073741824$8$1$AAAA$AAAA']) {
      expect((await verifyPassword('x', stored)).valid, stored).toBe(false);
    }
  });
});
