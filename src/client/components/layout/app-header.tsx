import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LogOut, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { displayName, useAuth } from '../../lib/auth.tsx';
import { Logo } from '../brand/logo.tsx';
import { Button } from '../ui/button.tsx';

/** Logs out (a failure is only logged, SPEC 8), toasts 'Logged out successfully' and goes to /auth. */
export function useLogout(): { logout: () => Promise<void>; busy: boolean } {
  const auth = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    await auth.logout();
    toast.success('Logged out successfully');
    navigate('/auth', { replace: true });
  };
  return { logout, busy };
}

/**
 * The nav bar of signed-in pages: logo (to /), 'Welcome, <name or email>', Account (change password) and Logout.
 * `children` go between the greeting and Logout (e.g. a 'Back to Dashboard' button).
 */
export function AppHeader({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const { logout, busy } = useLogout();
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <div className="flex min-w-0 items-center gap-2 sm:gap-4">
          {user ? (
            <p className="hidden min-w-0 truncate text-sm text-ink-600 sm:block" data-testid="greeting">
              Welcome, <span className="font-semibold text-ink-900">{displayName(user)}</span>
            </p>
          ) : null}
          {children}
          <Button asChild variant="ghost" size="sm" className="min-w-11">
            <Link to="/account">
              <UserRound aria-hidden="true" className="size-4" />
              {/* On a phone the icon alone, so Logout and a page's own button stay on screen. */}
              <span className="sr-only sm:not-sr-only">Account</span>
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => void logout()} loading={busy}>
            {busy ? null : <LogOut aria-hidden="true" className="size-4" />}
            Logout
          </Button>
        </div>
      </div>
      {user ? (
        <p className="truncate border-t border-ink-100 px-4 py-2 text-sm text-ink-600 sm:hidden">
          Welcome, <span className="font-semibold text-ink-900">{displayName(user)}</span>
        </p>
      ) : null}
    </header>
  );
}
