import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import { api, errorMessage } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { NewPasswordFields, PasswordField } from '../components/auth-fields.tsx';

/** /account: the signed-in owner's account, with "Change password". */
export function AccountPage() {
  const { user } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (next !== confirmation) {
      toast.error('The two new passwords do not match');
      return;
    }
    setBusy(true);
    try {
      const { message } = await api.post<{ message: string }>('/auth/change-password', {
        current_password: current,
        new_password: next,
      });
      toast.success(message);
      setCurrent('');
      setNext('');
      setConfirmation('');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to change the password'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="min-h-dvh bg-ink-50">
      <AppHeader />
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <div>
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Dashboard
            </Link>
          </Button>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight text-ink-900 sm:text-3xl">
            Your account
          </h1>
          <p className="mt-1 text-ink-500">{user?.email}</p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Change password</CardTitle>
            <CardDescription>
              Other devices signed in to this account are signed out; this one stays.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} className="space-y-4" aria-label="Change password">
              <PasswordField
                label="Current password"
                name="current_password"
                value={current}
                onValueChange={setCurrent}
              />
              <NewPasswordFields
                name="new_password"
                password={next}
                confirmation={confirmation}
                onPasswordChange={setNext}
                onConfirmationChange={setConfirmation}
              />
              <Button type="submit" loading={busy}>
                {busy ? 'Processing...' : 'Change password'}
              </Button>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
