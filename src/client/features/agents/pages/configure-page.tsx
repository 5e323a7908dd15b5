import { useEffect, useState } from 'react';
import { AgentSelector } from '../../../components/agent-selector.tsx';
import { useAccountAgents, useAgentId } from '../../../lib/agent-scope.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { agentsApi, type ConfigureInput } from '../api/agents-api.ts';
import { ConfigureForm } from '../components/configure-form.tsx';
import { DeleteConfigDialog } from '../components/delete-config-dialog.tsx';
import { PlanNeededCard } from '../components/plan-needed-card.tsx';
import {
  AGENT_QUERY_KEY,
  AVAILABLE_NUMBERS_QUERY_KEY,
  useAgentConfig,
  useAvailableNumbers,
} from '../hooks/use-agent-config.ts';
import { BackToDashboardButton } from '../../../components/layout/back-to-dashboard.tsx';
import { formatPhoneNumber } from '../../../../shared/phone.ts';
import { HoursCard } from '../components/hours-card.tsx';
import { useAgentHours } from '../hooks/use-agent-hours.ts';

export interface ConfigurePageProps {
  /**
   * True when the account has no active plan (the app reads the subscription status): the page then says what
   * is needed and links to /pricing instead of showing a form the server would refuse.
   */
  planNeeded?: boolean;
}

/** /configure (SPEC 2): company details, phone number, transfer number and documents. */
export function ConfigurePage({ planNeeded = false }: ConfigurePageProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // `?new=1`: another number of the account (POST /agents, ADR 044); `?agent=<id>`: one of several numbers.
  const [params] = useSearchParams();
  const adding = params.get('new') === '1';
  const agentId = useAgentId();
  const agents = useAccountAgents();
  const several = (agents.data?.agents.length ?? 0) > 1;
  const agentConfig = useAgentConfig({ enabled: !adding });
  const numbers = useAvailableNumbers({ enabled: !planNeeded });
  // Bumped after a deletion: remounts the form with empty fields (contact email from the user).
  const [formGeneration, setFormGeneration] = useState(0);

  useEffect(() => {
    if (numbers.isError) toast.error('Failed to load available phone numbers');
  }, [numbers.isError]);

  const configure = useMutation({
    mutationFn: (input: ConfigureInput) => agentsApi.configure(input, { agentId, add: adding }),
    onSuccess: async (result) => {
      toast.success(adding ? `${result.message}.` : 'Agent configured successfully!');
      await queryClient.invalidateQueries({ queryKey: AGENT_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: AVAILABLE_NUMBERS_QUERY_KEY });
      navigate('/dashboard');
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to configure agent')),
  });

  const remove = useMutation({
    mutationFn: () => agentsApi.deleteConfig(agentId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: AGENT_QUERY_KEY });
      await queryClient.refetchQueries({ queryKey: AVAILABLE_NUMBERS_QUERY_KEY });
      // One of several numbers released: the others stay, back to the dashboard.
      if (several) navigate('/dashboard');
      else setFormGeneration((n) => n + 1);
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to delete configuration')),
  });

  if ((!adding && agentConfig.isPending) || agents.isPending) return <LoadingScreen />;
  const config = !adding && agentConfig.data?.configured ? (agentConfig.data.config ?? null) : null;

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title={adding ? 'Add a phone number' : 'Configure Your AI Phone Agent'}
          description={
            adding
              ? 'Another number for this account: its own company or location name, documents, voice and hours. Minutes are shared.'
              : config?.number_hold?.released_at
                ? `Your number ${formatPhoneNumber(config.twilio_phone_number)} was released after your subscription ended: choose a new one below.`
                : config
                  ? `Current number: ${formatPhoneNumber(config.twilio_phone_number)}`
                  : 'Set up your company details, phone number and knowledge documents.'
          }
          actions={
            <>
              {config ? (
                <DeleteConfigDialog
                  phoneNumber={config.twilio_phone_number}
                  onConfirm={() => remove.mutateAsync().catch(() => undefined)}
                />
              ) : null}
              <BackToDashboardButton />
            </>
          }
        />
        {adding || planNeeded ? null : <AgentSelector />}
        {planNeeded ? (
          <PlanNeededCard />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>Agent details</CardTitle>
              <CardDescription>
                {config
                  ? 'Update your details, move to another number or add documents.'
                  : 'Choose a phone number and tell your agent about your business.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ConfigureForm
                key={`${formGeneration}-${config ? config.id : 'new'}`}
                config={config}
                defaultEmail={user?.email ?? ''}
                numbers={numbers.data ?? []}
                numbersLoading={numbers.isPending || numbers.isFetching}
                busy={configure.isPending}
                onSubmit={(input) => configure.mutate(input)}
              />
            </CardContent>
          </Card>
        )}
        {config && !planNeeded ? <HoursSection /> : null}
      </main>
    </div>
  );
}

/** The agent's opening hours, once it is configured (ADR 042). */
function HoursSection() {
  const hours = useAgentHours();
  if (hours.isPending) return null;
  if (hours.isError || !hours.data) return null;
  return <HoursCard key={JSON.stringify(hours.data.hours)} data={hours.data} />;
}
