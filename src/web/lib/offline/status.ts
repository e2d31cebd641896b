import { useEffect, useSyncExternalStore } from 'react';

// Whether the till can reach the server, and a signal that the outbox or the local catalog changed, shared by
// the till, the header's indicator and the sign-out warning. Other tabs of the same business hear it through a
// BroadcastChannel, so two tabs show the same count.

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;
const channels = new Map<string, BroadcastChannel>();

function bump() {
  version += 1;
  for (const listener of listeners) listener();
}

function channelFor(slug: string): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let channel = channels.get(slug);
  if (!channel) {
    channel = new BroadcastChannel(`akwaaba-pos-offline:${slug}`);
    channel.onmessage = () => bump();
    // Node's BroadcastChannel (the web tests) would otherwise keep the process alive.
    (channel as BroadcastChannel & { unref?: () => void }).unref?.();
    channels.set(slug, channel);
  }
  return channel;
}

/** Something in the local store changed: every screen of every tab of the business reads it again. */
export function notifyLocalChange(slug: string): void {
  bump();
  channelFor(slug)?.postMessage('changed');
}

export function subscribeLocalChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever the local store does (to re-run effects that read it). */
export function useLocalChangeVersion(slug: string): number {
  useEffect(() => {
    channelFor(slug);
  }, [slug]);
  return useSyncExternalStore(
    subscribeLocalChanges,
    () => version,
    () => version,
  );
}

// ---- Connectivity ----

// Two things: whether the browser has a network at all (navigator.onLine), and whether the server answered
// the last time the outbox tried (a router with no internet says "online" but carries nothing). The screens
// show both as Offline; the senders retry as long as the browser has a network.

let hasBrowserNetwork = typeof navigator === 'undefined' ? true : navigator.onLine;
let isServerUnreachable = false;
const onlineListeners = new Set<Listener>();
const announceOnline = () => {
  for (const listener of onlineListeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    hasBrowserNetwork = true;
    isServerUnreachable = false;
    announceOnline();
  });
  window.addEventListener('offline', () => {
    hasBrowserNetwork = false;
    announceOnline();
  });
}

/** Whether the browser has a network: a checkout with none goes straight to the outbox. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * A request could not reach the server though the browser has a network (a read of any screen, or the
 * outbox). Until some request is answered again, the server is asked every PROBE_MS whether it is back, so a
 * till with nothing to send and nothing to read still learns that it is online again.
 */
export function reportNetworkFailure(): void {
  if (isServerUnreachable) return;
  isServerUnreachable = true;
  announceOnline();
  probeUntilAnswered();
}

export const PROBE_MS = 10_000;
/** The server's health check: answered by the server itself (the service worker never answers /healthz). */
const PROBE_PATH = '/healthz';
let probeTimer: ReturnType<typeof setTimeout> | null = null;

function probeUntilAnswered(): void {
  if (probeTimer !== null || typeof fetch === 'undefined') return;
  probeTimer = setTimeout(async () => {
    probeTimer = null;
    if (!isServerUnreachable) return;
    try {
      // Any answer will do, even "degraded": the question is whether the server can be reached.
      await fetch(PROBE_PATH, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_MS) });
      reportNetworkSuccess();
    } catch {
      probeUntilAnswered();
    }
  }, PROBE_MS);
}

/** A request got an answer: the server is reachable. */
export function reportNetworkSuccess(): void {
  if (!isServerUnreachable) return;
  stopProbing();
  announceOnline();
}

function stopProbing(): void {
  isServerUnreachable = false;
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
}

/**
 * Forgets a failed request without telling anyone: for the web tests, which run one after another in the
 * same page, so that one test's unreachable server neither shows Offline in the next nor asks /healthz of it.
 */
export function forgetUnreachableServer(): void {
  stopProbing();
}

function subscribeOnline(listener: Listener) {
  onlineListeners.add(listener);
  return () => {
    onlineListeners.delete(listener);
  };
}

/** What the screens show: online only when the browser has a network and the server answered. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => hasBrowserNetwork && !isServerUnreachable,
    () => true,
  );
}

/** Whether the browser has a network: what decides whether to try sending at all. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => hasBrowserNetwork,
    () => true,
  );
}
