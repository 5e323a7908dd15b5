import { useState } from 'react';
import { useAgentLink, useScopedAgentId } from '../../../lib/agent-scope.tsx';
import { Link } from 'react-router';
import { AlertTriangle, Bot, CheckCircle2, FileText, Mic, Phone, Settings2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { agentIdOf, type AgentCardConfig } from '../api/activation-api.ts';
import { useAgentCardConfig } from '../hooks/use-activation.ts';
import { VoiceDialog } from './voice-dialog.tsx';
import { usePhoneNumberFormat } from '../../../lib/phone-number.ts';
import { ReadingProgress } from '../../../components/reading-progress.tsx';
import { NumberHoldNotice } from '../../../components/number-hold-notice.tsx';

export interface AgentConfigCardProps {
  /** From GET /subscription/status: without an active subscription there is nothing to configure yet. */
  hasActiveSubscription: boolean;
  /** Shown under a configured agent's details (the dashboard puts the self-test's status here). */
  footer?: React.ReactNode;
}

/**
 * The dashboard's Agent Configuration card (SPEC 4, Agent card): not configured -> configured without an
 * agent ('Activate AI Voice Agent') -> active (green box with the agent id) or inactive (red box: minute limit
 * reached, upgrade or buy minutes to reactivate). The boxes show only when an agent id exists.
 */
export function AgentConfigCard({ hasActiveSubscription, footer }: AgentConfigCardProps) {
  const { data } = useAgentCardConfig();
  const [dialogOpen, setDialogOpen] = useState(false);
  const config = data?.configured ? data.config : null;
  // One of several numbers (ADR 044): the card is named after its company or location.
  const several = useScopedAgentId() !== undefined;
  const formatPhoneNumber = usePhoneNumberFormat();

  return (
    <Card data-testid="agent-config-card" className="flex flex-col">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              <Bot aria-hidden="true" className="size-5" />
            </span>
            <div>
              <CardTitle>{several && config ? config.company_name : 'Agent Configuration'}</CardTitle>
              <CardDescription>
                {several && config ? formatPhoneNumber(config.twilio_phone_number) : 'Your AI phone agent'}
              </CardDescription>
            </div>
          </div>
          {config ? <StatusBadge config={config} /> : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {config ? (
          <>
            <ConfiguredAgent
              config={config}
              hasActiveSubscription={hasActiveSubscription}
              onChooseVoice={() => setDialogOpen(true)}
            />
            {footer}
          </>
        ) : (
          <NotConfigured hasActiveSubscription={hasActiveSubscription} />
        )}
      </CardContent>
      {config ? (
        <VoiceDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          currentVoiceId={config.voice_id ?? null}
        />
      ) : null}
    </Card>
  );
}

function StatusBadge({ config }: { config: AgentCardConfig }) {
  if (!agentIdOf(config)) return <Badge variant="warning">Not activated</Badge>;
  return config.status === 'active' ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="danger">Inactive</Badge>
  );
}

function NotConfigured({ hasActiveSubscription }: { hasActiveSubscription: boolean }) {
  return (
    <div className="flex flex-1 flex-col items-start justify-center gap-3">
      <p className="text-sm text-ink-600">
        No agent configured yet. Add your company details, pick a phone number and upload the documents your
        agent should answer from.
      </p>
      {hasActiveSubscription ? (
        <Button asChild>
          <Link to="/configure">
            <Settings2 aria-hidden="true" className="size-4" />
            Configure Agent
          </Link>
        </Button>
      ) : (
        <>
          <Button disabled aria-describedby="configure-needs-plan">
            <Settings2 aria-hidden="true" className="size-4" />
            Configure Agent
          </Button>
          <p id="configure-needs-plan" className="text-sm text-ink-500">
            An active subscription is needed first.{' '}
            <Link to="/pricing" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Choose a plan
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function ConfiguredAgent({
  config,
  hasActiveSubscription,
  onChooseVoice,
}: {
  config: AgentCardConfig;
  hasActiveSubscription: boolean;
  onChooseVoice: () => void;
}) {
  const agentId = agentIdOf(config);
  // One of several numbers (ADR 044): its own settings page.
  const scoped = useScopedAgentId();
  const settings = useAgentLink('/configure');
  const formatPhoneNumber = usePhoneNumberFormat();
  const voiceName = typeof config.config_data?.voice_name === 'string' ? config.config_data.voice_name : null;
  const documentCount = config.documents?.length ?? 0;
  return (
    <>
      <dl className="grid gap-2 text-sm">
        <Detail icon={Bot} label="Company" value={config.company_name} />
        <Detail icon={Phone} label="Phone number" value={formatPhoneNumber(config.twilio_phone_number)} />
        <Detail
          icon={FileText}
          label="Documents"
          value={`${documentCount} document${documentCount === 1 ? '' : 's'}`}
        />
        {agentId ? <Detail icon={Mic} label="Voice" value={voiceName ?? config.voice_id ?? '—'} /> : null}
      </dl>

      <ReadingProgress reading={config.reading} />

      {scoped ? (
        <Link
          to={settings}
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <Settings2 aria-hidden="true" className="size-4" />
          Settings for {formatPhoneNumber(config.twilio_phone_number)}
        </Link>
      ) : null}

      {config.number_hold ? (
        <div className="mt-auto">
          <NumberHoldNotice
            hold={config.number_hold}
            phoneNumber={config.twilio_phone_number}
            hasActiveSubscription={hasActiveSubscription}
            configureHref={settings}
          />
        </div>
      ) : !agentId ? (
        <div className="mt-auto flex flex-col gap-2 rounded-xl border border-dashed border-brand-200 bg-brand-50/40 p-4">
          <p className="text-sm text-ink-700">
            Your agent is configured. Choose a voice to put it live on{' '}
            {formatPhoneNumber(config.twilio_phone_number)}.
          </p>
          <Button onClick={onChooseVoice} className="self-start">
            <Mic aria-hidden="true" className="size-4" />
            Activate AI Voice Agent
          </Button>
        </div>
      ) : config.status === 'active' ? (
        <div
          data-testid="agent-active"
          className="mt-auto rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600" />
            AI Agent Active
          </p>
          <p className="mt-1 text-sm">
            Calls to {formatPhoneNumber(config.twilio_phone_number)} are answered by your AI agent.
          </p>
          <p className="mt-2 text-sm">
            Agent ID: <code className="rounded bg-white/70 px-1.5 py-0.5 font-mono text-xs">{agentId}</code>
          </p>
          <Button variant="link" size="sm" onClick={onChooseVoice} className="mt-2 text-emerald-800">
            Change voice
          </Button>
        </div>
      ) : (
        <div
          data-testid="agent-inactive"
          className="mt-auto rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden="true" className="size-5 text-red-600" />
            AI Agent Deactivated
          </p>
          <p className="mt-1 text-sm">
            Your agent was deactivated because your minute limit was reached. Upgrade your plan or buy extra
            minutes to reactivate it: either brings it back at once.
          </p>
          <p className="mt-2 text-xs text-red-800/80">
            Agent ID: <code className="font-mono">{agentId}</code>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button asChild variant="destructive" size="sm">
              <Link to="/pricing">Upgrade Plan</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/pricing#minutes">Buy Minutes</Link>
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

function Detail({ icon: Icon, label, value }: { icon: typeof Bot; label: string; value: string }) {
  return (
    <div className="flex items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-400" />
      <dt className="shrink-0 text-ink-500">{label}:</dt>
      <dd className="min-w-0 font-medium break-words text-ink-800">{value}</dd>
    </div>
  );
}
