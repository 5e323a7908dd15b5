import type { AppDeps } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, randomPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { SESSION_TTL_SECONDS } from '../../lib/security.ts';
import type { IdentityClaims } from '../../providers/identity/identity.ts';
import * as repo from './auth.repository.ts';
import type { User } from './auth.repository.ts';

const SIGN_IN_CODE_TTL_MS = 5 * 60 * 1000;
const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid email or password';

export interface SessionGrant {
  token: string;
  user: User;
}

export function isAdminEmail(deps: Pick<AppDeps, 'env'>, email: string): boolean {
  return email.toLowerCase() === deps.env.ADMIN_EMAIL.toLowerCase();
}

export async function createSession(deps: AppDeps, user: User): Promise<SessionGrant> {
  const token = randomToken();
  const expiresAt = new Date(deps.clock.now().getTime() + SESSION_TTL_SECONDS * 1000);
  await repo.insertSession(deps.db, { tokenHash: sha256(token), userId: user.id, expiresAt });
  return { token, user };
}

export async function registerWithPassword(
  deps: AppDeps,
  input: { email: string; password: string; name: string },
): Promise<SessionGrant> {
  const passwordHash = await hashPassword(input.password);
  const user = await repo.insertUser(deps.db, { email: input.email, name: input.name, passwordHash });
  if (!user) throw new AppError('conflict', 'An account with this email already exists');
  return createSession(deps, user);
}

export async function signInWithPassword(
  deps: AppDeps,
  input: { email: string; password: string },
): Promise<SessionGrant> {
  const user = await repo.findUserByEmail(deps.db, input.email);
  // Hash even when the account is unknown so timing does not reveal which emails exist.
  const stored =
    user?.passwordHash ??
    'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';
  const valid = await verifyPassword(input.password, stored);
  if (!user || !user.passwordHash || !valid) throw new AppError('unauthenticated', INVALID_CREDENTIALS);
  return createSession(deps, user);
}

export async function revokeCurrentSession(deps: AppDeps, sessionId: string): Promise<void> {
  await repo.revokeSession(deps.db, sessionId, deps.clock.now());
}

/** Starts a Google sign-in: remembers state, nonce and PKCE verifier, returns where to send the browser. */
export async function startGoogleSignIn(deps: AppDeps, redirectUri: string): Promise<string> {
  const request = {
    state: randomToken(16),
    nonce: randomToken(16),
    codeVerifier: randomToken(32),
    redirectUri,
  };
  await repo.insertOauthState(deps.db, {
    state: request.state,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    expiresAt: new Date(deps.clock.now().getTime() + OAUTH_STATE_TTL_MS),
  });
  return deps.providers.identity.authorizationUrl(request);
}

/** Finishes the provider's callback; returns a one-time sign-in code for /dashboard#session_id=… */
export async function completeGoogleSignIn(
  deps: AppDeps,
  callbackUrl: URL,
  redirectUri: string,
): Promise<string> {
  const state = callbackUrl.searchParams.get('state') ?? '';
  const pending = await repo.takeOauthState(deps.db, state, deps.clock.now());
  if (!pending) throw new AppError('bad_request', 'This sign-in link has expired. Please try again.');
  const claims = await deps.providers.identity.exchange(callbackUrl, { state, ...pending, redirectUri });
  const user = await findOrCreateIdentityUser(deps, claims, { linkExisting: true });
  return issueSignInCode(deps, user);
}

/** The local sign-in page's completion: same outcome as Google's callback, for a name and email typed in. */
export async function completeLocalSignIn(
  deps: AppDeps,
  input: { state: string; email: string; name: string },
): Promise<string> {
  if (deps.providers.identity.kind !== 'local') throw new AppError('not_found', 'Not found');
  const pending = await repo.takeOauthState(deps.db, input.state, deps.clock.now());
  if (!pending) throw new AppError('bad_request', 'This sign-in link has expired. Please try again.');
  const email = input.email.trim();
  const claims: IdentityClaims = {
    sub: `local:${email.toLowerCase()}`,
    email,
    emailVerified: true,
    name: input.name.trim() || null,
    picture: null,
  };
  // The local provider vouches for nothing: it never takes over an existing password account.
  const user = await findOrCreateIdentityUser(deps, claims, { linkExisting: false });
  return issueSignInCode(deps, user);
}

async function findOrCreateIdentityUser(
  deps: AppDeps,
  claims: IdentityClaims,
  options: { linkExisting: boolean },
): Promise<User> {
  const known = await repo.findUserByGoogleSub(deps.db, claims.sub);
  if (known) return known;
  if (!claims.emailVerified) throw new AppError('forbidden', 'Your Google email address is not verified');
  const existing = await repo.findUserByEmail(deps.db, claims.email);
  if (existing) {
    if (!options.linkExisting || isAdminEmail(deps, existing.email)) {
      throw new AppError(
        'conflict',
        'An account with this email already exists. Please sign in with your password.',
      );
    }
    await repo.linkGoogleAccount(deps.db, existing.id, {
      sub: claims.sub,
      picture: claims.picture,
      name: claims.name,
    });
    return { ...existing, googleSub: claims.sub };
  }
  const created = await repo.insertUser(deps.db, {
    email: claims.email,
    name: claims.name,
    googleSub: claims.sub,
    picture: claims.picture,
  });
  if (!created) throw new AppError('conflict', 'An account with this email already exists');
  return created;
}

async function issueSignInCode(deps: AppDeps, user: User): Promise<string> {
  const code = randomToken();
  await repo.insertSignInCode(deps.db, {
    codeHash: sha256(code),
    userId: user.id,
    expiresAt: new Date(deps.clock.now().getTime() + SIGN_IN_CODE_TTL_MS),
  });
  return code;
}

/** GET /api/auth/session: a one-time code (5 minutes) becomes a session. */
export async function exchangeSignInCode(deps: AppDeps, code: string): Promise<SessionGrant> {
  const userId = await repo.consumeSignInCode(deps.db, sha256(code), deps.clock.now());
  const user = userId ? await repo.findUserById(deps.db, userId) : undefined;
  if (!user) throw new AppError('unauthenticated', 'This sign-in session is invalid or has expired');
  return createSession(deps, user);
}

/**
 * At start: the ADMIN_EMAIL account exists so nobody can claim the address by registering.
 * Returns the generated password when one was made (printed once), else null.
 */
export async function ensureAdminAccount(
  deps: AppDeps,
): Promise<{ email: string; generatedPassword: string | null }> {
  const email = deps.env.ADMIN_EMAIL;
  const existing = await repo.findUserByEmail(deps.db, email);
  if (existing) {
    if (
      deps.env.ADMIN_PASSWORD &&
      !(existing.passwordHash && (await verifyPassword(deps.env.ADMIN_PASSWORD, existing.passwordHash)))
    ) {
      await repo.setPasswordHash(deps.db, existing.id, await hashPassword(deps.env.ADMIN_PASSWORD));
    }
    return { email: existing.email, generatedPassword: null };
  }
  const password = deps.env.ADMIN_PASSWORD ?? randomPassword();
  await repo.insertUser(deps.db, { email, name: 'Admin', passwordHash: await hashPassword(password) });
  return { email, generatedPassword: deps.env.ADMIN_PASSWORD ? null : password };
}

export function publicUser(
  deps: Pick<AppDeps, 'env'>,
  user: Pick<User, 'id' | 'email' | 'name' | 'picture'>,
) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    picture: user.picture,
    is_admin: isAdminEmail(deps, user.email),
  };
}
