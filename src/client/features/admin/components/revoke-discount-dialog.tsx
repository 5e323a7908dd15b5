import { useState } from 'react';
import { Ban } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import type { RevokeAction } from '../api/admin-api.ts';

const OPTIONS: { value: RevokeAction; title: string; description: string }[] = [
  {
    value: 'cancel_immediately',
    title: 'Cancel immediately',
    description:
      'The subscription ends now and the agent stops. The user must subscribe again at full price.',
  },
  {
    value: 'finish_period',
    title: 'Finish current period',
    description:
      'The discount is removed; the user keeps the current billing period, after which the full price applies.',
  },
];

export interface RevokeDiscountDialogProps {
  discountLabel: string;
  onRevoke: (action: RevokeAction) => Promise<boolean>;
}

/** SPEC 5: one of the two actions must be chosen before the confirm button is enabled. */
export function RevokeDiscountDialog({ discountLabel, onRevoke }: RevokeDiscountDialogProps) {
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<RevokeAction | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!action) return;
    setBusy(true);
    const ok = await onRevoke(action);
    setBusy(false);
    if (ok) {
      setOpen(false);
      setAction(null);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) setAction(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="border-red-200 text-red-700 hover:bg-red-50">
          <Ban aria-hidden="true" className="size-4" />
          Revoke Discount
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke Discount</DialogTitle>
          <DialogDescription>Current discount: {discountLabel}. Choose how to revoke it.</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="sr-only">Revocation</legend>
          {OPTIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors',
                action === option.value ? 'border-brand-400 bg-brand-50' : 'border-ink-200 hover:bg-ink-50',
              )}
            >
              <input
                type="radio"
                name="revoke-action"
                value={option.value}
                checked={action === option.value}
                onChange={() => setAction(option.value)}
                className="mt-1 accent-brand-600"
              />
              <span>
                <span className="block text-sm font-semibold text-ink-900">{option.title}</span>
                <span className="block text-sm text-ink-500">{option.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={!action} loading={busy} onClick={() => void confirm()}>
            {busy ? 'Revoking...' : 'Confirm Revoke'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
