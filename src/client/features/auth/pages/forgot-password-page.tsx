import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { api, errorMessage } from '../../../lib/api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { AuthCardLayout } from '../components/auth-card-layout.tsx';
import { EmailField } from '../components/auth-fields.tsx';

/** /forgot-password: asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { message } = await api.post<{ message: string }>('/auth/forgot-password', {
        email: email.trim(),
      });
      setSent(message);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to send the reset link'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCardLayout
      title="Forgot your password?"
      description="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <div className="mt-6 space-y-4">
          <p role="status" className="flex gap-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
            <MailCheck aria-hidden="true" className="size-5 shrink-0" />
            {sent}
          </p>
          <p className="text-sm text-ink-500">The link is valid for one hour and works once.</p>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4" aria-label="Forgot password">
          <EmailField value={email} onValueChange={setEmail} />
          <Button type="submit" className="w-full" loading={busy}>
            {busy ? 'Processing...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-ink-500">
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
