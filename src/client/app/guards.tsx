import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { returnPath, useAuth, type AuthRedirectState } from '../lib/auth.tsx';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';

/**
 * Signed-in only: a signed-out visitor goes to /auth, and back to this page after sign-in. When this browser's
 * session ended (expired, signed out elsewhere, a 401 on any call), /auth says so.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!user) {
    const state: AuthRedirectState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/auth" replace state={state} />;
  }
  return <>{children}</>;
}

/** Pages a signed-in user should not see (the sign-in page): they go to the page they came from, or /dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return <>{children}</>;
}
