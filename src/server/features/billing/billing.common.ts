/** What billing.service.ts and billing.manage.ts both need: money in cents, the origin check, provider failures. */
import type { AppDeps } from '../../app-deps.ts';
import { publicBaseUrl } from '../../env.ts';
import { AppError, ProviderError } from '../../lib/errors.ts';
import { PaymentDeclinedError } from '../../providers/payments/payments.ts';

export interface BillingUser {
  id: string;
  email: string;
}

export const cents = (dollars: number) => Math.round(dollars * 100);
export const discounted = (baseCents: number, percent: number) =>
  Math.round((baseCents * (100 - percent)) / 100);

/**
 * origin_url must be this site's own origin (PUBLIC_BASE_URL or the origin the request came to):
 * success and cancel addresses are built from it, so anything else would be an open redirect.
 */
export function checkOrigin(deps: AppDeps, originUrl: string, requestOrigin: string): string {
  let origin: string;
  try {
    const url = new URL(originUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    origin = url.origin;
  } catch {
    throw new AppError(
      'bad_request',
      'origin_url must be the address of this site, e.g. https://example.com',
    );
  }
  const allowed = new Set([new URL(publicBaseUrl(deps.env)).origin, requestOrigin]);
  if (!allowed.has(origin)) {
    throw new AppError('bad_request', 'origin_url must be the address of this site');
  }
  return origin;
}

export function providerFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof PaymentDeclinedError) {
    throw new AppError(
      'payment_required',
      'Your card was declined, so nothing was changed. Update your payment method and try again.',
    );
  }
  if (error instanceof ProviderError) {
    throw new AppError(
      'provider_unavailable',
      'The payment service is not reachable right now. Please try again.',
    );
  }
  throw error;
}
