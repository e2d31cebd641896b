import { useIsFetching } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react';
import { lazyComponent } from './lazy-component.ts';

// Parts of a page that are not needed to show it (dialogs, menus, panels) load after it is on screen, so that
// a phone on 3G downloads less before it can work. These two hooks are how every such part is deferred.

const started = new Set<() => Promise<unknown>>();

/**
 * Starts `load` (a dynamic import) once the page's data has arrived (no query is fetching) and the browser is
 * idle: on a slow line the page's own reads must not share the bandwidth with code it does not need yet.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>) {
  const isPageFetching = useIsFetching() > 0;
  useEffect(() => {
    if (isPageFetching || started.has(load)) return;
    const start = () => {
      started.add(load);
      void load().catch(() => started.delete(load));
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 1000);
    return () => window.clearTimeout(id);
  }, [load, isPageFetching]);
}

/**
 * True from the first time a deferred part has something to show: from then on it stays mounted, so that it
 * closes with its animation and keeps its state like the part it stands for.
 */
export function useWanted(isOpen: boolean): boolean {
  const [isWanted, setWanted] = useState(isOpen);
  if (isOpen && !isWanted) setWanted(true);
  return isOpen || isWanted;
}

/**
 * A stand-in for a dialog (or sheet) whose code loads once the page is idle: it renders nothing until
 * `isOpen(props)` first holds, then the real dialog with the same props, kept mounted from then on. The code is
 * usually there before the first press; if not, the dialog appears as soon as it has downloaded.
 */
export function deferredDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): (props: P) => ReactNode {
  // Loaded while the page is idle, it opens at the first press without a Suspense fallback in between.
  const Dialog = lazyComponent(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, like lazy()
  return function DeferredDialog(props: P) {
    usePreloadWhenIdle(Dialog.preload);
    if (!useWanted(isOpen(props))) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
