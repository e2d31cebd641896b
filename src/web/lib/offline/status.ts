import { useEffect, useState, useSyncExternalStore } from 'react';

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

let isOnlineNow = typeof navigator === 'undefined' ? true : navigator.onLine;
const onlineListeners = new Set<Listener>();

function setOnline(value: boolean) {
  if (value === isOnlineNow) return;
  isOnlineNow = value;
  for (const listener of onlineListeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setOnline(true));
  window.addEventListener('offline', () => setOnline(false));
}

/** Whether the browser has a network: a checkout with none goes straight to the outbox. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * The outbox could not reach the server though the browser has a network (a router with no internet): the
 * till shows itself offline until a request gets an answer.
 */
export function reportNetworkFailure(): void {
  setOnline(false);
}

export function reportNetworkSuccess(): void {
  if (typeof navigator === 'undefined' || navigator.onLine) setOnline(true);
}

export function useOnline(): boolean {
  const online = useSyncExternalStore(
    (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    () => isOnlineNow,
    () => true,
  );
  // While the browser says online but a request failed, try again now and then.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (online) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) setTick((tick) => tick + 1);
    }, 15_000);
    return () => window.clearInterval(timer);
  }, [online]);
  return online;
}
