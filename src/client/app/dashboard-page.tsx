import type { QueryClient } from '@tanstack/react-query';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { AppHeader } from '../components/layout/app-header.tsx';
import { displayName, useAuth, type User } from '../lib/auth.tsx';
import { ActionCards } from './dashboard/action-cards.tsx';
import { AdminLinks } from './dashboard/admin-links.tsx';
import { AgentConfigCard } from '../features/activation/components/agent-config-card.tsx';
import { agentCardConfigQuery, useAgentCardConfig } from '../features/activation/hooks/use-activation.ts';
import {
  subscriptionStatusQuery,
  useSubscriptionStatus,
} from '../features/billing/hooks/use-subscription-status.ts';
import { SubscriptionStatusCard } from '../features/billing/components/subscription-status-card.tsx';
import { PaymentVerificationBanner } from '../features/billing/components/payment-verification-banner.tsx';
import { TestCallButton } from '../features/telephony/components/test-call-button.tsx';
import { GapsSummaryCard } from '../features/knowledge-gaps/components/gaps-summary-card.tsx';
import { SelfTestPanel } from '../features/self-test/components/self-test-panel.tsx';
import { SelfTestStatus } from '../features/self-test/components/self-test-status.tsx';
import { accountAgentsQuery, AgentScope, useAccountAgents } from '../lib/agent-scope.tsx';
import { AddNumberCard } from './dashboard/add-number-card.tsx';

/**
 * What the dashboard waits for before it shows its cards (its loading state below), asked before the app first
 * renders when the browser opens /dashboard (router.tsx, preloadPage): the server has preloaded the same three
 * calls (lib/page-hints.ts), so they are answered from what the browser already has and the first render is the
 * dashboard itself. The agent's configuration is asked for even when the account turns out to have several numbers
 * (the page then does not use it), rather than after the list of numbers.
 */
export function prefetchDashboardData(queryClient: QueryClient, user: User): Promise<unknown> {
  const agentId = new URLSearchParams(window.location.search).get('agent') || undefined;
  return Promise.all([
    queryClient.prefetchQuery(subscriptionStatusQuery(user.id)),
    queryClient.prefetchQuery(accountAgentsQuery),
    queryClient.prefetchQuery(agentCardConfigQuery(agentId)),
  ]);
}

/**
 * /dashboard composes the feature cards. Features plug in at the marked SLOTS below (import the card from
 * src/client/features/<f>/components/, one line each). Data of the cards is loaded by the features' own hooks.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const subscription = useSubscriptionStatus();

  // SLOT (billing + agents): 'Loading dashboard...' until subscription status and agent config are both fetched,
  // e.g. `const loading = subscription.isPending || agentConfig.isPending;` (a failed load is only logged, SPEC 8).
  const agents = useAccountAgents();
  const numbers = agents.data?.agents ?? [];
  // Several numbers (ADR 044): one card per number, each scoped to its agent; with one, the page as before.
  const several = numbers.length > 1;
  const agentConfig = useAgentCardConfig({ enabled: !several && !agents.isPending });
  const loading = subscription.isPending || agents.isPending || (!several && agentConfig.isPending);
  // SLOT (billing): true when GET /subscription/status says has_subscription with an active subscription.
  const hasActiveSubscription = Boolean(subscription.data?.has_subscription);

  if (loading) return <LoadingScreen label="Loading dashboard..." />;

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-ink-900 sm:text-3xl">Dashboard</h1>
          <p className="mt-1 text-ink-500">
            {user ? `Here's how your AI phone agent is doing, ${displayName(user)}.` : null}
          </p>
        </div>

        {/* SLOT (billing): 'Verifying your payment...' banner while a checkout (query ?session_id=) is checked. */}
        <PaymentVerificationBanner />

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {/* SLOT (billing): Subscription Status card (plan, $/month, usage bar, minutes used / limit / remaining). */}
          <SubscriptionStatusCard />
          {/* SLOT (agents): Agent Configuration card (activate voice agent, active / inactive box, voice dialog). */}
          {several ? (
            <AddNumberCard data={agents.data!} />
          ) : (
            <AgentConfigCard hasActiveSubscription={hasActiveSubscription} footer={<SelfTestStatus />} />
          )}
        </div>

        {several ? (
          <section aria-labelledby="your-numbers" className="space-y-3">
            <h2 id="your-numbers" className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
              Your numbers
            </h2>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              {numbers.map((agent) => (
                <AgentScope key={agent.id} agentId={agent.id}>
                  <div className="flex flex-col gap-4" data-testid="number-card">
                    <AgentConfigCard
                      hasActiveSubscription={hasActiveSubscription}
                      footer={<SelfTestStatus />}
                    />
                    <TestCallButton />
                    <GapsSummaryCard />
                    {/* Self-test of this number's documents (ADR 013), with its own anchor. */}
                    <SelfTestPanel />
                  </div>
                </AgentScope>
              ))}
            </div>
          </section>
        ) : (
          <>
            {/* One number and the plan allows more: "Add a number". */}
            {numbers.length === 1 && agents.data?.can_add ? <AddNumberCard data={agents.data} /> : null}

            {/* Calls: "Test call" opens the softphone on the agent's number (shown while the agent is active). */}
            <TestCallButton />

            {/* Knowledge gaps: the questions the agent couldn't answer, with how many wait for an answer (ADR 012). */}
            <GapsSummaryCard />

            {/* Self-test: what the agent answers from the documents and what it declines (ADR 013). */}
            <SelfTestPanel />
          </>
        )}

        <ActionCards hasActiveSubscription={hasActiveSubscription} />

        <AdminLinks />
      </main>
    </div>
  );
}
