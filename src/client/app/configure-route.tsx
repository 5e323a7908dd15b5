import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { ConfigurePage } from '../features/agents/pages/configure-page.tsx';
import { useSubscriptionStatus } from '../features/billing/hooks/use-subscription-status.ts';

/**
 * /configure composed with billing (features do not import each other): without an active plan the page shows
 * what is needed and a way to /pricing. A failed status load keeps the form; the server has the last word.
 */
export function ConfigureRoute() {
  const subscription = useSubscriptionStatus();
  if (subscription.isPending) return <LoadingScreen />;
  const planNeeded =
    subscription.isSuccess && !(subscription.data.has_subscription && subscription.data.subscription);
  return <ConfigurePage planNeeded={planNeeded} />;
}
