import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useState } from 'react';

// Props of any kind, as React's own `lazy` takes them.
// biome-ignore lint/suspicious/noExplicitAny: the bound React's LazyExoticComponent itself puts on T
type AnyComponent = ComponentType<any>;

/** A lazily loaded component whose code can be asked for before it renders. */
export type LazyComponent<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Starts loading the code (once; a failed load is tried again by the next call). */
  preload(): Promise<void>;
  /** Whether the code has loaded, so that the component renders without suspending. */
  isLoaded(): boolean;
};

/** Any lazily loaded component, whatever its props. */
export type AnyLazyComponent = LazyComponent<AnyComponent>;

/**
 * `React.lazy`, but a component whose code has already loaded renders at once.
 *
 * `lazy` suspends the first time it renders even when its import would resolve in a microtask (a chunk the page
 * preloaded, a dialog loaded while the page was idle): React shows the Suspense fallback, and then holds the
 * content back until 300 ms after that fallback appeared (its fallback throttle). On a repeat visit to the till
 * that was two spinners and 0.3 s before the first product card. Once `preload` (or an earlier render) has the
 * module, this one hands it to React synchronously, which React takes without suspending.
 */
export function lazyComponent<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyComponent<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => (loaded ? settled(loaded) : start()));
  return Object.assign(component, {
    preload: () => start().then(() => undefined),
    isLoaded: () => loaded !== undefined,
  });
}

/**
 * Loads `component`'s code and says when it has loaded (or failed to: rendering it then lets its Suspense
 * boundary and error boundary deal with the failure). A page that waits for this before rendering the
 * component shows its own loading state instead of a Suspense fallback, which React would keep on screen for
 * at least 300 ms even when the code arrives a moment later.
 */
export function useLoaded(component: AnyLazyComponent): boolean {
  // Which component's load settled (a failure too): one hook may be asked about another component later.
  const [settledOne, setSettledOne] = useState<AnyLazyComponent | null>(null);
  const isLoaded = component.isLoaded() || settledOne === component;
  useEffect(() => {
    if (isLoaded) return;
    let isCurrent = true;
    const settle = () => isCurrent && setSettledOne(() => component);
    component.preload().then(settle, settle);
    return () => {
      isCurrent = false;
    };
  }, [component, isLoaded]);
  return isLoaded;
}

/**
 * A thenable that calls back at once. React's lazy reads the module synchronously when `then` calls back during
 * the call; a real Promise always calls back later.
 */
function settled<V>(value: V): Promise<V> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable is the point (see above)
  const thenable = { then: (resolve: (value: V) => void) => resolve(value) };
  return thenable as unknown as Promise<V>;
}
