import { requestedAgentId } from '../../accounts/agent-scope.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin, userOf } from '../../lib/security.ts';
import { giftMinutesBodySchema, revokeDiscountBodySchema, userIdParamsSchema } from './admin.schemas.ts';
import * as admin from './admin.service.ts';

/**
 * /api/admin/*: the operator console. The role is checked on the server for every route, before the
 * request is even validated, so a customer gets 403 and a visitor 401 whatever they send.
 * (Coupon generate/list under /admin/coupons belong to billing and carry their own requireAdmin.)
 */
export function adminRoutes(deps: AppDeps, hooks: admin.AdminHooks): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin(deps));

    app.get('/admin/users', async () => admin.listUsers(deps));

    app.get('/admin/users/:id', { schema: { params: userIdParamsSchema } }, async (request) =>
      admin.getUserDetails(deps, request.params.id),
    );

    app.get('/admin/discount-history/:id', { schema: { params: userIdParamsSchema } }, async (request) =>
      admin.getDiscountHistory(deps, request.params.id),
    );

    app.get('/admin/gift-history/:id', { schema: { params: userIdParamsSchema } }, async (request) =>
      admin.getGiftHistory(deps, request.params.id),
    );

    app.post('/admin/gift-minutes', { schema: { body: giftMinutesBodySchema } }, async (request) =>
      admin.giftMinutes(deps, userOf(request), {
        userId: request.body.user_id,
        minutes: request.body.minutes,
        note: request.body.note,
      }),
    );

    app.post('/admin/revoke-discount', { schema: { body: revokeDiscountBodySchema } }, async (request) =>
      admin.revokeDiscount(deps, userOf(request), {
        userId: request.body.user_id,
        action: request.body.action,
      }),
    );

    app.delete('/admin/users/:id/phone', { schema: { params: userIdParamsSchema } }, async (request) =>
      admin.deletePhoneNumber(deps, hooks, request.params.id, request.log, requestedAgentId(request)),
    );

    app.delete('/admin/users/:id', { schema: { params: userIdParamsSchema } }, async (request) =>
      admin.deleteUser(deps, hooks, userOf(request), request.params.id, request.log),
    );

    app.get('/admin/outbox', async () => admin.listOutbox(deps));
  };
}
