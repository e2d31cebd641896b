// Cold till load: a cashier, already signed in, opens the till in a browser with an empty cache; the time
// from the start of navigation until the first product card is on screen, with the CPU slowed 4× (a low-end
// phone) and the network throttled through the DevTools protocol. Then the same page again in the same
// browser once the service worker is in charge (repeat visit), and once more with no network at all (offline:
// the service worker and the till's local catalog alone). Also the bytes that crossed the network, by type.
//
//   npx tsx bench/cold-load.bench.ts
//   BENCH_RUNS   cold loads per profile, the median is printed (default 3)
//   CHROMIUM_PATH  (default /usr/bin/chromium)
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
// @ts-expect-error: a plain ESM script shared with npm start
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { staffCookieName } from '../src/server/http/session-cookies.ts';
import { DEMO_STAFF } from '../src/server/modules/accounts/demo-staff.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SLUG = 'demo';
const CPU_SLOWDOWN = 4;

type Profile = {
  name: string;
  /** Round-trip time added to every request, ms. */
  latency: number;
  /** Bits per second down; up is half of it. 0: not throttled. */
  bitsPerSecond: number;
  /** issue 14's targets: cold load and repeat visit, ms. */
  coldTarget?: number;
  repeatTarget?: number;
};

const PROFILES: Profile[] = [
  { name: 'unthrottled (CPU ×1)', latency: 0, bitsPerSecond: 0 },
  {
    name: 'Slow 4G (150 ms, 1.6 Mbit/s)',
    latency: 150,
    bitsPerSecond: 1.6e6,
    coldTarget: 2500,
    repeatTarget: 1000,
  },
  {
    name: 'Slow 3G (400 ms, 400 kbit/s)',
    latency: 400,
    bitsPerSecond: 400e3,
    coldTarget: 6000,
    repeatTarget: 1000,
  },
];

// Records, in the page itself, when the first product card of the till appears (ms since navigation start),
// and says so on the console. Read from the console, not by polling the page: Playwright's polling injects its
// own script into the page, and compiling it took the main thread ≈ 140 ms of a repeat visit at CPU ×4,
// which a shop's phone does not spend. A string, not a function: the TypeScript runner would add helpers the
// page does not have.
const FIRST_CARD = 'first product card at ';
const WATCH_FIRST_CARD = `
  new MutationObserver((records, observer) => {
    if (document.querySelector('ul[aria-label="Products"] button[aria-label^="Add "]')) {
      console.debug('${FIRST_CARD}' + performance.now());
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

type Transfer = Map<string, { count: number; bytes: number }>;

/** Throttles the page's network and CPU and counts what crosses the network, by resource type. */
async function instrument(page: Page, profile: Profile): Promise<{ cdp: CDPSession; transfer: Transfer }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.bitsPerSecond > 0) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.bitsPerSecond / 8,
      uploadThroughput: profile.bitsPerSecond / 16,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  const transfer: Transfer = new Map();
  const typeOf = new Map<string, string>();
  cdp.on('Network.responseReceived', (event) => typeOf.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    const type = typeOf.get(event.requestId) ?? 'Other';
    const entry = transfer.get(type) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += event.encodedDataLength;
    transfer.set(type, entry);
  });
  return { cdp, transfer };
}

async function timeToFirstCard(page: Page, url: string): Promise<number> {
  const seen = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(FIRST_CARD),
    timeout: 120_000,
  });
  await page.goto(url, { waitUntil: 'commit' });
  return Number((await seen).text().slice(FIRST_CARD.length));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  ensureWebBuild();
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const cashier = DEMO_STAFF.find((person) => person.role === 'cashier')!;
    const signIn = await fetch(`${server.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-business': SLUG, origin: server.url },
      body: JSON.stringify({ email: cashier.email, password: cashier.password }),
    });
    const cookieName = staffCookieName(SLUG);
    const setCookie = signIn.headers.getSetCookie().find((line) => line.startsWith(`${cookieName}=`));
    if (!signIn.ok || !setCookie) throw new Error(`The cashier could not sign in (${signIn.status})`);
    const cookieValue = setCookie.slice(cookieName.length + 1).split(';')[0]!;
    const tillUrl = `${server.url}/app/pos?business=${SLUG}`;

    console.log(
      `Cold till load to the first product card, signed in as a cashier, empty cache; median of ${RUNS}; CPU ×${CPU_SLOWDOWN} when throttled`,
    );
    console.log(
      `${'profile'.padEnd(32)}${'cold'.padStart(9)}${'target'.padStart(9)}${'ratio'.padStart(7)}${'repeat'.padStart(9)}${'target'.padStart(9)}${'ratio'.padStart(7)}${'offline'.padStart(9)}`,
    );
    let lastTransfer: Transfer | undefined;
    for (const profile of PROFILES) {
      const cold: number[] = [];
      const repeat: number[] = [];
      const offline: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A new context is a new, empty cache (and no service worker).
        const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
        await context.addCookies([
          { name: cookieName, value: cookieValue, domain: 'localhost', path: '/', httpOnly: true },
        ]);
        await context.addInitScript({ content: WATCH_FIRST_CARD });
        const page = await context.newPage();
        const { transfer } = await instrument(page, profile);
        cold.push(await timeToFirstCard(page, tillUrl));
        // Let the after-paint loads finish, then count what the cold load moved.
        await page.waitForLoadState('networkidle');
        if (profile.bitsPerSecond === 0) lastTransfer = new Map(transfer);
        // The service worker installed during the first visit (it keeps every built file) and took charge.
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
          timeout: 120_000,
        });
        const second = await context.newPage();
        await instrument(second, profile);
        repeat.push(await timeToFirstCard(second, tillUrl));
        await second.waitForLoadState('networkidle');
        // No network at all: the page from the service worker, the products from the till's local copy.
        await context.setOffline(true);
        const third = await context.newPage();
        await instrument(third, { ...profile, latency: 0, bitsPerSecond: 0 });
        if (profile.bitsPerSecond > 0) {
          const cdp = await context.newCDPSession(third);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        }
        offline.push(await timeToFirstCard(third, tillUrl));
        await context.close();
      }
      const c = median(cold);
      const r = median(repeat);
      const o = median(offline);
      const ratio = (value: number, target?: number) => (target ? (value / target).toFixed(2) : '');
      console.log(
        `${profile.name.padEnd(32)}${seconds(c).padStart(9)}${(profile.coldTarget ? seconds(profile.coldTarget) : '').padStart(9)}${ratio(c, profile.coldTarget).padStart(7)}${seconds(r).padStart(9)}${(profile.repeatTarget ? seconds(profile.repeatTarget) : '').padStart(9)}${ratio(r, profile.repeatTarget).padStart(7)}${seconds(o).padStart(9)}`,
      );
    }
    if (lastTransfer) {
      console.log('\nBytes over the network on a cold load (until the network is idle), by type:');
      let total = 0;
      for (const [type, { count, bytes }] of [...lastTransfer].sort((a, b) => b[1].bytes - a[1].bytes)) {
        total += bytes;
        console.log(`  ${type.padEnd(12)}${String(count).padStart(4)} requests ${kb(bytes).padStart(10)}`);
      }
      console.log(`  ${'total'.padEnd(12)}${' '.repeat(13)} ${kb(total).padStart(10)}`);
    }
    console.log(
      'ratio = measured ÷ target (below 1 meets it). Repeat visit: the same browser opens the till again, the service worker in charge. Offline: the same with no network.',
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
