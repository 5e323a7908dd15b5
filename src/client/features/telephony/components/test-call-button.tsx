import { Link } from 'react-router';
import { useAgentId } from '../../../lib/agent-scope.tsx';
import { useQuery } from '@tanstack/react-query';
import { PhoneCall } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { agentNumberApi } from '../api/agent-number.ts';
import { usePhoneNumberFormat } from '../../../lib/phone-number.ts';

/** Dashboard: "Test call" opens the softphone on the agent's number; shown only while the agent is active. */
export function TestCallButton() {
  const agentId = useAgentId();
  const formatPhoneNumber = usePhoneNumberFormat();
  const { data } = useQuery({
    queryKey: ['agent', 'config', 'test-call', agentId ?? null],
    queryFn: () => agentNumberApi.config(agentId),
  });
  const config = data?.configured ? data.config : null;
  if (!config || config.status !== 'active') return null;
  return (
    <div className="flex flex-col items-start justify-between gap-3 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-4 sm:flex-row sm:items-center">
      <div>
        <p className="font-semibold text-ink-900">
          Your agent is live on {formatPhoneNumber(config.twilio_phone_number)}
        </p>
        <p className="text-sm text-ink-600">Call it from your browser to hear how it answers.</p>
      </div>
      <Button asChild variant="success">
        <Link to={`/phone?to=${encodeURIComponent(config.twilio_phone_number)}`}>
          <PhoneCall aria-hidden="true" className="size-4" />
          Test call
        </Link>
      </Button>
    </div>
  );
}
