import { type ReactNode, Suspense } from 'react';
import { type AnyLazyComponent, useLoaded } from '#web/lib/lazy-component.ts';

/**
 * `children` (which render `component`) once its code is there, `fallback` until then: the caller's own loading
 * state rather than a Suspense fallback, which React keeps for 300 ms however soon the code arrives
 * (lazy-component.ts). The Suspense boundary only catches a load that failed and is tried again.
 */
export function WhenLoaded({
  component,
  fallback,
  children,
}: {
  component: AnyLazyComponent;
  fallback: ReactNode;
  children: ReactNode;
}) {
  if (!useLoaded(component)) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
