// The answers to the reads the page started itself before the app's scripts had arrived (the script in
// index.html; the server names the reads, src/server/http/page-preloads.ts). Each is handed to the app once,
// for the same path and business, while the page is still loading. Any write forgets those not yet taken,
// so a read started before a change is never shown after it.

type EarlyReads = { slug: string; reads: Record<string, Promise<Response | null> | undefined> };

declare global {
  interface Window {
    __earlyReads?: EarlyReads;
  }
}

/** After this long since the page began loading, an answer not yet taken is no longer a first read: ask again. */
export const EARLY_READ_MAX_AGE_MS = 60_000;

/**
 * The response of the read of `path` that the page started, or undefined (none, taken already, another
 * business's, or too old). It resolves to null when that read failed: the caller then asks itself.
 */
export function takeEarlyRead(path: string, slug: string | null): Promise<Response | null> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__earlyReads;
  if (!early || early.slug !== slug) return undefined;
  const read = early.reads[path];
  delete early.reads[path];
  if (!read || performance.now() > EARLY_READ_MAX_AGE_MS) return undefined;
  return read;
}

/** Drops every early read not yet taken (a write is under way, after which they would show older data). */
export function forgetEarlyReads(): void {
  if (typeof window !== 'undefined') window.__earlyReads = undefined;
}
