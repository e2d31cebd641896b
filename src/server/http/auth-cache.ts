import type { Database } from '../db/client.ts';
import type { App, AppDeps } from './types.ts';

/**
 * What every signed-in request reads before its work: the business of its address and the session with its
 * person. Held here for a few seconds so that a sale or a search does not read them again each time
 * (issue 14), and dropped the moment they change: migration 0101's triggers announce every change of a
 * business, a person or a session on the channel `pos_auth_cache` (sign-out, deactivation, a role change, a
 * business switched off, whichever code path made it), on every server that shares the database, and this
 * process also drops what it ends itself before answering. While the listening connection is down nothing is
 * cached, so a missed notification can never keep a stale entry alive.
 */
export const AUTH_CACHE_CHANNEL = 'pos_auth_cache';

/** How long an entry may be used without a notification (the last guard should one be missed). */
export const AUTH_CACHE_TTL_MS = 10_000;
/** Entries kept at most per kind; beyond it the oldest go first. */
const MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; expiresAt: number };

export type AuthCache = {
  /** The cached value, or loads it (and keeps it when the cache is live). */
  business<T extends { id: string }>(slug: string, load: () => Promise<T | null>): Promise<T | null>;
  session<T extends { sessionId: string; userId: string }>(
    tokenHash: string,
    load: () => Promise<T | null>,
  ): Promise<T | null>;
  /** Changes a held session in place (its last-seen time after a touch). */
  updateSession<T>(tokenHash: string, change: (value: T) => T): void;
  forgetSession(tokenHash: string): void;
  forgetUser(userId: string): void;
  forgetBusiness(businessId: string): void;
  /**
   * Resolves once every change committed before the call has reached this process: a request that changed
   * a session, a person or a business waits for it before answering, so its own next request never sees the
   * old entry (PostgreSQL delivers notifications in commit order).
   */
  sync(): Promise<void>;
  /** Starts listening for changes; until then (and whenever the connection is lost) nothing is cached. */
  start(database: Database): Promise<void>;
  stop(): Promise<void>;
  readonly isLive: boolean;
  readonly size: number;
};

export function createAuthCache(options: { ttlMs?: number; now?: () => number } = {}): AuthCache {
  const ttl = options.ttlMs ?? AUTH_CACHE_TTL_MS;
  const clock = options.now ?? (() => performance.now());
  const businesses = new Map<string, Entry<{ id: string }>>();
  const sessions = new Map<string, Entry<{ sessionId: string; userId: string }>>();
  // Bumped by every invalidation: a load that started before one must not store what it read.
  let epoch = 0;
  let isLive = false;
  let stopListening: (() => Promise<void>) | null = null;
  let isStopped = false;
  let database: Database | null = null;
  let syncCount = 0;
  const waiting = new Map<string, () => void>();

  const clear = () => {
    epoch++;
    businesses.clear();
    sessions.clear();
  };

  function keep<T>(map: Map<string, Entry<T>>, key: string, value: T) {
    if (map.size >= MAX_ENTRIES) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, { value, expiresAt: clock() + ttl });
  }

  async function cached<T, K>(
    map: Map<string, Entry<K>>,
    key: string,
    load: () => Promise<T | null>,
  ): Promise<T | null> {
    if (isLive) {
      const entry = map.get(key);
      if (entry && entry.expiresAt > clock()) return entry.value as unknown as T;
      if (entry) map.delete(key);
    }
    const startedAt = epoch;
    const value = await load();
    if (value !== null && isLive && epoch === startedAt) keep(map, key, value as unknown as K);
    return value;
  }

  function onMessage(payload: string) {
    const separator = payload.indexOf(':');
    const kind = payload.slice(0, separator);
    const key = payload.slice(separator + 1);
    if (kind === 'sync') waiting.get(key)?.();
    else if (kind === 'session') cache.forgetSession(key);
    else if (kind === 'user') cache.forgetUser(key);
    else if (kind === 'business') cache.forgetBusiness(key);
    else clear();
  }

  async function connect(target: Database): Promise<void> {
    try {
      stopListening = await target.listen(AUTH_CACHE_CHANNEL, onMessage, {
        // Changes may be missed while the connection is down: hold nothing until it listens again.
        onLost: () => {
          isLive = false;
          clear();
        },
        onReconnect: () => {
          clear();
          isLive = !isStopped;
        },
      });
      if (isStopped) {
        await stopListening();
        return;
      }
      clear();
      isLive = true;
    } catch {
      // The first connection failed: the database reopens it after a loss, but this one must be retried here.
      isLive = false;
      if (!isStopped) setTimeout(() => void connect(target), 1000).unref();
    }
  }

  const cache: AuthCache = {
    business: (slug, load) => cached(businesses, slug, load),
    session: (tokenHash, load) => cached(sessions, tokenHash, load),
    updateSession(tokenHash, change) {
      const entry = sessions.get(tokenHash);
      if (entry) entry.value = change(entry.value as never) as never;
    },
    forgetSession(tokenHash) {
      epoch++;
      sessions.delete(tokenHash);
    },
    forgetUser(userId) {
      epoch++;
      for (const [key, entry] of sessions) if (entry.value.userId === userId) sessions.delete(key);
    },
    forgetBusiness(businessId) {
      epoch++;
      for (const [key, entry] of businesses) if (entry.value.id === businessId) businesses.delete(key);
      // A session carries its business's row too (the person's scope): drop them all, it is rare.
      sessions.clear();
    },
    async sync() {
      if (!isLive || !database) return;
      const token = `${process.pid}.${++syncCount}.${Math.random().toString(36).slice(2)}`;
      const arrived = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          // Not delivered in time: the connection is in trouble; hold nothing rather than guess.
          waiting.delete(token);
          clear();
          resolve();
        }, 2000);
        timer.unref();
        waiting.set(token, () => {
          clearTimeout(timer);
          waiting.delete(token);
          resolve();
        });
      });
      await database.query('select pg_notify($1, $2)', [AUTH_CACHE_CHANNEL, `sync:${token}`]);
      await arrived;
    },
    async start(target) {
      isStopped = false;
      database = target;
      await connect(target);
    },
    async stop() {
      isStopped = true;
      isLive = false;
      clear();
      await stopListening?.();
      stopListening = null;
    },
    get isLive() {
      return isLive;
    },
    get size() {
      return businesses.size + sessions.size;
    },
  };
  return cache;
}

/** Checkout: the one hot write that never changes a session, a person or a business. */
const NO_SYNC_ROUTES = new Set(['POST /api/v1/sales']);

/**
 * Listens while the app runs; makes every request that may have changed a session, a person or a business
 * (any write but a sale) wait, before it answers, until its change has reached this process's cache.
 */
export function registerAuthCache(app: App, cache: AuthCache, deps: AppDeps): void {
  app.addHook('onReady', () => cache.start(deps.database));
  app.addHook('onClose', () => cache.stop());
  app.addHook('onSend', async (request, _reply, payload) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return payload;
    if (NO_SYNC_ROUTES.has(`${method} ${request.routeOptions.url}`)) return payload;
    await cache.sync();
    return payload;
  });
}
