import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FlaskConical } from 'lucide-react';
import { toast } from 'sonner';
import { api, errorMessage } from '../../../lib/api.ts';
import { Logo } from '../../../components/brand/logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { EmailField } from '../components/auth-fields.tsx';
import { GoogleIcon } from '../components/google-icon.tsx';

/**
 * The local stand-in for Google sign-in (used when GOOGLE_CLIENT_ID is not set): /api/auth/google redirects here
 * with a `state`; we post the chosen identity and follow the returned /dashboard#session_id=... address.
 */
export function LocalGooglePage() {
  const [searchParams] = useSearchParams();
  const state = searchParams.get('state') ?? '';
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { redirect_url } = await api.post<{ redirect_url: string }>('/auth/google/local', {
        state,
        email: email.trim(),
        name: name.trim(),
      });
      // A full navigation: the app starts fresh and exchanges the one-time code from the hash.
      window.location.assign(redirect_url);
    } catch (error) {
      toast.error(errorMessage(error, 'Authentication failed'));
      setBusy(false);
    }
  };

  return (
    <div className="min-h-dvh bg-ink-50">
      <div
        role="note"
        className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2.5 text-center text-sm font-medium text-amber-900"
      >
        <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
        Local sign-in provider — for development; set GOOGLE_CLIENT_ID to use Google
      </div>
      <main className="mx-auto flex max-w-md flex-col items-center px-5 py-12">
        <Logo />
        <Card className="mt-8 w-full">
          <CardContent className="p-6 sm:p-8">
            <div className="flex items-center gap-3">
              <GoogleIcon className="size-6" />
              <h1 className="text-xl font-semibold text-ink-900">Sign in with Google (local)</h1>
            </div>
            <p className="mt-2 text-sm text-ink-500">
              Choose the identity this test provider should return to AnswerDesk.
            </p>
            {state ? (
              <form onSubmit={submit} className="mt-6 space-y-4">
                <TextField
                  label="Name"
                  name="name"
                  autoComplete="name"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  placeholder="Jane Cooper"
                />
                <EmailField value={email} onValueChange={setEmail} placeholder="you@gmail.com" />
                <Button type="submit" className="w-full" loading={busy}>
                  {busy ? 'Processing...' : 'Continue'}
                </Button>
              </form>
            ) : (
              <div className="mt-6 space-y-4">
                <p className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
                  This sign-in link is incomplete or has expired. Start again from the sign-in page.
                </p>
                <Button asChild variant="outline" className="w-full">
                  <Link to="/auth">Back to sign in</Link>
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
