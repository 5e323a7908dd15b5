import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, Clock } from 'lucide-react';
import { toast } from 'sonner';
import { api, errorMessage } from '../../../lib/api.ts';
import {
  clearSessionEnded,
  returnPath,
  sessionHasEnded,
  useAuth,
  type SessionResponse,
} from '../../../lib/auth.tsx';
import { Logo } from '../../../components/brand/logo.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { EmailField, PasswordField } from '../components/auth-fields.tsx';
import { GoogleIcon } from '../components/google-icon.tsx';

type Mode = 'signin' | 'register';

const HIGHLIGHTS = [
  'Answers every call, 24/7',
  'Learns from your own documents',
  'Hands off to your team when it should',
];

export function AuthPage() {
  const [mode, setMode] = useState<Mode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const registering = mode === 'register';
  const location = useLocation();
  // Back to the page the owner was on when the session ended (or that they opened signed out).
  const backTo = returnPath(location.state);
  const [sessionEnded] = useState(sessionHasEnded);
  useEffect(() => {
    if (!sessionEnded) return;
    clearSessionEnded();
    // The page's own error toast for the refused call would repeat the notice above the form.
    toast.dismiss();
  }, [sessionEnded]);

  // A failed Google sign-in comes back as /auth?error=<detail>: show it once and clean the address.
  const callbackError = searchParams.get('error');
  useEffect(() => {
    if (!callbackError) return;
    toast.error(callbackError, { id: 'auth-callback-error' });
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [callbackError, setSearchParams]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const session = registering
        ? await api.post<SessionResponse>('/auth/register', {
            email: email.trim(),
            password,
            name: name.trim(),
          })
        : await api.post<SessionResponse>('/auth/login', { email: email.trim(), password });
      toast.success(registering ? 'Account created successfully!' : 'Login successful!');
      navigate(backTo, { replace: true });
      setUser(session.user);
    } catch (error) {
      toast.error(errorMessage(error, 'Authentication failed'));
      setBusy(false);
    }
  };

  const toggleMode = () => {
    setMode(registering ? 'signin' : 'register');
    setPassword('');
  };

  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-brand-950 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgb(55_105_246/0.45),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgb(16_185_129/0.18),transparent_55%)]"
        />
        <Logo inverted className="relative" />
        <div className="relative max-w-md">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight">
            Never miss another customer call.
          </h2>
          <p className="mt-4 text-brand-100">
            Your AI phone agent answers from your own documents, day and night, and passes the tricky calls to
            your team.
          </p>
          <ul className="mt-8 space-y-3">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-3 text-sm text-brand-50">
                <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-400" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-brand-200">Most businesses are live within 15 minutes.</p>
      </aside>

      <main className="flex flex-col px-5 py-8 sm:px-10">
        <div className="lg:hidden">
          <Logo />
        </div>
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
          <h1 className="text-3xl font-bold tracking-tight text-ink-900">
            {registering ? 'Get started' : 'Welcome Back'}
          </h1>
          <p className="mt-2 text-sm text-ink-500">
            {registering
              ? 'Create your AnswerDesk account to set up your AI phone agent.'
              : 'Sign in to manage your AI phone agent.'}
          </p>

          {sessionEnded ? (
            <p
              role="status"
              className="mt-6 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              data-testid="session-ended"
            >
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Your session has ended, please sign in again
            </p>
          ) : null}

          <a href="/api/auth/google" className={buttonClasses('outline', 'lg', 'mt-8 w-full text-sm')}>
            <GoogleIcon className="size-5" />
            Continue with Google
          </a>

          <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-ink-500 uppercase">
            <span className="h-px flex-1 bg-ink-200" />
            or continue with email
            <span className="h-px flex-1 bg-ink-200" />
          </div>

          <form
            onSubmit={submit}
            className="space-y-4"
            aria-label={registering ? 'Create account' : 'Sign in'}
          >
            {registering ? (
              <TextField
                label="Full name"
                name="name"
                autoComplete="name"
                required
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder="Jane Cooper"
              />
            ) : null}
            <EmailField value={email} onValueChange={setEmail} />
            <PasswordField
              label="Password"
              name="password"
              isNew={registering}
              hint={registering ? 'At least 8 characters.' : undefined}
              value={password}
              onValueChange={setPassword}
            />
            {registering ? null : (
              <p className="text-right text-sm sm:-mt-2">
                <Link
                  to="/forgot-password"
                  className="inline-flex min-h-11 items-center rounded font-medium sm:min-h-0 text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  Forgot password?
                </Link>
              </p>
            )}
            <Button type="submit" size="lg" className="w-full" loading={busy}>
              {busy ? 'Processing...' : registering ? 'Create Account' : 'Sign In'}
            </Button>
          </form>

          <p className="mt-6 text-center text-sm text-ink-500">
            {registering ? 'Already have an account?' : "Don't have an account?"}{' '}
            <button
              type="button"
              onClick={toggleMode}
              className="-my-3 inline-block rounded py-3 font-semibold sm:my-0 sm:py-0 text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {registering ? 'Sign in' : 'Create one'}
            </button>
          </p>
        </div>
      </main>
    </div>
  );
}
