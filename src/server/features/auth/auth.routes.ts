import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { publicBaseUrl } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import {
  clearSessionCookie,
  findCurrentUser,
  requireUser,
  setSessionCookie,
  userOf,
} from '../../lib/security.ts';
import * as auth from './auth.service.ts';
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  localGoogleBodySchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  userSchema,
} from './auth.schemas.ts';

export function authRoutes(deps: AppDeps, options: { rateLimit: number }): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = { rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } };
    const redirectUri = `${publicBaseUrl(deps.env)}/api/auth/google/callback`;

    const respondWithSession = (reply: Parameters<typeof setSessionCookie>[1], grant: auth.SessionGrant) => {
      setSessionCookie(deps, reply, grant.token);
      return { session_token: grant.token, user: auth.publicUser(deps, grant.user) };
    };

    app.post(
      '/auth/register',
      { config: limited, schema: { body: registerBodySchema, response: { 200: sessionResponseSchema } } },
      async (request, reply) =>
        respondWithSession(reply, await auth.registerWithPassword(deps, request.body)),
    );

    app.post(
      '/auth/login',
      { config: limited, schema: { body: loginBodySchema, response: { 200: sessionResponseSchema } } },
      async (request, reply) => respondWithSession(reply, await auth.signInWithPassword(deps, request.body)),
    );

    app.get(
      '/auth/session',
      {
        config: limited,
        schema: {
          headers: z.object({
            'x-session-id': z.string({ error: 'X-Session-ID header is required' }).min(1),
          }),
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) =>
        respondWithSession(reply, await auth.exchangeSignInCode(deps, request.headers['x-session-id'])),
    );

    // `?optional=1` is the app's start-up session check: a visitor without a session is an answer (200 null),
    // not an error, so anonymous pages do not log a failed request in the browser console.
    app.get(
      '/auth/me',
      {
        schema: {
          querystring: z.object({ optional: z.literal('1').optional() }),
          response: { 200: userSchema.nullable() },
        },
      },
      async (request) => {
        const user = await findCurrentUser(deps, request);
        if (user) return auth.publicUser(deps, user);
        if (request.query.optional) return null;
        throw new AppError('unauthenticated', 'Not authenticated');
      },
    );

    app.post('/auth/logout', { preHandler: requireUser(deps) }, async (request, reply) => {
      await auth.revokeCurrentSession(deps, userOf(request).sessionId);
      clearSessionCookie(deps, reply);
      return { message: 'Logged out successfully' };
    });

    app.get('/auth/google', { config: limited }, async (_request, reply) => {
      return reply.redirect(await auth.startGoogleSignIn(deps, redirectUri));
    });

    app.get('/auth/google/callback', async (request, reply) => {
      const callbackUrl = new URL(request.url, publicBaseUrl(deps.env));
      try {
        const code = await auth.completeGoogleSignIn(deps, callbackUrl, redirectUri);
        return reply.redirect(`/dashboard#session_id=${encodeURIComponent(code)}`);
      } catch (error) {
        request.log.warn({ err: error }, 'google sign-in failed');
        const detail = error instanceof AppError ? error.message : 'Google sign-in failed';
        return reply.redirect(`/auth?error=${encodeURIComponent(detail)}`);
      }
    });

    app.get('/auth/google/provider', async () => ({ kind: deps.providers.identity.kind }));

    app.post(
      '/auth/google/local',
      { config: limited, schema: { body: localGoogleBodySchema } },
      async (request) => {
        const code = await auth.completeLocalSignIn(deps, request.body);
        return { redirect_url: `/dashboard#session_id=${encodeURIComponent(code)}` };
      },
    );
  };
}

/**
 * Forgot / reset / change password. Apart from authRoutes because the reset email goes through the
 * notifications outbox, which the app hands in (features/index.ts) as `sendEmail`.
 */
export function passwordRoutes(
  deps: AppDeps,
  options: { rateLimit: number; sendEmail: auth.SendEmail },
): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = { rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } };

    app.post(
      '/auth/forgot-password',
      {
        config: limited,
        schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await auth.requestPasswordReset(deps, request.body.email, options.sendEmail);
        return { message: auth.PASSWORD_RESET_REQUESTED };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        config: limited,
        schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await auth.resetPassword(deps, request.body);
        return { message: auth.PASSWORD_RESET_DONE };
      },
    );

    app.post(
      '/auth/change-password',
      {
        config: limited,
        preHandler: requireUser(deps),
        schema: { body: changePasswordBodySchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await auth.changePassword(deps, userOf(request), {
          currentPassword: request.body.current_password,
          newPassword: request.body.new_password,
        });
        return { message: auth.PASSWORD_CHANGED };
      },
    );
  };
}
