/** Phone numbers the owner can rent (SPEC section 7: GET /twilio/available-numbers). Call webhooks live apart. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, ProviderError } from '../../lib/errors.ts';
import { requireUser } from '../../lib/security.ts';

export const availableNumbersResponseSchema = z.object({
  numbers: z.array(z.object({ phone_number: z.string(), friendly_name: z.string().nullable() })),
});

export function telephonyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/twilio/available-numbers',
      { preHandler: requireUser(deps), schema: { response: { 200: availableNumbersResponseSchema } } },
      async (request) => {
        try {
          const numbers = await deps.providers.telephony.searchAvailableNumbers();
          return {
            numbers: numbers.map((n) => ({ phone_number: n.phoneNumber, friendly_name: n.friendlyName })),
          };
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          request.log.error({ err: error }, 'listing available numbers failed');
          throw new AppError(
            'provider_unavailable',
            'Failed to load available phone numbers. Please try again.',
          );
        }
      },
    );
  };
}
