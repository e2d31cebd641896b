import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

/**
 * Shown when rendering a page throws, most often because a code chunk failed to download (a lost
 * connection, or a new release replaced the files). Reloading fetches the current ones.
 */
export function RouteError({ error }: { error: unknown }) {
  const isChunkError = error instanceof TypeError && /dynamically imported module|fetch/i.test(error.message);
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlertIcon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="font-semibold text-2xl">Something went wrong</h1>
        <p className="text-muted-foreground">
          {isChunkError
            ? 'Part of the page could not be downloaded. Check your connection and reload.'
            : 'The page hit an unexpected problem. Reloading usually fixes it.'}
        </p>
        <Button onClick={() => window.location.reload()}>
          <RefreshCwIcon aria-hidden="true" />
          Reload page
        </Button>
      </div>
    </main>
  );
}

type BoundaryProps = { pathname: string; children: ReactNode };
// `failure` is an object so that even a thrown null or undefined counts as a failure.
type BoundaryState = { failure: { error: unknown } | null; pathname: string };

class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  // Going to another page (the browser's back button) tries again, as the router's own boundary did.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failure: null, pathname: props.pathname };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RouteError error={failure.error} /> : this.props.children;
  }
}

/** Replaces the whole page with RouteError when rendering any page throws. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary pathname={pathname}>{children}</PageErrorBoundary>;
}
