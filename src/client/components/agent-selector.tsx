import { useEffect, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { NativeSelect } from './ui/native-select.tsx';
import { useAccountAgents } from '../lib/agent-scope.tsx';
import { usePhoneNumberFormat } from '../lib/phone-number.ts';

export interface AgentSelectorProps {
  /** /calls: an "All numbers" choice (no `?agent=`). */
  allowAll?: boolean;
}

/**
 * Which number a page is about when the account has several (ADR 044): sets `?agent=<id>`, which the page's data
 * hooks send as agent_id. Nothing shows with one number. Without `allowAll` the first number is chosen until the
 * owner picks another.
 */
export function AgentSelector({ allowAll = false }: AgentSelectorProps) {
  const { data } = useAccountAgents();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const formatPhoneNumber = usePhoneNumberFormat();
  const agents = useMemo(() => data?.agents ?? [], [data]);
  const current = params.get('agent') ?? '';
  const known = agents.some((a) => a.id === current);

  useEffect(() => {
    if (agents.length > 1 && !allowAll && !known) {
      setParams(
        (p) => {
          p.set('agent', agents[0]!.id);
          return p;
        },
        { replace: true },
      );
    }
  }, [agents, allowAll, known, setParams]);

  if (agents.length < 2) return null;
  return (
    <div className="flex flex-col gap-1.5 sm:max-w-md" data-testid="agent-selector">
      <label htmlFor={id} className="text-sm font-medium text-ink-700">
        Phone number
      </label>
      <NativeSelect
        id={id}
        value={known ? current : ''}
        onChange={(event) =>
          setParams((p) => {
            if (event.target.value) p.set('agent', event.target.value);
            else p.delete('agent');
            return p;
          })
        }
      >
        {allowAll ? <option value="">All numbers</option> : null}
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {formatPhoneNumber(agent.twilio_phone_number)} · {agent.company_name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
