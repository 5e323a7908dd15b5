import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth.tsx';
import { billingApi } from '../api/billing-api.ts';

export const SUBSCRIPTION_STATUS_KEY = ['billing', 'subscription-status'] as const;
export const TRIAL_ELIGIBLE_KEY = ['billing', 'trial-eligible'] as const;

/** GET /subscription/status of the user `userId` (disabled without one); a failed load is only logged (SPEC 8). */
export function subscriptionStatusQuery(userId: string | null) {
  return queryOptions({
    queryKey: [...SUBSCRIPTION_STATUS_KEY, userId],
    queryFn: async () => {
      try {
        return await billingApi.subscriptionStatus();
      } catch (error) {
        console.error('Failed to load subscription status', error);
        throw error;
      }
    },
    enabled: Boolean(userId),
  });
}

/**
 * GET /subscription/status for the signed-in user (disabled when signed out). The dashboard composes its
 * loading state from `isPending`.
 */
export function useSubscriptionStatus() {
  const { user } = useAuth();
  return useQuery(subscriptionStatusQuery(user?.id ?? null));
}

/** True when the account has a live subscription (for "Configure Agent" and the like). */
export function useHasActiveSubscription(): boolean {
  const { data } = useSubscriptionStatus();
  return Boolean(data?.has_subscription && data.subscription);
}

/**
 * GET /subscription/trial-eligible; assumed true on failure and for visitors (SPEC 7). While the answer is
 * on its way the trial stays hidden, so a signed-in user who is not eligible never sees it (SPEC 2).
 */
export function useTrialEligible(): boolean {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: [...TRIAL_ELIGIBLE_KEY, user?.id ?? null],
    queryFn: () => billingApi.trialEligible(),
    enabled: Boolean(user),
    retry: false,
  });
  if (!user || query.isError) return true;
  return query.data?.eligible ?? false;
}
