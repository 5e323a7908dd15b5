import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { ApiError } from '../lib/api.ts';
import { AuthProvider } from '../lib/auth.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on a retry; network blips and 5xx get one more try.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * App-wide providers. Lives inside <BrowserRouter> because AuthProvider navigates after a sign-in exchange.
 * `client`: the query cache main.tsx filled before the first render (else a new one).
 */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* SPEC 2: top right, 4 seconds, at most 3 visible, 14px gap; below the header (styles.css). */}
      <Toaster
        position="top-right"
        duration={4000}
        visibleToasts={3}
        gap={14}
        offset={{ top: 'var(--toast-offset-top)', right: 24 }}
        mobileOffset={{ top: 'var(--toast-offset-top)', right: 16, left: 16 }}
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
