import type { AppDeps } from '../../app-deps.ts';
import { findPasswordProblem } from '../../accounts/password-policy.ts';
import { publicBaseUrl } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, randomPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { SESSION_TTL_SECONDS, forgetSessions, type CurrentUser } from '../../lib/security.ts';
import type { IdentityClaims } from '../../providers/identity/identity.ts';
import * as repo from './auth.repository.ts';
import type { User } from './auth.repository.ts';

const SIGN_IN_CODE_TTL_MS = 5 * 60 * 1000;
const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid email or password';
const MINUTE_MS = 60_000;
/** Wrong passwords an account takes before it is refused for a while. */
const FREE_FAILURES = 5;
/** Then 1 minute, doubling with each further failure, at most an hour; forgotten a day after the last one. */
const FIRST_LOCK_MS = MINUTE_MS;
const MAX_LOCK_MS = 60 * MINUTE_MS;
const FORGET_FAILURES_AFTER_MS = 24 * 60 * MINUTE_MS;
const RESET_TOKEN_TTL_MS = 60 * MINUTE_MS;
/** Reset emails per account per hour, so the form cannot flood someone's inbox. */
const MAX_RESET_EMAILS_PER_HOUR = 3;
const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

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
  assertAcceptablePassword(input.password, input);
  const passwordHash = await hashPassword(input.password, hashOptions(deps));
  const user = await repo.insertUser(deps.db, { email: input.email, name: input.name, passwordHash });
  if (!user) throw new AppError('conflict', 'An account with this email already exists');
  return createSession(deps, user);
}

export async function signInWithPassword(
  deps: AppDeps,
  input: { email: string; password: string },
): Promise<SessionGrant> {
  // Counted per account (known or not, so a refusal reveals nothing), whatever address the guesses come from.
  const accountKey = passwordAccountKey(input.email);
  await claimPasswordAttempt(deps, accountKey);
  const user = await repo.findUserByEmail(deps.db, input.email);
  // Hash even when the account is unknown so timing does not reveal which emails exist.
  const stored = user?.passwordHash ?? (await dummyPasswordHash(deps));
  const check = await verifyPassword(input.password, stored, hashOptions(deps));
  if (!user || !user.passwordHash || !check.valid) throw new AppError('unauthenticated', INVALID_CREDENTIALS);
  await repo.clearPasswordFailures(deps.db, accountKey);
  if (check.needsRehash) {
    // The password is known only now: move an older hash to the current parameters.
    await repo.setPasswordHash(deps.db, user.id, await hashPassword(input.password, hashOptions(deps)));
  }
  return createSession(deps, user);
}

function hashOptions(deps: Pick<AppDeps, 'env'>) {
  return { cost: deps.env.PASSWORD_HASH_COST };
}

const dummyHashes = new Map<number, Promise<string>>();
/** A hash of the current cost to check unknown accounts against, so they take as long as known ones. */
function dummyPasswordHash(deps: Pick<AppDeps, 'env'>): Promise<string> {
  const cost = deps.env.PASSWORD_HASH_COST;
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomToken(), { cost });
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** The back-off's key: the lowercased email, hashed so the table holds no addresses. */
function passwordAccountKey(email: string): string {
  return sha256(`password-attempts:${email.trim().toLowerCase()}`);
}

function lockFor(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS);
}

/** Throws 429 while the account is refused; otherwise counts this check as a failure until it succeeds. */
async function claimPasswordAttempt(deps: AppDeps, accountKey: string): Promise<void> {
  const now = deps.clock.now();
  const lockedUntil = await repo.claimPasswordAttempt(deps.db, accountKey, now, {
    lockFor,
    forgetAfterMs: FORGET_FAILURES_AFTER_MS,
  });
  if (!lockedUntil) return;
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  throw new AppError(
    'rate_limited',
    `Too many failed sign-in attempts for this account. Please try again in ${describeWait(seconds)}, or reset your password.`,
    { retryAfterSeconds: seconds },
  );
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

function assertAcceptablePassword(password: string, owner: { email: string; name?: string | null }): void {
  const problem = findPasswordProblem(password, owner);
  if (problem) throw new AppError('validation', problem);
}

/** An email for the notifications outbox (wired in features/index.ts; features never import each other). */
export interface OutgoingEmail {
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}
export type SendEmail = (email: OutgoingEmail) => Promise<unknown>;

export const PASSWORD_RESET_REQUESTED =
  'If an account exists for this email, we have sent a link to reset its password.';

/**
 * "Forgot password?": emails a single-use link valid one hour when the account exists. The caller always
 * answers the same neutral message, so the form does not reveal which emails have accounts.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  sendEmail: SendEmail,
): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  const now = deps.clock.now();
  const recent = await repo.countPasswordResetTokensSince(
    deps.db,
    user.id,
    new Date(now.getTime() - 60 * MINUTE_MS),
  );
  if (recent >= MAX_RESET_EMAILS_PER_HOUR) return;
  const token = randomToken();
  const tokenHash = sha256(token);
  await repo.insertPasswordResetToken(deps.db, {
    tokenHash,
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    createdAt: now,
  });
  // In the fragment: browsers send it neither to the server nor in a Referer.
  const link = `${publicBaseUrl(deps.env)}/reset-password#token=${token}`;
  await sendEmail({
    dedupeKey: `password-reset:${tokenHash}`,
    to: user.email,
    subject: 'Reset your AnswerDesk password',
    text: [
      `Hello${user.name ? ` ${user.name}` : ''},`,
      '',
      'Someone (hopefully you) asked to reset the password of your AnswerDesk account.',
      'Open this link within one hour to choose a new password (it works once):',
      '',
      link,
      '',
      'Resetting the password signs the account out everywhere. If you did not ask for this, ignore this email:',
      'your password stays as it is.',
    ].join('\n'),
  });
}

export const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with your new password.';

/** Sets a new password from a reset link; signs the account out everywhere. */
export async function resetPassword(
  deps: AppDeps,
  input: { token: string; password: string },
): Promise<void> {
  const tokenHash = sha256(input.token);
  const userId = await repo.findPasswordResetUser(deps.db, tokenHash, deps.clock.now());
  const user = userId ? await repo.findUserById(deps.db, userId) : undefined;
  if (!user) throw new AppError('bad_request', INVALID_RESET_LINK);
  // Checked before the link is used, so a refused password leaves it working.
  assertAcceptablePassword(input.password, user);
  const passwordHash = await hashPassword(input.password, hashOptions(deps));
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const consumed = await repo.consumePasswordResetToken(trx, tokenHash, now);
    if (consumed !== user.id) throw new AppError('bad_request', INVALID_RESET_LINK);
    await repo.setPasswordHash(trx, user.id, passwordHash);
    await repo.revokeSessionsOfUser(trx, user.id, now);
    // The owner proved they hold the mailbox: lift any back-off an attacker caused.
    await repo.clearPasswordFailures(trx, passwordAccountKey(user.email));
  });
  forgetSessions(deps, { userId: user.id });
}

export const PASSWORD_CHANGED = 'Your password has been changed.';

/** The signed-in owner changes the password; the other sessions end, this one stays. */
export async function changePassword(
  deps: AppDeps,
  current: CurrentUser,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const stored = await repo.findPasswordHash(deps.db, current.id);
  if (!stored) {
    throw new AppError('bad_request', 'This account signs in with Google and has no password to change.');
  }
  const accountKey = passwordAccountKey(current.email);
  await claimPasswordAttempt(deps, accountKey);
  const check = await verifyPassword(input.currentPassword, stored, hashOptions(deps));
  if (!check.valid) throw new AppError('validation', 'Your current password is incorrect.');
  await repo.clearPasswordFailures(deps.db, accountKey);
  assertAcceptablePassword(input.newPassword, current);
  if (input.newPassword === input.currentPassword) {
    throw new AppError('validation', 'The new password must be different from the current one.');
  }
  const passwordHash = await hashPassword(input.newPassword, hashOptions(deps));
  await deps.db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, current.id, passwordHash);
    await repo.revokeSessionsOfUser(trx, current.id, deps.clock.now(), current.sessionId);
  });
  forgetSessions(deps, { userId: current.id });
}

export async function revokeCurrentSession(deps: AppDeps, sessionId: string): Promise<void> {
  await repo.revokeSession(deps.db, sessionId, deps.clock.now());
  forgetSessions(deps, { sessionId });
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
      !(
        existing.passwordHash &&
        (await verifyPassword(deps.env.ADMIN_PASSWORD, existing.passwordHash, hashOptions(deps))).valid
      )
    ) {
      await repo.setPasswordHash(
        deps.db,
        existing.id,
        await hashPassword(deps.env.ADMIN_PASSWORD, hashOptions(deps)),
      );
    }
    return { email: existing.email, generatedPassword: null };
  }
  const password = deps.env.ADMIN_PASSWORD ?? randomPassword();
  await repo.insertUser(deps.db, {
    email,
    name: 'Admin',
    passwordHash: await hashPassword(password, hashOptions(deps)),
  });
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
