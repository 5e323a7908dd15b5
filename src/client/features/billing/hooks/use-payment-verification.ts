import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api.ts';
import { billingApi } from '../api/billing-api.ts';

/** SPEC 9: every 2 seconds, at most 5 attempts. */
export const PAYMENT_POLL_INTERVAL_MS = 2000;
export const PAYMENT_POLL_MAX_ATTEMPTS = 5;

/**
 * With a query `session_id` on /dashboard (a payment checkout session, SPEC 2/4): polls
 * GET /stripe/checkout-status/{id}. paid -> success toast, URL cleaned to /dashboard, data reloaded;
 * status expired -> error; another state -> poll again after 2 s; 5 attempts -> timeout; an error stops it
 * (a 409 shows the server's reason, e.g. a second trial that was refunded).
 * Returns true while verifying (the 'Verifying your payment...' banner).
 */
export function usePaymentVerification(): boolean {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The session whose verification has finished (success, expiry, timeout or error).
  const [finishedFor, setFinishedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;

    const finish = () => {
      if (!cancelled) setFinishedFor(sessionId);
    };
    const poll = async () => {
      if (cancelled) return;
      if (attempts >= PAYMENT_POLL_MAX_ATTEMPTS) {
        finish();
        toast.error('Payment verification timed out. Please refresh the page.');
        return;
      }
      attempts += 1;
      try {
        const status = await billingApi.checkoutStatus(sessionId);
        if (cancelled) return;
        if (status.payment_status === 'paid') {
          finish();
          const { purchase } = status;
          toast.success(
            purchase?.kind === 'minutes'
              ? `${purchase.minutes.toLocaleString('en-US')} minutes added to your account!`
              : 'Subscription activated successfully!',
          );
          navigate('/dashboard', { replace: true });
          await queryClient.invalidateQueries();
          return;
        }
        if (status.status === 'expired') {
          finish();
          toast.error('Payment session expired.');
          return;
        }
        timer = setTimeout(() => void poll(), PAYMENT_POLL_INTERVAL_MS);
      } catch (error) {
        if (cancelled) return;
        console.error('Error checking payment status', error);
        finish();
        // 409: the server refused the purchase (a second trial, refunded) and says why.
        toast.error(
          error instanceof ApiError && error.status === 409 && error.detail
            ? error.detail
            : 'Error checking payment status',
        );
      }
    };
    void poll();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [sessionId, navigate, queryClient]);

  return Boolean(sessionId) && finishedFor !== sessionId;
}
