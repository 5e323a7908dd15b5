import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { formatPhoneNumber } from '../../../../shared/phone.ts';

export interface DeleteConfigDialogProps {
  phoneNumber: string;
  /** Resolves when the deletion finished (successfully or not); the dialog then closes. */
  onConfirm: () => Promise<unknown>;
}

/** The 'Delete Configuration?' confirmation of /configure (SPEC 2). */
export function DeleteConfigDialog({ phoneNumber, onConfirm }: DeleteConfigDialogProps) {
  return (
    <ConfirmDeleteDialog
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete Config
        </Button>
      }
      title="Delete Configuration?"
      description={
        <p>
          Your phone number {formatPhoneNumber(phoneNumber)} will be released back to the telephony provider,
          and your agent and its documents will be removed. Your call history is kept. You can configure a new
          agent afterwards.
        </p>
      }
      confirmLabel="Delete Configuration"
      onConfirm={onConfirm}
    />
  );
}
