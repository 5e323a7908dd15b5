import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { prefetchSession } from './lib/auth.tsx';
import { suppressResizeObserverErrors } from './lib/resize-observer.ts';
import './styles.css';

suppressResizeObserverErrors();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The session check, the page's chunk and (signed in) the page's first API calls start now, not once React has
// rendered a loading screen, and the app first renders when they are in (index.html shows the loading screen until
// then): the first render is the page itself, not a loading screen, then another, then the page (ADR 043 addendum 3).
const queryClient = createQueryClient();
const session = prefetchSession(queryClient);
void Promise.all([session, preloadPage(window.location.pathname, queryClient, session)]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders client={queryClient}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
});
