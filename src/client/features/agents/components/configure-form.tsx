import { useState, type FormEvent } from 'react';
import { Info } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldHint, Label } from '../../../components/ui/label.tsx';
import type { AgentConfig, AvailableNumber, ConfigureInput } from '../api/agents-api.ts';
import { NumberPicker } from './number-picker.tsx';

export interface ConfigureFormProps {
  /** The saved configuration, or null for a first configuration. */
  config: AgentConfig | null;
  /** The signed-in user's email: the contact email default. */
  defaultEmail: string;
  numbers: AvailableNumber[];
  numbersLoading: boolean;
  busy: boolean;
  onSubmit: (input: ConfigureInput) => void;
}

/** SPEC /configure form. Remount it (React `key`) to reset it after the configuration is deleted. */
export function ConfigureForm({
  config,
  defaultEmail,
  numbers,
  numbersLoading,
  busy,
  onSubmit,
}: ConfigureFormProps) {
  const [companyName, setCompanyName] = useState(config?.company_name ?? '');
  const [contactEmail, setContactEmail] = useState(config?.contact_email ?? defaultEmail);
  // A number released after the grace period is not the account's any more: the owner picks one again.
  const current = config?.number_hold?.released_at ? undefined : config?.twilio_phone_number;
  const [phoneNumber, setPhoneNumber] = useState(current ?? '');
  const [transferNumber, setTransferNumber] = useState(config?.transfer_phone_number ?? '');
  const [files, setFiles] = useState<File[]>([]);

  // The current number is rented by this account, so the provider no longer lists it: keep it selectable.
  const options: AvailableNumber[] =
    current && !numbers.some((n) => n.phone_number === current)
      ? [{ phone_number: current, friendly_name: 'Current number' }, ...numbers]
      : numbers;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit({
      company_name: companyName,
      contact_email: contactEmail,
      twilio_phone_number: phoneNumber,
      transfer_phone_number: transferNumber,
      documents: files,
    });
  };

  return (
    <form onSubmit={handleSubmit} className="space-y-6" aria-label="Agent configuration">
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="company_name">Company Name *</Label>
          <Input
            id="company_name"
            name="company_name"
            required
            autoComplete="organization"
            placeholder="Acme Corp"
            value={companyName}
            onChange={(e) => setCompanyName(e.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact_email">Contact Email *</Label>
          <Input
            id="contact_email"
            name="contact_email"
            type="email"
            required
            autoComplete="email"
            placeholder="contact@company.com"
            value={contactEmail}
            onChange={(e) => setContactEmail(e.target.value)}
          />
        </div>
      </div>

      <div className="space-y-2">
        <NumberPicker
          numbers={options}
          loading={numbersLoading}
          value={phoneNumber}
          onChange={setPhoneNumber}
          hintId="phone-hint"
        />
        <FieldHint id="phone-hint">Callers dial this number to reach your AI agent.</FieldHint>
      </div>

      <div className="space-y-2">
        <Label htmlFor="transfer_phone_number">Transfer Phone Number (Optional)</Label>
        <Input
          id="transfer_phone_number"
          name="transfer_phone_number"
          type="tel"
          autoComplete="tel"
          placeholder="+1 415 555 2671"
          value={transferNumber}
          onChange={(e) => setTransferNumber(e.target.value)}
          aria-describedby="transfer-hint"
        />
        <FieldHint id="transfer-hint">Transfers calls to a live agent when needed</FieldHint>
      </div>

      <div className="space-y-2">
        <Label htmlFor="documents">Company Documents</Label>
        <FilePicker
          id="documents"
          name="documents"
          accept=".pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain"
          files={files}
          onChange={setFiles}
          hintId="documents-hint"
          hint={
            <>
              {files.length > 0
                ? `${files.length} file${files.length === 1 ? '' : 's'} selected`
                : 'PDF, DOC, DOCX or TXT: product details, FAQs, guides, policies (10 MB each).'}
              {config ? ' New documents are added to your knowledge base.' : null}
            </>
          }
        />
      </div>

      <div className="flex gap-3 rounded-xl border border-brand-100 bg-brand-50/60 p-4 text-sm text-ink-700">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <p>
          <span className="font-semibold text-ink-900">Next step:</span> after configuring, activate your
          agent on the dashboard and choose a voice from 38+ options.
        </p>
      </div>

      <Button type="submit" size="lg" className="w-full" loading={busy} disabled={busy || numbersLoading}>
        {busy ? 'Configuring...' : 'Configure Agent'}
      </Button>
    </form>
  );
}
