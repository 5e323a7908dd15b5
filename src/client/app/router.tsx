import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useAuth, type User } from '../lib/auth.tsx';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { RedirectIfSignedIn, RequireAuth } from './guards.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
// The landing page is the first paint for most visitors: it ships in the main bundle, everything else is split.
import { LandingPage } from '../features/marketing/pages/landing-page.tsx';

/** Starts the API calls a page makes first, into the query cache (for a signed-in user); resolves once answered. */
export type PageData = (queryClient: QueryClient, user: User) => Promise<unknown>;

type LazyPage = ComponentType & { preload: () => Promise<unknown>; data?: (module: unknown) => PageData };

/**
 * React.lazy for a named export: one code-split chunk per page. `preload` starts loading the chunk early (ADR 043:
 * the page opened first is fetched while the session is checked, not after). A page whose chunk is already loaded
 * renders at once: through React.lazy it would suspend once anyway, and React holds back the content that follows a
 * Suspense fallback for up to 300 ms (its reveal throttle), idle time on the dashboard's first render.
 */
function lazyPage<M>(
  loader: () => Promise<M>,
  pick: (module: M) => ComponentType,
  data?: (module: M) => PageData,
): LazyPage {
  let loading: Promise<M> | null = null;
  let loaded: ComponentType | null = null;
  const load = () =>
    (loading ??= loader().then((module) => {
      loaded = pick(module);
      return module;
    }));
  const Lazy = lazy(async () => ({ default: pick(await load()) }));
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the page itself would mount the page again.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, { preload: load, data: data as ((module: unknown) => PageData) | undefined });
}

const AuthPage = lazyPage(
  () => import('../features/auth/pages/auth-page.tsx'),
  (m) => m.AuthPage,
);
const LocalGooglePage = lazyPage(
  () => import('../features/auth/pages/local-google-page.tsx'),
  (m) => m.LocalGooglePage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page.tsx'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
);
const AccountPage = lazyPage(
  () => import('../features/auth/pages/account-page.tsx'),
  (m) => m.AccountPage,
);
const DashboardPage = lazyPage(
  () => import('./dashboard-page.tsx'),
  (m) => m.DashboardPage,
  (m) => m.prefetchDashboardData,
);
const PricingPage = lazyPage(
  () => import('../features/billing/pages/pricing-page.tsx'),
  (m) => m.PricingPage,
);
const ConfigurePage = lazyPage(
  () => import('./configure-route.tsx'),
  (m) => m.ConfigureRoute,
);
const CallsPage = lazyPage(
  () => import('../features/calls/pages/calls-page.tsx'),
  (m) => m.CallsPage,
);
const KnowledgeBasePage = lazyPage(
  () => import('../features/knowledge/pages/knowledge-base-page.tsx'),
  (m) => m.KnowledgeBasePage,
);
const KnowledgeGapsPage = lazyPage(
  () => import('../features/knowledge-gaps/pages/knowledge-gaps-page.tsx'),
  (m) => m.KnowledgeGapsPage,
);
const AdminPage = lazyPage(
  () => import('../features/admin/pages/admin-page.tsx'),
  (m) => m.AdminPage,
);
const CouponsPage = lazyPage(
  () => import('../features/admin/pages/coupons-page.tsx'),
  (m) => m.CouponsPage,
);
const OutboxPage = lazyPage(
  () => import('../features/admin/pages/outbox-page.tsx'),
  (m) => m.OutboxPage,
);
const PhonePage = lazyPage(
  () => import('../features/telephony/pages/phone-page.tsx'),
  (m) => m.PhonePage,
);
const LocalCheckoutPage = lazyPage(
  () => import('../features/billing/pages/local-checkout-page.tsx'),
  (m) => m.LocalCheckoutPage,
);
const BillingPage = lazyPage(
  () => import('../features/billing/pages/billing-page.tsx'),
  (m) => m.BillingPage,
);
const ReceiptPage = lazyPage(
  () => import('../features/billing/pages/receipt-page.tsx'),
  (m) => m.ReceiptPage,
);
const NotFoundPage = lazyPage(
  () => import('./not-found-page.tsx'),
  (m) => m.NotFoundPage,
);

/** The chunk of each lazily loaded page, by its path. */
const PAGES_BY_PATH: Record<string, LazyPage> = {
  '/auth': AuthPage,
  '/account': AccountPage,
  '/pricing': PricingPage,
  '/dashboard': DashboardPage,
  '/configure': ConfigurePage,
  '/calls': CallsPage,
  '/knowledge-base': KnowledgeBasePage,
  '/knowledge-gaps': KnowledgeGapsPage,
  '/admin': AdminPage,
};

/**
 * Starts loading the page the browser opened on (main.tsx, before the first render), so its chunk arrives while
 * the session is being checked instead of after (ADR 043), and, once the session is known, the API calls the page
 * makes first (ADR 043 addendum 3: the server has already preloaded them for a signed-in visitor). Resolves when
 * all of it is in, so the first render can be the page itself; never rejects (a failed chunk shows in the page's
 * own error boundary, a failed call in the page as it would have). The landing page is in the main bundle.
 */
export async function preloadPage(
  pathname: string,
  queryClient: QueryClient,
  session: Promise<User | null | undefined>,
): Promise<void> {
  const page = PAGES_BY_PATH[pathname.replace(/\/+$/, '') || '/'];
  if (!page) return;
  try {
    const [module, user] = await Promise.all([page.preload(), session]);
    if (user && page.data) await page.data(module)(queryClient, user);
  } catch {
    // as above: the page shows what failed
  }
}

/**
 * Every route of the app (SPEC 2). Add a page with one lazy import above and one <Route> below.
 * Guards: RequireAuth = signed-in only (else /auth); RedirectIfSignedIn = /auth sends a signed-in user on.
 */
export function AppRoutes() {
  const { loading } = useAuth();
  // SPEC 2: while the session is checked at start, a loading screen is shown (on every route).
  if (loading) return <LoadingScreen />;

  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route
            path="/auth"
            element={
              <RedirectIfSignedIn>
                <AuthPage />
              </RedirectIfSignedIn>
            }
          />
          <Route path="/auth/local-google" element={<LocalGooglePage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route
            path="/account"
            element={
              <RequireAuth>
                <AccountPage />
              </RequireAuth>
            }
          />
          <Route path="/pricing" element={<PricingPage />} />
          <Route
            path="/dashboard"
            element={
              <RequireAuth>
                <DashboardPage />
              </RequireAuth>
            }
          />
          <Route
            path="/configure"
            element={
              <RequireAuth>
                <ConfigurePage />
              </RequireAuth>
            }
          />
          <Route
            path="/calls"
            element={
              <RequireAuth>
                <CallsPage />
              </RequireAuth>
            }
          />
          <Route
            path="/knowledge-base"
            element={
              <RequireAuth>
                <KnowledgeBasePage />
              </RequireAuth>
            }
          />
          <Route
            path="/knowledge-gaps"
            element={
              <RequireAuth>
                <KnowledgeGapsPage />
              </RequireAuth>
            }
          />
          {/* /admin: signed-in guard here; the page itself checks admin rights (SPEC 6). */}
          <Route
            path="/admin"
            element={
              <RequireAuth>
                <AdminPage />
              </RequireAuth>
            }
          />
          {/* /admin/coupons: no route guard on purpose; the page does its own access check (SPEC 2). */}
          <Route path="/admin/coupons" element={<CouponsPage />} />
          <Route
            path="/admin/outbox"
            element={
              <RequireAuth>
                <OutboxPage />
              </RequireAuth>
            }
          />
          <Route
            path="/phone"
            element={
              <RequireAuth>
                <PhonePage />
              </RequireAuth>
            }
          />
          <Route
            path="/local-checkout/:sessionId"
            element={
              <RequireAuth>
                <LocalCheckoutPage />
              </RequireAuth>
            }
          />
          <Route
            path="/billing"
            element={
              <RequireAuth>
                <BillingPage />
              </RequireAuth>
            }
          />
          <Route
            path="/billing/receipts/:id"
            element={
              <RequireAuth>
                <ReceiptPage />
              </RequireAuth>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
