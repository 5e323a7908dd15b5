import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** 256-bit random token, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * scrypt cost as log2(N). 17 (N=2^17, r=8, p=1) is OWASP's recommendation; it takes about 128 MiB and a
 * fraction of a second per hash. Tests lower it through PASSWORD_HASH_COST (env.ts refuses that elsewhere).
 */
export const DEFAULT_PASSWORD_HASH_COST = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
/** What Node's scrypt used before hashes carried their parameters (`scrypt$<salt>$<hash>`). */
const LEGACY = { N: 2 ** 14, r: 8, p: 1 };

export interface PasswordHashOptions {
  /** log2 of scrypt's N; defaults to DEFAULT_PASSWORD_HASH_COST. */
  cost?: number;
}

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function memoryFor({ N, r, p }: ScryptParams): number {
  // scrypt needs 128·N·r bytes (plus 128·r·p); leave headroom above Node's 32 MiB default.
  return 2 * 128 * N * r * p + 32 * 1024 * 1024;
}

/** scrypt with a per-password salt; stored as `scrypt$<N>$<r>$<p>$<salt>$<hash>` so it can be checked later. */
export async function hashPassword(password: string, options: PasswordHashOptions = {}): Promise<string> {
  const params = { N: 2 ** (options.cost ?? DEFAULT_PASSWORD_HASH_COST), r: BLOCK_SIZE, p: PARALLELISM };
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, { ...params, maxmem: memoryFor(params) });
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export interface PasswordCheck {
  valid: boolean;
  /** The hash uses other parameters than the current ones: store a fresh hash now that the password is known. */
  needsRehash: boolean;
}

function parseStoredHash(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  let params: ScryptParams;
  let saltText: string | undefined;
  let hashText: string | undefined;
  if (parts.length === 3) {
    params = LEGACY;
    [, saltText, hashText] = parts;
  } else if (parts.length === 6) {
    params = { N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
    [, , , , saltText, hashText] = parts;
  } else {
    return null;
  }
  const { N, r, p } = params;
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  const powerOfTwo = Number.isInteger(N) && N >= 2 ** 10 && N <= 2 ** 20 && (N & (N - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) {
    return null;
  }
  if (!saltText || !hashText) return null;
  const hash = Buffer.from(hashText, 'base64');
  if (hash.length < 16) return null;
  return { params, salt: Buffer.from(saltText, 'base64'), hash };
}

export async function verifyPassword(
  password: string,
  stored: string,
  options: PasswordHashOptions = {},
): Promise<PasswordCheck> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return { valid: false, needsRehash: false };
  const { params, salt, hash } = parsed;
  const actual = await scryptAsync(password, salt, hash.length, { ...params, maxmem: memoryFor(params) });
  const valid = timingSafeEqual(actual, hash);
  const current = 2 ** (options.cost ?? DEFAULT_PASSWORD_HASH_COST);
  const needsRehash =
    valid &&
    (stored.split('$').length !== 6 ||
      params.N !== current ||
      params.r !== BLOCK_SIZE ||
      params.p !== PARALLELISM ||
      hash.length !== KEY_LENGTH);
  return { valid, needsRehash };
}

/** A password nobody will guess, for the admin account when ADMIN_PASSWORD is not set. */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
