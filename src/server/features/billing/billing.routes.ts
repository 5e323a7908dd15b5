import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { runPeriodically } from '../../lib/periodic.ts';
import { findCurrentUser, PROVIDER_WEBHOOK, requireAdmin, requireUser, userOf } from '../../lib/security.ts';
import * as billing from './billing.service.ts';
import * as manage from './billing.manage.ts';
import {
  adminUserParamsSchema,
  changePlanBodySchema,
  changePlanQuerySchema,
  originBodySchema,
  paymentParamsSchema,
  couponGenerateQuerySchema,
  couponValidateQuerySchema,
  createCheckoutBodySchema,
  localCheckoutParamsSchema,
  purchaseMinutesBodySchema,
  sessionParamsSchema,
} from './billing.schemas.ts';

const BILLING_CYCLE_INTERVAL_MS = 60_000;

/** 401 with the wording the pricing page shows (SPEC section 5). */
function requireUserSaying(deps: AppDeps, message: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!(await findCurrentUser(deps, request))) throw new AppError('unauthenticated', message);
  };
}

const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function billingRoutes(deps: AppDeps, options: { rateLimit?: number } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireUser(deps);

    // ---- the local billing cycle (renewals, trial -> Basic); tests call runBillingCycle directly
    if (deps.env.NODE_ENV !== 'test') {
      runPeriodically(app, BILLING_CYCLE_INTERVAL_MS, 'billing cycle', () => billing.runBillingCycle(deps));
    }

    app.get('/subscription/status', { onRequest: signedIn }, async (request) =>
      billing.getSubscriptionStatus(deps, userOf(request).id),
    );

    app.get('/subscription/trial-eligible', { onRequest: signedIn }, async (request) => ({
      eligible: await billing.isTrialEligible(deps, userOf(request).id),
    }));

    app.post(
      '/stripe/create-checkout',
      { onRequest: signedIn, schema: { body: createCheckoutBodySchema } },
      async (request) =>
        billing.createCheckout(deps, userOf(request), {
          plan: request.body.plan,
          originUrl: request.body.origin_url,
          couponCode: request.body.coupon_code,
          requestOrigin: requestOrigin(request),
        }),
    );

    app.get(
      '/stripe/checkout-status/:session_id',
      { onRequest: signedIn, schema: { params: sessionParamsSchema } },
      async (request) => billing.checkCheckoutStatus(deps, userOf(request).id, request.params.session_id),
    );

    app.post(
      '/purchase-minutes',
      {
        onRequest: requireUserSaying(deps, 'Please log in to purchase minutes'),
        schema: { body: purchaseMinutesBodySchema },
      },
      async (request) =>
        billing.purchaseMinutes(deps, userOf(request), {
          minutes: request.body.minutes,
          originUrl: request.body.origin_url,
          requestOrigin: requestOrigin(request),
        }),
    );

    app.post(
      '/coupons/validate',
      {
        onRequest: requireUserSaying(deps, 'Please log in to use a coupon code'),
        config: { rateLimit: { max: options.rateLimit ?? 20, timeWindow: '1 minute' } },
        schema: { querystring: couponValidateQuerySchema },
      },
      async (request) => billing.validateCoupon(deps, request.query.code),
    );

    app.post(
      '/admin/coupons/generate',
      { onRequest: requireAdmin(deps), schema: { querystring: couponGenerateQuerySchema } },
      async (request) =>
        billing.generateCoupon(deps, userOf(request), {
          discountPercent: request.query.discount_percent,
          discountType: request.query.discount_type,
        }),
    );

    app.get('/admin/coupons/list', { onRequest: requireAdmin(deps) }, async () => billing.listCoupons(deps));

    // ---- what the owner manages alone (issue 25): change plan, cancel, resume, payments, receipts
    app.get(
      '/subscription/change-plan',
      { onRequest: signedIn, schema: { querystring: changePlanQuerySchema } },
      async (request) => manage.previewPlanChange(deps, userOf(request).id, request.query.plan),
    );
    app.post(
      '/subscription/change-plan',
      { onRequest: signedIn, schema: { body: changePlanBodySchema } },
      async (request) =>
        manage.changePlan(deps, userOf(request), {
          plan: request.body.plan,
          originUrl: request.body.origin_url,
          requestOrigin: requestOrigin(request),
        }),
    );
    app.post('/subscription/change-plan/undo', { onRequest: signedIn }, async (request) =>
      manage.undoScheduledChange(deps, userOf(request).id),
    );
    app.post('/subscription/cancel', { onRequest: signedIn }, async (request) =>
      manage.cancelSubscription(deps, userOf(request).id),
    );
    app.post('/subscription/resume', { onRequest: signedIn }, async (request) =>
      manage.resumeSubscription(deps, userOf(request).id),
    );
    app.get('/billing/payments', { onRequest: signedIn }, async (request) =>
      manage.listPayments(deps, userOf(request).id),
    );
    app.get(
      '/billing/payments/:id',
      { onRequest: signedIn, schema: { params: paymentParamsSchema } },
      async (request) => manage.getReceipt(deps, userOf(request), request.params.id),
    );
    // A link the browser opens in a new tab: Stripe's hosted invoice or receipt, else our printable page.
    app.get(
      '/billing/payments/:id/receipt',
      { onRequest: signedIn, schema: { params: paymentParamsSchema } },
      async (request, reply) =>
        reply.redirect(await manage.receiptLocation(deps, userOf(request).id, request.params.id), 303),
    );
    app.post(
      '/billing/portal',
      { onRequest: signedIn, schema: { body: originBodySchema } },
      async (request) =>
        manage.openPaymentPortal(deps, userOf(request).id, {
          originUrl: request.body.origin_url,
          requestOrigin: requestOrigin(request),
        }),
    );
    app.get(
      '/admin/users/:user_id/billing',
      { onRequest: requireAdmin(deps), schema: { params: adminUserParamsSchema } },
      async (request) => manage.adminBillingOverview(deps, request.params.user_id),
    );

    // ---- the local payment provider's checkout page (404 when Stripe is configured)
    app.get(
      '/local-checkout/:sessionId',
      { onRequest: signedIn, schema: { params: localCheckoutParamsSchema } },
      async (request) => billing.getLocalCheckout(deps, userOf(request).id, request.params.sessionId),
    );
    app.post(
      '/local-checkout/:sessionId/complete',
      { onRequest: signedIn, schema: { params: localCheckoutParamsSchema } },
      async (request) => billing.completeLocalCheckout(deps, userOf(request).id, request.params.sessionId),
    );
    app.post(
      '/local-checkout/:sessionId/cancel',
      { onRequest: signedIn, schema: { params: localCheckoutParamsSchema } },
      async (request) => billing.cancelLocalCheckout(deps, userOf(request).id, request.params.sessionId),
    );

    // ---- webhooks: the signature is computed over the raw body, so this scope keeps it as bytes
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      scope.post('/stripe/webhook', { config: PROVIDER_WEBHOOK }, async (request) => {
        const signature = request.headers['stripe-signature'];
        return billing.handleWebhook(
          deps,
          (request.body as Buffer | undefined) ?? Buffer.alloc(0),
          Array.isArray(signature) ? signature[0] : signature,
        );
      });
    });
  };
}
