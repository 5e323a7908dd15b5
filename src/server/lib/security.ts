import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from './errors.ts';
import { randomToken, sha256 } from './crypto.ts';
import { sessionCacheOf, startSessionCache, type CachedSession } from './session-cache.ts';

export const SESSION_COOKIE = 'session_token';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_TTL_SECONDS = 604_800;

export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  picture: string | null;
  isAdmin: boolean;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A provider calls this route with its own signature instead of cookies: no CSRF check. */
    providerWebhook?: boolean;
  }
  interface FastifyRequest {
    /** Resolved by requireUser; undefined on public routes. */
    currentUser?: CurrentUser;
  }
}

/** Route config of a provider webhook (Stripe, Twilio, ElevenLabs): it verifies the provider's signature itself. */
export const PROVIDER_WEBHOOK = { providerWebhook: true } as const;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSecureOrigin(deps: Pick<AppDeps, 'env'>): boolean {
  return Boolean(deps.env.PUBLIC_BASE_URL?.startsWith('https://'));
}

export function registerSecurity(app: FastifyInstance, deps: AppDeps): void {
  const secure = isSecureOrigin(deps);
  const sessions = startSessionCache(deps.db);
  app.addHook('onClose', () => sessions.stop());
  app.addHook('onRequest', async (request, reply) => {
    // Decided on the route the router matched, never on the raw URL: the router decodes `/%61pi/...` to `/api/...`.
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/')) return;
    // Double-submit CSRF: the cookie is readable by our own pages only; they echo it in a header.
    let csrf = request.cookies[CSRF_COOKIE];
    if (!csrf) {
      csrf = randomToken(24);
      reply.setCookie(CSRF_COOKIE, csrf, {
        path: '/',
        sameSite: secure ? 'none' : 'lax',
        secure,
        httpOnly: false,
        maxAge: SESSION_TTL_SECONDS,
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.providerWebhook) return;
    const header = request.headers[CSRF_HEADER];
    if (!request.cookies[CSRF_COOKIE] || header !== request.cookies[CSRF_COOKIE]) {
      throw new AppError('forbidden', 'Security check failed. Please reload the page and try again.');
    }
  });
}

/** Reads the session cookie and returns the signed-in user, or null. */
export async function findCurrentUser(deps: AppDeps, request: FastifyRequest): Promise<CurrentUser | null> {
  if (request.currentUser) return request.currentUser;
  const token = request.cookies[SESSION_COOKIE] ?? bearerToken(request);
  if (!token) return null;
  const tokenHash = sha256(token);
  const now = deps.clock.now();
  const cache = sessionCacheOf(deps.db);
  let session = cache?.get(tokenHash, now) ?? null;
  if (!session) {
    const readSince = cache?.generation ?? 0;
    session = await readSession(deps, tokenHash, now);
    if (!session) return null;
    cache?.set(tokenHash, session, readSince);
  }
  const user: CurrentUser = {
    id: session.userId,
    email: session.email,
    name: session.name,
    picture: session.picture,
    isAdmin: session.email.toLowerCase() === deps.env.ADMIN_EMAIL.toLowerCase(),
    sessionId: session.sessionId,
  };
  request.currentUser = user;
  return user;
}

async function readSession(deps: AppDeps, tokenHash: string, now: Date): Promise<CachedSession | null> {
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'users.id',
      'users.email',
      'users.name',
      'users.picture',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionId: row.session_id,
    userId: row.id,
    email: row.email,
    name: row.name,
    picture: row.picture,
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * This instance forgets a revoked session (or every session of a user) at once; the other instances hear of it
 * from the database (session-cache.ts). Call after the change is committed.
 */
export function forgetSessions(
  deps: Pick<AppDeps, 'db'>,
  which: { sessionId: string } | { userId: string },
): void {
  const cache = sessionCacheOf(deps.db);
  if ('sessionId' in which) cache?.forgetSession(which.sessionId);
  else cache?.forgetUser(which.userId);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  return value?.startsWith('Bearer ') ? value.slice(7) : undefined;
}

/** preHandler: 401 without a valid session. */
export function requireUser(deps: AppDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await findCurrentUser(deps, request);
    if (!user) throw new AppError('unauthenticated', 'Not authenticated');
  };
}

/** preHandler: 401 without a session, 403 for anyone but the ADMIN_EMAIL account. */
export function requireAdmin(deps: AppDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await findCurrentUser(deps, request);
    if (!user) throw new AppError('unauthenticated', 'Not authenticated');
    if (!user.isAdmin) throw new AppError('forbidden', 'Admin privileges required');
  };
}

/** The user resolved by requireUser/requireAdmin. */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError('unauthenticated', 'Not authenticated');
  return request.currentUser;
}

export function setSessionCookie(deps: AppDeps, reply: FastifyReply, token: string): void {
  const secure = isSecureOrigin(deps);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: secure ? 'none' : 'lax',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(deps: AppDeps, reply: FastifyReply): void {
  const secure = isSecureOrigin(deps);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure, sameSite: secure ? 'none' : 'lax' });
}
