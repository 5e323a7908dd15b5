import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { LogoMark } from '../components/brand/logo.tsx';

interface State {
  error: Error | null;
}

/** Last line of defence: a render error or a page chunk that failed to download (e.g. after a deploy). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-ink-50 px-6 text-center">
        <LogoMark className="size-12" />
        <h1 className="text-xl font-semibold text-ink-900">Something went wrong</h1>
        <p className="max-w-sm text-sm text-ink-500">
          The page could not be shown. Reloading usually fixes this; if it keeps happening, please contact
          support.
        </p>
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" /> Reload page
        </Button>
      </div>
    );
  }
}
