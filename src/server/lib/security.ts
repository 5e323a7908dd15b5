import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from './errors.ts';
import { randomToken, sha256 } from './crypto.ts';

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
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'users.id', 'users.email', 'users.name', 'users.picture'])
    .where('sessions.token_hash', '=', sha256(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', deps.clock.now())
    .executeTakeFirst();
  if (!row) return null;
  const user: CurrentUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    picture: row.picture,
    isAdmin: row.email.toLowerCase() === deps.env.ADMIN_EMAIL.toLowerCase(),
    sessionId: row.session_id,
  };
  request.currentUser = user;
  return user;
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
