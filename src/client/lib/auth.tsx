import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api, ApiError, onSessionEnded } from './api.ts';

export interface User {
  id: string;
  email: string;
  name: string | null;
  picture: string | null;
  is_admin: boolean;
}

export interface SessionResponse {
  session_token: string;
  user: User;
}

export interface AuthContextValue {
  /** The signed-in user, or null when signed out (also null while loading). */
  user: User | null;
  /** True while the session is checked at start (or a sign-in code is exchanged). */
  loading: boolean;
  /** Re-reads the current user from the server. */
  refresh: () => Promise<void>;
  /** Stores the user returned by login/register without another round trip. */
  setUser: (user: User | null) => void;
  /** Signs out on the server (a failure is only logged) and forgets every cached query. */
  logout: () => Promise<void>;
}

export const AUTH_QUERY_KEY = ['auth', 'me'] as const;

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Where a one-time sign-in code can arrive: the URL hash (`#session_id=`, after Google sign-in).
 * On /dashboard a `session_id` in the *query* is a payment checkout session (billing handles it), so the
 * query is only read as a sign-in code on the public entry pages.
 */
const QUERY_SIGN_IN_PATHS = new Set(['/', '/auth']);

function signInCode(): string | null {
  const { hash, search, pathname } = window.location;
  const hashParams = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const code = hashParams.get('session_id');
  if (!code && QUERY_SIGN_IN_PATHS.has(pathname)) return new URLSearchParams(search).get('session_id');
  return code;
}

function takeSignInCode(): string | null {
  const code = signInCode();
  if (!code) return null;
  const { search, pathname } = window.location;
  const query = new URLSearchParams(search);
  // A sign-in code is single-use: drop it from the address bar before anything else sees it.
  if (QUERY_SIGN_IN_PATHS.has(pathname)) query.delete('session_id');
  const rest = query.toString();
  window.history.replaceState(window.history.state, '', `${pathname}${rest ? `?${rest}` : ''}`);
  return code;
}

/**
 * This browser was signed in (kept across reloads): a signed-in page that finds no session then says the session
 * has ended, rather than treating the owner as a first-time visitor. Cleared by logout and once /auth has said it.
 */
const SIGNED_IN_MARK = 'answerdesk.signed-in';

function markSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_MARK, '1');
    else localStorage.removeItem(SIGNED_IN_MARK);
  } catch {
    // storage disabled: the owner is still sent to /auth, only without the "session has ended" note
  }
}

/** Set when a call found the session gone while this tab was signed in (also when signed out in another tab). */
let endedWhileSignedIn = false;

/** True when this browser had a session that has ended since: /auth says so, then calls clearSessionEnded. */
export function sessionHasEnded(): boolean {
  if (endedWhileSignedIn) return true;
  try {
    return localStorage.getItem(SIGNED_IN_MARK) === '1';
  } catch {
    return false;
  }
}

export function clearSessionEnded(): void {
  endedWhileSignedIn = false;
  markSignedIn(false);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const query = useQuery({
    queryKey: AUTH_QUERY_KEY,
    queryFn: async (): Promise<User | null> => {
      const code = takeSignInCode();
      if (code) {
        try {
          const session = await api.get<SessionResponse>('/auth/session', {
            headers: { 'X-Session-ID': code },
          });
          // The guards keep showing the loading screen until this query settles, so no page flashes.
          navigate('/dashboard', { replace: true });
          return session.user;
        } catch (error) {
          console.error('session exchange failed', error);
          toast.error('Authentication failed. Please try again.');
          // A bad code does not sign out a browser that has a session: it stays signed in, on the dashboard.
          const current = await currentUser().catch(() => null);
          navigate(current ? '/dashboard' : '/auth', { replace: true });
          return current;
        }
      }
      return currentUser();
    },
    retry: retrySessionCheck,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const signedIn = query.data != null;
  useEffect(() => {
    if (signedIn) markSignedIn(true);
  }, [signedIn]);

  // The session ended under a signed-in page (a 401 from any call): forget the user and every cached answer; the
  // page's guard sends the owner to /auth, which says so and brings them back after sign-in.
  useEffect(
    () =>
      onSessionEnded(() => {
        if (queryClient.getQueryData(AUTH_QUERY_KEY) == null) return false;
        endedWhileSignedIn = true;
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_QUERY_KEY[0] });
        queryClient.setQueryData(AUTH_QUERY_KEY, null);
        return true;
      }),
    [queryClient],
  );

  const setUser = useCallback(
    (user: User | null) => queryClient.setQueryData(AUTH_QUERY_KEY, user),
    [queryClient],
  );

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout');
    } catch (error) {
      // SPEC 8: a logout failure is only logged; the user is signed out locally either way.
      console.error('logout failed', error);
    }
    markSignedIn(false);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_QUERY_KEY[0] });
    queryClient.setQueryData(AUTH_QUERY_KEY, null);
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: query.data ?? null,
      // A server error (not a 401) ends loading with no user: the visitor is treated as signed out.
      loading: query.isPending,
      refresh,
      setUser,
      logout,
    }),
    [query.data, query.isPending, refresh, setUser, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const retrySessionCheck = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/**
 * Checks the session before the app first renders (main.tsx, ADR 043 addendum 3), into the cache AuthProvider
 * reads, so the first render is the page rather than a loading screen. Resolves to the user (null: signed out), or
 * undefined when a sign-in code is to be exchanged (AuthProvider does it, as it navigates) or the check failed (then
 * AuthProvider asks again). Never rejects.
 */
export async function prefetchSession(queryClient: QueryClient): Promise<User | null | undefined> {
  if (signInCode()) return undefined;
  try {
    return await queryClient.fetchQuery({
      queryKey: AUTH_QUERY_KEY,
      queryFn: currentUser,
      retry: retrySessionCheck,
      staleTime: Infinity,
    });
  } catch {
    return undefined;
  }
}

/** The signed-in user, or null; `optional=1`: a visitor without a session gets 200 null, so no failed request. */
async function currentUser(): Promise<User | null> {
  try {
    return (await api.get<User | null>('/auth/me?optional=1')) ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Where /auth sends the owner back after sign-in (the page they were on), in the navigation state. */
export interface AuthRedirectState {
  from: string;
}

/** The page to go back to after sign-in: an in-app path from the navigation state, else /dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as Partial<AuthRedirectState> | null)?.from;
  if (
    typeof from !== 'string' ||
    !from.startsWith('/') ||
    from.startsWith('//') ||
    from.startsWith('/auth')
  ) {
    return '/dashboard';
  }
  return from;
}

/** 'Welcome, ' + name, or the email when the name is empty (SPEC 3). */
export function displayName(user: Pick<User, 'name' | 'email'>): string {
  return user.name?.trim() ? user.name.trim() : user.email;
}
