import { useState, type FormEvent } from 'react';
import { Gift } from 'lucide-react';
import { toast } from 'sonner';
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
import { Input } from '../../../components/ui/input.tsx';
import { FieldHint, Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

export const MAX_GIFT_MINUTES = 10_000;

/** SPEC 5: a whole number from 1 to 10,000; returns the error text, or null when valid. */
export function giftMinutesError(raw: string): string | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) return 'Please enter a valid number of minutes';
  if (Number(text) > MAX_GIFT_MINUTES) return 'Cannot gift more than 10,000 minutes at once';
  return null;
}

export interface GiftMinutesDialogProps {
  userLabel: string;
  /** Resolves null when the minutes were gifted, else the error text (already toasted) to show by the field. */
  onGift: (input: { minutes: number; note: string }) => Promise<string | null>;
}

export function GiftMinutesDialog({ userLabel, onGift }: GiftMinutesDialogProps) {
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // Shown next to the field as well as in the toast, so the admin sees what to fix where they type.
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setMinutes('');
    setNote('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = giftMinutesError(minutes);
    setError(invalid);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    setBusy(true);
    const failure = await onGift({ minutes: Number(minutes.trim()), note: note.trim() });
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    setOpen(false);
    reset();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="success" size="sm">
          <Gift aria-hidden="true" className="size-4" />
          Gift Minutes
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Gift Minutes</DialogTitle>
            <DialogDescription>
              Add free minutes to {userLabel}. Gifted minutes never expire and reactivate an agent that
              stopped at its limit.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="gift-minutes">Minutes</Label>
            <Input
              id="gift-minutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_GIFT_MINUTES}
              step={1}
              placeholder="e.g. 100"
              value={minutes}
              onChange={(event) => {
                setMinutes(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'gift-minutes-error gift-minutes-hint' : 'gift-minutes-hint'}
              autoFocus
            />
            {error ? (
              <p id="gift-minutes-error" data-testid="gift-minutes-error" className="text-sm text-red-600">
                {error}
              </p>
            ) : null}
            <FieldHint id="gift-minutes-hint">A whole number from 1 to 10,000.</FieldHint>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="gift-note">Note (optional)</Label>
            <Textarea
              id="gift-note"
              rows={3}
              maxLength={500}
              placeholder="Why these minutes are gifted"
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="success" loading={busy}>
              {busy ? 'Gifting...' : 'Gift Minutes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
