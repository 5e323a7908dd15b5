import { useId, useState } from 'react';
import { Check, Search } from 'lucide-react';
import { formatPhoneNumber, phoneNumberMatches } from '../../../../shared/phone.ts';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AvailableNumber } from '../api/agents-api.ts';

/** How many numbers the picker lists at once; typing finds the others. */
const SHOWN = 8;

export interface NumberPickerProps {
  numbers: AvailableNumber[];
  loading: boolean;
  value: string;
  onChange: (phoneNumber: string) => void;
  /** The id of the hint under the picker. */
  hintId: string;
}

/**
 * The phone number to rent, found by typing an area code or digits instead of scrolling a list of a hundred.
 * One radio group (arrow keys move, one Tab stop, required like a select); each choice shows the number and, after
 * a dash, its friendly name (SPEC /configure). The chosen number stays listed whatever is typed.
 */
export function NumberPicker({ numbers, loading, value, onChange, hintId }: NumberPickerProps) {
  const [query, setQuery] = useState('');
  const labelId = useId();
  const searchId = useId();
  const countId = useId();
  const matches = numbers.filter((n) => phoneNumberMatches(query, n.phone_number, n.friendly_name));
  const chosen = numbers.find((n) => n.phone_number === value);
  const shown = matches.slice(0, SHOWN);
  if (chosen && !shown.includes(chosen)) shown.unshift(chosen);

  return (
    <fieldset className="space-y-2" aria-describedby={hintId}>
      <legend id={labelId} className="text-sm font-medium text-ink-800">
        Phone Number *
      </legend>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
        />
        <label htmlFor={searchId} className="sr-only">
          Search numbers by area code or digits
        </label>
        <Input
          id={searchId}
          type="search"
          inputMode="tel"
          className="pl-9"
          placeholder="Area code or digits, e.g. 555 or 0142"
          disabled={loading}
          value={query}
          aria-describedby={countId}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {loading ? (
        <p className="rounded-lg border border-dashed border-ink-200 px-3 py-4 text-sm text-ink-500">
          Loading available numbers...
        </p>
      ) : (
        <div
          role="radiogroup"
          aria-labelledby={labelId}
          aria-required="true"
          className="grid gap-2 sm:grid-cols-2"
        >
          {shown.map((n) => {
            const checked = n.phone_number === value;
            return (
              <label
                key={n.phone_number}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors',
                  'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/40',
                  checked
                    ? 'border-brand-500 bg-brand-50 text-ink-900'
                    : 'border-ink-200 bg-white text-ink-700 hover:border-ink-300',
                )}
              >
                <input
                  type="radio"
                  name="twilio_phone_number"
                  value={n.phone_number}
                  checked={checked}
                  required
                  onChange={() => onChange(n.phone_number)}
                  className="size-4 accent-brand-600"
                />
                <span className="min-w-0 flex-1">
                  <span className="font-medium text-ink-900">{formatPhoneNumber(n.phone_number)}</span>
                  {n.friendly_name ? <span className="text-ink-600"> - {n.friendly_name}</span> : null}
                </span>
                {checked ? <Check aria-hidden="true" className="size-4 text-brand-600" /> : null}
              </label>
            );
          })}
        </div>
      )}
      <p id={countId} className="text-xs text-ink-500" aria-live="polite" data-testid="number-count">
        {loading
          ? null
          : matches.length === 0
            ? 'No available number matches. Try other digits.'
            : matches.length > SHOWN
              ? `Showing ${SHOWN} of ${matches.length} numbers. Type an area code or digits to find others.`
              : `${matches.length} ${matches.length === 1 ? 'number matches' : 'numbers match'}.`}
      </p>
    </fieldset>
  );
}
