// The service worker of Akwaaba POS (issue 15): the till and its sign-in screen open with no network after one
// visit online. Built by vite.config.ts, which fills in the build id and the list of files to keep.
//
// What it keeps: the built files (named by their content, so a release never mixes with another) and the
// app's page (the same page for every path; the app routes itself). What it never keeps: anything under /api/
// (a business's data belongs to that business's signed-in staff; the till keeps its own copy in IndexedDB).
//
// Navigations: the kept page at once (stale-while-revalidate), so a repeat visit never waits for the network.
//
// Updates: a new worker installs its files beside the old ones and then WAITS; the page offers "Update
// available — Reload" only while the till's cart is empty, and tells it to take over then (SKIP_WAITING).

const BUILD = '__BUILD_ID__';
const FILES = __PRECACHE_FILES__;
const CACHE = `akwaaba-pos-${BUILD}`;
const SHELL = '/__app-shell';
const SHELL_SOURCE = '/app/pos';
const NAVIGATION_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  // The built files straight from the kept copies, without waking this worker's fetch handler for each of
  // them (the till's first screen is 25-odd files; on a slow phone each wake-up was a few milliseconds of a
  // repeat visit). A browser without static routes, or a file not kept, goes through the handler below.
  if (event.addRoutes && typeof URLPattern === 'function') {
    const route = {
      condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }) },
      source: { cacheName: CACHE },
    };
    event.waitUntil(event.addRoutes(route).catch(() => {}));
  }
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(FILES.map((path) => new Request(path, { cache: 'reload' })));
      const shell = await fetch(new Request(SHELL_SOURCE, { cache: 'reload', credentials: 'same-origin' }));
      if (!shell.ok) throw new Error(`The app page could not be kept (${shell.status})`);
      await cache.put(SHELL, shell);
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('akwaaba-pos-') && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/**
 * Whether a page names only files of this build. The server may already run a newer release whose worker is
 * still installing: its page would ask for files this worker does not keep, so it is left to that worker.
 */
function isThisBuildsPage(html) {
  const names = html.match(/\/assets\/[^"'\s)]+/g) || [];
  return names.every((name) => FILES.includes(name));
}

/** Fetches the app's page again and keeps it when it belongs to this build; a failure keeps the old copy. */
async function refreshKeptPage(cache) {
  try {
    const response = await fetch(
      new Request(SHELL_SOURCE, { cache: 'no-cache', credentials: 'same-origin' }),
    );
    const type = response.headers.get('content-type') || '';
    if (!response.ok || !type.includes('text/html')) return;
    if (!isThisBuildsPage(await response.clone().text())) return;
    await cache.put(SHELL, response);
  } catch {
    // Offline or the server did not answer: the kept page stays as it is.
  }
}

/**
 * The kept page at once, refreshed in the background for the next visit (issue 14: a repeat visit must not
 * wait for the network). The page is the same for every path and carries no one's data; a new release is
 * still seen at once, because registering the worker checks /sw.js on every load, and the new worker brings
 * its own page ("Update available — Reload", docs/decisions.md). Only with no kept page (never expected
 * after install) is the network asked first, with a time limit.
 */
async function navigation(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(SHELL);
  if (kept) {
    event.waitUntil(refreshKeptPage(cache));
    return kept;
  }
  try {
    return await Promise.race([
      fetch(event.request),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), NAVIGATION_TIMEOUT_MS)),
    ]);
  } catch {
    return new Response('<h1>Offline</h1><p>Akwaaba POS has not been opened online on this device yet.</p>', {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  }
}

/** The business app's addresses, all served by the one app page. */
function isAppPath(pathname) {
  return pathname === '/app' || pathname.startsWith('/app/');
}

/** A built file: the kept copy (its name changes with its content), or the network, kept for next time. */
async function builtFile(request) {
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // Only the business app is the kept page; the server's own pages (the public site's paths, the API docs,
    // a development mailbox) are left to the network as if there were no worker.
    if (isAppPath(url.pathname)) event.respondWith(navigation(event));
    return;
  }
  if (url.pathname.startsWith('/assets/') || FILES.includes(url.pathname)) {
    event.respondWith(builtFile(request));
  }
});
