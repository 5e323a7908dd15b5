import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api, errorMessage } from '../../../lib/api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { AuthCardLayout } from '../components/auth-card-layout.tsx';
import { NewPasswordFields } from '../components/auth-fields.tsx';

/** The token arrives in the fragment (#token=...): it never reaches server logs or a Referer. */
function readToken(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return new URLSearchParams(hash).get('token') ?? '';
}

/** /reset-password#token=...: the page the reset email links to; sets a new password, then back to sign in. */
export function ResetPasswordPage() {
  const [token] = useState(readToken);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password !== confirmation) {
      toast.error('The two passwords do not match');
      return;
    }
    setBusy(true);
    try {
      const { message } = await api.post<{ message: string }>('/auth/reset-password', { token, password });
      toast.success(message);
      navigate('/auth', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reset the password'));
      setBusy(false);
    }
  };

  return (
    <AuthCardLayout
      title="Choose a new password"
      description="Your new password signs you out on every device; then sign in with it."
    >
      {token ? (
        <form onSubmit={submit} className="mt-6 space-y-4" aria-label="Reset password">
          <NewPasswordFields
            name="password"
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
          />
          <Button type="submit" className="w-full" loading={busy}>
            {busy ? 'Processing...' : 'Set new password'}
          </Button>
        </form>
      ) : (
        <p className="mt-6 rounded-lg bg-red-50 p-3 text-sm text-red-700">
          This password reset link is incomplete. Please open the link from the email again, or request a new
          one.
        </p>
      )}
      <p className="mt-6 text-center text-sm text-ink-500">
        <Link
          to="/forgot-password"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline sm:min-h-0"
        >
          Request a new link
        </Link>
        {' · '}
        <Link
          to="/auth"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline sm:min-h-0"
        >
          Back to sign in
        </Link>
      </p>
    </AuthCardLayout>
  );
}
