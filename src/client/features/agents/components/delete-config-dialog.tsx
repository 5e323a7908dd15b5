import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';

export interface DeleteConfigDialogProps {
  phoneNumber: string;
  deleting: boolean;
  /** Resolves when the deletion finished (successfully or not); the dialog then closes. */
  onConfirm: () => Promise<unknown>;
}

export function DeleteConfigDialog({ phoneNumber, deleting, onConfirm }: DeleteConfigDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete Config
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Configuration?</AlertDialogTitle>
          <AlertDialogDescription>
            Your phone number {phoneNumber} will be released back to the telephony provider, and your agent
            and its documents will be removed. Your call history is kept. You can configure a new agent
            afterwards.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={deleting}
            onClick={(event) => {
              event.preventDefault();
              void onConfirm().finally(() => setOpen(false));
            }}
          >
            {deleting ? 'Deleting...' : 'Delete Configuration'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
