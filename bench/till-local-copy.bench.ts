// The till's local copy of the catalog at 100,000 products, in Chromium with the CPU slowed 4× (a low-end
// phone): the grid, a search as the cashier types it, a scan, each read from the copy in IndexedDB as the till
// reads it (src/web/lib/offline/catalog.ts, bundled by Vite), with the sales waiting in the outbox applied.
// Also the first page and the first search after the till opens, and the full sync's write of the copy.
//
//   npx tsx bench/till-local-copy.bench.ts
//   BENCH_PRODUCTS  products in the copy (default 100000)
//   BENCH_REPEATS   reads per kind (default 20)
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { launchBrowser } from '../e2e/support/browser.ts';
import { WORDS } from './catalog-words.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 20);
const CPU_SLOWDOWN = 4;
/** issue 14's search target, held to on the phone's CPU: the copy answers the till's every keystroke. */
const TARGET_MS = 15;
const SLUG = 'bench-shop';
const ORIGIN = 'http://till.bench.localhost';

/** The page's script: the till's own catalog module, bundled for the browser. */
async function pageScript(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    // Library mode leaves React's `process.env.NODE_ENV` to the page; the till's build sets it.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: fileURLToPath(new URL('./till-local-copy/page.ts', import.meta.url)),
        formats: ['iife'],
        name: 'tillCatalogPage',
      },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const [first] = Array.isArray(output) ? output : [output];
  const chunk = first!.output.find((file) => file.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('Vite built no script for the bench page');
  return chunk.code;
}

type Read = { ms: number; found: number; first: string | undefined };
/** `write`: a sync's write too, shown beside the reads but not held to their target. */
type Kind = { name: string; read: (page: Page, i: number) => Promise<Read>; write?: true };

const grid =
  (search: (i: number) => string, category: string | null = null, offset = 0) =>
  (page: Page, i: number) =>
    page.evaluate(([slug, text, cat, off]) => window.tillCatalog.grid(slug, text, cat, off), [
      SLUG,
      search(i),
      category,
      offset,
    ] as const);
const scan = (code: (i: number) => string) => (page: Page, i: number) =>
  page.evaluate(([slug, c]) => window.tillCatalog.code(slug, c), [SLUG, code(i)] as const);

const g = (i: number) => 1 + ((i * 4_999) % PRODUCTS);
const KINDS: Kind[] = [
  { name: 'grid, first page', read: grid(() => '') },
  { name: 'grid, second page (offset 60)', read: grid(() => '', null, 60) },
  { name: 'category', read: grid(() => '', '00000000-0000-4000-8000-000000000007') },
  { name: 'search word', read: grid((i) => WORDS[i % 20]!.toLowerCase()) },
  { name: 'search word, as typed ("mi")', read: grid(() => 'mi') },
  {
    name: 'search rare text ("tomato 4711")',
    read: grid((i) => `${WORDS[g(i) % 20]} ${WORDS[Math.floor(g(i) / 20) % 20]} ${g(i)}`),
  },
  { name: 'search nothing matches', read: grid((i) => `zzz${i}`) },
  {
    name: "a sale's stock synced, then the grid",
    write: true,
    read: (page, i) =>
      page.evaluate(([slug, sale]) => window.tillCatalog.afterSale(slug, sale), [SLUG, i] as const),
  },
  { name: 'scan barcode', read: scan((i) => `603${String(g(i)).padStart(9, '0')}${g(i) % 10}`) },
  { name: 'scan SKU', read: scan((i) => `SKU-${String(g(i)).padStart(7, '0')}`) },
];

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function main() {
  const script = await pageScript();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    await context.route(`${ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><head><script>${script.replaceAll('</script', '<\\/script')}</script></head><body></body></html>`,
      }),
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`the bench page: ${error.message}`));
    await page.goto(`${ORIGIN}/`);
    const seedMs = await page.evaluate(([slug, n]) => window.tillCatalog.seed(slug, n), [
      SLUG,
      PRODUCTS,
    ] as const);
    console.log(
      `The till's local copy: ${PRODUCTS.toLocaleString('en')} products written as a full sync writes them in ${(seedMs / 1000).toFixed(1)} s (CPU ×1)`,
    );

    const cdp = await context.newCDPSession(page);
    const throttle = () => cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // After the till opens: its first page and a word's page (from the copy's first products by name), then
    // a rare word, which waits for the whole copy to be read.
    const firstPage: number[] = [];
    const firstSearch: number[] = [];
    const firstRare: number[] = [];
    for (let run = 0; run < 3; run++) {
      await page.reload();
      await throttle();
      firstPage.push((await grid(() => '')(page, 0)).ms);
      firstSearch.push((await grid(() => 'milk')(page, 0)).ms);
      firstRare.push((await grid(() => 'tomato 4711')(page, 0)).ms);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    await throttle();

    console.log(`Reads of the copy, CPU ×${CPU_SLOWDOWN}, ${REPEATS} each after 3 to warm up`);
    console.log(
      `  ${'read'.padEnd(38)}${'found'.padStart(7)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'target'.padStart(9)}${'ratio'.padStart(7)}`,
    );
    let worst = 0;
    for (const kind of KINDS) {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < REPEATS + 3; i++) {
        const read = await kind.read(page, i);
        if (i >= 3) times.push(read.ms);
        found = Math.max(found, read.found);
      }
      if (found === 0 && !kind.name.includes('nothing'))
        throw new Error(`${kind.name}: the copy found nothing`);
      const p95 = percentile(times, 95);
      if (!kind.write) worst = Math.max(worst, p95 / TARGET_MS);
      const target = kind.write
        ? `${'—'.padStart(9)}${'—'.padStart(7)}`
        : `${`< ${TARGET_MS}`.padStart(9)}${(p95 / TARGET_MS).toFixed(2).padStart(7)}`;
      console.log(
        `  ${kind.name.padEnd(38)}${String(found).padStart(7)}${percentile(times, 50).toFixed(1).padStart(9)}${p95.toFixed(1).padStart(9)}${target}`,
      );
    }
    const runs = (values: number[]) =>
      `median of 3 ${percentile(values, 50).toFixed(0)} ms (${values.map((ms) => ms.toFixed(0)).join(', ')})`;
    console.log(`  the till just opened: its first page, ${runs(firstPage)}`);
    console.log(`  then a word ("milk"), ${runs(firstSearch)}`);
    console.log(
      `  then rare text, offline (the whole copy read first; online the server is asked too), ${runs(firstRare)}`,
    );
    console.log(
      `Slowest read p95 = ${worst.toFixed(2)} × the ${TARGET_MS} ms target — ${worst <= 1 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
  }
}

await main();
