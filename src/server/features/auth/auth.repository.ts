import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface User {
  id: string;
  email: string;
  name: string | null;
  picture: string | null;
  hasPassword: boolean;
  googleSub: string | null;
}

type UserRowLike = {
  id: string;
  email: string;
  name: string | null;
  picture: string | null;
  password_hash: string | null;
  google_sub: string | null;
};

function toUser(row: UserRowLike): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    picture: row.picture,
    hasPassword: row.password_hash !== null,
    googleSub: row.google_sub,
  };
}

const userColumns = ['id', 'email', 'name', 'picture', 'password_hash', 'google_sub'] as const;

export async function findUserByEmail(
  db: Db,
  email: string,
): Promise<(User & { passwordHash: string | null }) | undefined> {
  const row = await db
    .selectFrom('users')
    .select(userColumns)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? { ...toUser(row), passwordHash: row.password_hash } : undefined;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .select(userColumns)
    .where('google_sub', '=', sub)
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}

/** Inserts a user; returns undefined when the email is already taken (unique, case-insensitive). */
export async function insertUser(
  db: Db,
  user: {
    email: string;
    name: string | null;
    passwordHash?: string | null;
    googleSub?: string | null;
    picture?: string | null;
  },
): Promise<User | undefined> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash ?? null,
      google_sub: user.googleSub ?? null,
      picture: user.picture ?? null,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function linkGoogleAccount(
  db: Db,
  userId: string,
  link: { sub: string; picture: string | null; name: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      google_sub: link.sub,
      picture: eb.fn.coalesce('picture', eb.val(link.picture)),
      name: eb.fn.coalesce('name', eb.val(link.name)),
    }))
    .where('id', '=', userId)
    .execute();
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ token_hash: session.tokenHash, user_id: session.userId, expires_at: session.expiresAt })
    .execute();
}

export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).execute();
}

export async function insertSignInCode(
  db: Db,
  code: { codeHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sign_in_codes')
    .values({ code_hash: code.codeHash, user_id: code.userId, expires_at: code.expiresAt })
    .execute();
}

/** Marks a sign-in code used and returns its user, atomically: a code works once. */
export async function consumeSignInCode(db: Db, codeHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('sign_in_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertOauthState(
  db: Db,
  state: { state: string; codeVerifier: string; nonce: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('oauth_states')
    .values({
      state: state.state,
      code_verifier: state.codeVerifier,
      nonce: state.nonce,
      expires_at: state.expiresAt,
    })
    .execute();
}

/** Takes (deletes) a pending sign-in state: each state completes at most once. */
export async function takeOauthState(
  db: Db,
  state: string,
  now: Date,
): Promise<{ codeVerifier: string; nonce: string } | undefined> {
  const row = await db
    .deleteFrom('oauth_states')
    .where('state', '=', state)
    .returning(['code_verifier', 'nonce', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return undefined;
  return { codeVerifier: row.code_verifier, nonce: row.nonce };
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

/** Revokes every live session of the user, but `keepSessionId` when given. */
export async function revokeSessionsOfUser(
  db: Db,
  userId: string,
  at: Date,
  keepSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/**
 * Counts one password check against the account, atomically (a row lock), before the password is checked:
 * simultaneous guesses cannot all slip through before the first failure is written. Returns the time the
 * account is refused until when it is refused now (the attempt is then not counted), else null.
 * `lockFor(failures)` gives how long to refuse after that many failures (0: not at all);
 * a failure older than `forgetAfterMs` starts the count again.
 */
export async function claimPasswordAttempt(
  db: Db,
  accountKey: string,
  now: Date,
  policy: { lockFor: (failures: number) => number; forgetAfterMs: number },
): Promise<Date | null> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sign_in_throttles')
      .values({ account_key: accountKey })
      .onConflict((oc) => oc.column('account_key').doNothing())
      .execute();
    const row = await trx
      .selectFrom('sign_in_throttles')
      .select(['failures', 'locked_until', 'last_failure_at'])
      .where('account_key', '=', accountKey)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.locked_until && row.locked_until > now) return row.locked_until;
    const forgotten =
      row.last_failure_at !== null && now.getTime() - row.last_failure_at.getTime() > policy.forgetAfterMs;
    const failures = (forgotten ? 0 : row.failures) + 1;
    const lockMs = policy.lockFor(failures);
    await trx
      .updateTable('sign_in_throttles')
      .set({
        failures,
        last_failure_at: now,
        locked_until: lockMs > 0 ? new Date(now.getTime() + lockMs) : null,
      })
      .where('account_key', '=', accountKey)
      .execute();
    return null;
  });
}

/** The password was right (or reset by its owner): the account's count starts again. */
export async function clearPasswordFailures(db: Db, accountKey: string): Promise<void> {
  await db.deleteFrom('sign_in_throttles').where('account_key', '=', accountKey).execute();
}

export async function insertPasswordResetToken(
  db: Db,
  token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
    })
    .execute();
}

export async function countPasswordResetTokensSince(db: Db, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user of a reset token that is unused and not expired, without using it. */
export async function findPasswordResetUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Uses a reset token, atomically (a link works once), and with it every other open link of the same user.
 * Returns the user, or undefined when the token is unknown, used or expired.
 */
export async function consumePasswordResetToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', row.user_id)
    .where('used_at', 'is', null)
    .execute();
  return row.user_id;
}
