import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

/**
 * Shown when rendering a page throws, most often because a code chunk failed to download (a lost
 * connection, or a new release replaced the files). Reloading fetches the current ones.
 */
export function RouteError() {
  const error = useRouteError();
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
