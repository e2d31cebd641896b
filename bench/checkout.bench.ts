// Checkout throughput: N concurrent tills posting 3-item cash sales over HTTP to the real server on
// PostgreSQL, beside pgbench's built-in TPC-B-like run on the same server; then a check that nothing
// was oversold and that every sum adds up.
//
//   npx tsx bench/checkout.bench.ts
//   BENCH_DATABASE_URL  PostgreSQL server (default postgres://root@127.0.0.1:5432/test); fresh databases
//                       are created on it for the run and dropped afterwards
//   BENCH_CLIENTS       concurrency levels, comma-separated (default 16,32)
//   BENCH_SECONDS       measured seconds per level (default 10)
//   BENCH_PGBENCH_SCALE pgbench -i scale factor (default 10)
//   BENCH_ROUNDS        runs of every level (default 3); more show whether the server's memory settles
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { priceCart } from '../src/domain/pricing.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { products } from '../src/server/db/schema/index.ts';
import type { MemoryReport } from '../src/server/memory-report.ts';
import { createBusiness, createUser, staffCookie } from '../src/server/testing/factories.ts';
import { createScratchDatabase } from '../src/server/testing/test-database.ts';
import { httpRequest } from './http-client.ts';
import { cpuSplit, cpuTimes } from './process-cpu.ts';
import { freePort, memoryOf, startServer, stopServer } from './server-process.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const levels = (process.env.BENCH_CLIENTS ?? '16,32').split(',').map((n) => Number.parseInt(n, 10));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pgbenchScale = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
const rounds = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
const PRODUCT_COUNT = 40;
const PLENTY = 10_000_000;
// One best-seller with little stock, delivered again before every run, so that tills race for its last units.
const HOT_STOCK = 150;
// The server's heap may differ by this much between two runs without having kept anything (bench readings).
const MEMORY_NOISE_BYTES = 2 * 1024 * 1024;
const MEMORY_NOISE_SHARE = 0.05;

const suffix = randomBytes(4).toString('hex');

type Product = { id: string; price: number; taxRate: string };
type LevelResult = {
  clients: number;
  sales: number;
  refused: number;
  errors: number;
  salesPerSecond: number;
  p50: number;
  p99: number;
  pgbenchTps: number;
  round: number;
  /** CPU per part during the run: share of the cores and ms per answered request. */
  cpu: string;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** N tills in a loop, each posting a 3-item cash sale and waiting for the answer, until the time is up. */
async function runTills(
  clients: number,
  durationMs: number,
  target: {
    baseUrl: string;
    headers: Record<string, string>;
    catalog: Product[];
    hot: Product;
    /** A sale was refused for the hot item, out of stock: no till offers it until it is delivered again. */
    isHotSoldOut: boolean;
  },
) {
  const latencies: number[] = [];
  let refused = 0;
  let errors = 0;
  const firstErrors: string[] = [];
  const stopAt = performance.now() + durationMs;
  const pick = () => target.catalog[Math.floor(Math.random() * target.catalog.length)] as Product;

  async function till() {
    while (performance.now() < stopAt) {
      const chosen = new Map<string, Product>();
      if (!target.isHotSoldOut && Math.random() < 0.2) chosen.set(target.hot.id, target.hot);
      while (chosen.size < 3) {
        const product = pick();
        chosen.set(product.id, product);
      }
      const lines = [...chosen.values()].map((product) => ({
        product_id: product.id,
        quantity: 1 + Math.floor(Math.random() * 3),
        unit_price: product.price,
        tax_rate: product.taxRate,
      }));
      const total = priceCart({ lines }).total_amount;
      const body = {
        items: lines.map(({ product_id, quantity }) => ({ product_id, quantity })),
        payments: [{ method: 'cash', amount: total, amount_tendered: Math.ceil(total / 500) * 500 }],
      };
      const started = performance.now();
      const response = await httpRequest(`${target.baseUrl}/api/v1/sales`, {
        method: 'POST',
        headers: { ...target.headers, 'idempotency-key': randomUUID() },
        body,
      });
      const elapsed = performance.now() - started;
      if (response.status === 201) latencies.push(elapsed);
      else if (response.status === 409 && response.text.includes('INSUFFICIENT_STOCK')) {
        refused++;
        // The till refuses a product it shows out of stock ("… is currently out of stock.") and every till hears
        // of a sale's stock at once (live events): once a sale is refused for the hot item, the only product
        // that can run out, no till rings it up again.
        target.isHotSoldOut = true;
      } else {
        errors++;
        if (firstErrors.length < 3) firstErrors.push(`${response.status} ${response.text.slice(0, 200)}`);
      }
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, till));
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, refused, errors, firstErrors, elapsedSeconds };
}

/**
 * A delivery of the hot item before each run (the stock screen's "add"), so that every run's tills race for its
 * last units; the tills offer it again.
 */
async function deliverHotItem(
  target: { baseUrl: string; hot: Product; isHotSoldOut: boolean },
  managerHeaders: Record<string, string>,
) {
  const response = await httpRequest(`${target.baseUrl}/api/v1/products/${target.hot.id}/stock`, {
    method: 'POST',
    headers: managerHeaders,
    body: { operation: 'add', quantity: HOT_STOCK, note: 'Delivery' },
  });
  if (response.status !== 200)
    throw new Error(`The delivery was refused: ${response.status} ${response.text}`);
  target.isHotSoldOut = false;
}

function runPgbench(clients: number, pgbenchUrl: string): number {
  const output = execFileSync(
    'pgbench',
    ['-c', String(clients), '-j', '2', '-T', String(seconds), '-n', pgbenchUrl],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!match) throw new Error(`Could not read pgbench's tps from:\n${output}`);
  return Number(match[1]);
}

async function verify(
  database: Awaited<ReturnType<typeof openDatabase>>,
  expectedSales: number,
  hotId: string,
) {
  const problems: string[] = [];
  const [counts] = await database.query<{ sales: string; items: string; movements: string }>(
    `select (select count(*) from transactions) as sales,
            (select count(*) from transaction_items) as items,
            (select count(*) from stock_movements where reason = 'sale') as movements`,
  );
  if (Number(counts?.sales) !== expectedSales)
    problems.push(`${counts?.sales} sales in the database, ${expectedSales} answered 201`);
  if (counts?.items !== counts?.movements)
    problems.push(`${counts?.items} sale items but ${counts?.movements} sale stock movements`);

  const oversold = await database.query<{
    name: string;
    stock_quantity: number;
    sold: string;
    moved: string;
    delivered: string;
  }>(
    `select p.name, p.stock_quantity,
            coalesce((select sum(quantity) from transaction_items i where i.product_id = p.id), 0) as sold,
            coalesce((select -sum(delta) from stock_movements m where m.product_id = p.id and m.reason = 'sale'), 0)
              as moved,
            coalesce((select sum(delta) from stock_movements m where m.product_id = p.id and m.reason = 'add'), 0)
              as delivered
       from products p`,
  );
  for (const row of oversold) {
    const initial = row.name === 'Hot Item' ? HOT_STOCK : PLENTY;
    if (row.stock_quantity < 0) problems.push(`${row.name}: stock ${row.stock_quantity}`);
    if (initial + Number(row.delivered) - Number(row.sold) !== row.stock_quantity)
      problems.push(
        `${row.name}: ${initial} + ${row.delivered} delivered − ${row.sold} sold ≠ stock ${row.stock_quantity}`,
      );
    if (row.sold !== row.moved) problems.push(`${row.name}: ${row.sold} sold but ${row.moved} moved`);
  }

  const [sums] = await database.query<{ bad_sales: string; totals: string; paid: string; item_sum: string }>(
    `with per_sale as (
       select t.id, t.subtotal, t.tax_amount, t.discount_amount, t.total_amount,
              (select sum(total_price) from transaction_items i where i.transaction_id = t.id) as items_subtotal,
              (select sum(tax_amount) from transaction_items i where i.transaction_id = t.id) as items_tax,
              (select sum(discount_amount) from transaction_items i where i.transaction_id = t.id) as items_discount,
              (select sum(amount) from payments p where p.transaction_id = t.id) as paid
         from transactions t)
     select count(*) filter (where subtotal <> items_subtotal or tax_amount <> items_tax
                               or total_amount <> subtotal + tax_amount - discount_amount
                               or discount_amount < items_discount or paid <> total_amount) as bad_sales,
            coalesce(sum(total_amount), 0) as totals,
            coalesce(sum(paid), 0) as paid,
            coalesce(sum(items_subtotal + items_tax - discount_amount), 0) as item_sum
       from per_sale`,
  );
  if (Number(sums?.bad_sales) !== 0) problems.push(`${sums?.bad_sales} sales whose sums do not add up`);
  if (sums?.totals !== sums?.paid) problems.push(`Σ totals ${sums?.totals} ≠ Σ payments ${sums?.paid}`);
  if (sums?.totals !== sums?.item_sum)
    problems.push(`Σ totals ${sums?.totals} ≠ Σ of items ${sums?.item_sum}`);

  const [hot] = await database.query<{ stock_quantity: number }>(
    'select stock_quantity from products where id = $1',
    [hotId],
  );
  return { problems, totals: Number(sums?.totals ?? 0), hotLeft: hot?.stock_quantity ?? -1 };
}

async function main() {
  console.log(
    `Checkout benchmark on ${new URL(serverUrl).host}; ${seconds} s per level; clients ${levels.join(', ')}`,
  );
  const appDb = await createScratchDatabase(serverUrl, 'pos_bench');
  const pgbenchDb = await createScratchDatabase(serverUrl, 'pos_pgbench');
  let server: ChildProcess | undefined;
  const database = await openDatabase({ driver: 'pg', url: appDb.url, poolSize: 4 });
  try {
    await migrate(database);
    const business = await createBusiness(database.db, { slug: `bench-${suffix}`, name: 'Bench Shop' });
    const cashier = await createUser(database.db, business.id, { role: 'cashier' });
    const cookie = await staffCookie(database.db, cashier, business.slug);
    const manager = await createUser(database.db, business.id, { role: 'manager' });
    const managerHeaders = {
      'x-business': business.slug,
      cookie: await staffCookie(database.db, manager, business.slug),
    };
    const rates = ['12.50', '0.00', '15.00'];
    const catalog = await database.db
      .insert(products)
      .values(
        Array.from({ length: PRODUCT_COUNT }, (_, i) => ({
          businessId: business.id,
          name: `Item ${String(i + 1).padStart(2, '0')}`,
          price: 100 + ((i * 7919) % 20_000),
          taxRate: rates[i % rates.length] as string,
          stockQuantity: PLENTY,
        })),
      )
      .returning({ id: products.id, price: products.price, taxRate: products.taxRate });
    const [hot] = await database.db
      .insert(products)
      .values({
        businessId: business.id,
        name: 'Hot Item',
        price: 1250,
        taxRate: '12.50',
        stockQuantity: HOT_STOCK,
      })
      .returning({ id: products.id, price: products.price, taxRate: products.taxRate });

    console.log(`pgbench -i -s ${pgbenchScale} …`);
    execFileSync('pgbench', ['-i', '-q', '-s', String(pgbenchScale), pgbenchDb.url], {
      stdio: 'ignore',
    });

    const port = await freePort();
    server = await startServer(port, appDb.url);
    const target = {
      baseUrl: `http://127.0.0.1:${port}`,
      headers: { 'x-business': business.slug, cookie },
      catalog,
      hot: hot as Product,
      isHotSoldOut: false,
    };

    // Warm-up: JIT, connection pools, caches.
    const warm = await runTills(4, 2000, target);
    let answered201 = warm.latencies.length;
    // A shop in business, not one whose first sales are a minute old: statistics on its tables, as autovacuum
    // gathers them in its first minutes (without them a connection may plan a sale's look-ups as scans).
    await database.query('ANALYZE');

    // issue 14: the server's memory after the checkout run, and no growth across two runs: read after a full
    // garbage collection, so that garbage the collector had not reached yet is not counted as kept.
    const memoryAfter: MemoryReport[] = [];
    const results: LevelResult[] = [];
    // Three runs or more: the first one also warms the JIT and sizes the heap; the later ones must not grow.
    for (let round = 1; round <= rounds; round++) {
      for (const clients of levels) {
        await deliverHotItem(target, managerHeaders);
        const cpuBefore = cpuTimes(server.pid);
        const run = await runTills(clients, seconds * 1000, target);
        const cpu = cpuSplit(cpuBefore, cpuTimes(server.pid), {
          seconds: run.elapsedSeconds,
          units: run.latencies.length + run.refused + run.errors,
          cores: availableParallelism(),
        });
        answered201 += run.latencies.length;
        if (run.firstErrors.length > 0)
          console.log(`  errors at ${clients} clients:\n    ${run.firstErrors.join('\n    ')}`);
        const pgbenchTps = runPgbench(clients, pgbenchDb.url);
        results.push({
          clients,
          sales: run.latencies.length,
          refused: run.refused,
          errors: run.errors,
          salesPerSecond: run.latencies.length / run.elapsedSeconds,
          p50: percentile(run.latencies, 50),
          p99: percentile(run.latencies, 99),
          pgbenchTps,
          round,
          cpu,
        });
      }
      // Settled: let timers and sockets close, then ask the server.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      memoryAfter.push(await memoryOf(server));
    }

    console.log('');
    console.log(
      `${'run'.padStart(4)}${'clients'.padStart(7)}${'sales'.padStart(8)}${'sales/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'no stock'.padStart(10)}${'errors'.padStart(8)}${'pgbench tps'.padStart(13)}${'ratio'.padStart(8)}`,
    );
    for (const r of results) {
      console.log(
        `${String(r.round).padStart(4)}${String(r.clients).padStart(7)}${String(r.sales).padStart(8)}${r.salesPerSecond.toFixed(1).padStart(10)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.refused).padStart(10)}${String(r.errors).padStart(8)}${r.pgbenchTps.toFixed(1).padStart(13)}${(r.salesPerSecond / r.pgbenchTps).toFixed(3).padStart(8)}`,
      );
    }
    console.log('CPU during each run, by process (share of the cores; ms per request answered):');
    for (const r of results) console.log(`  run ${r.round}, ${r.clients} clients: ${r.cpu}`);
    console.log(
      'ratio = checkout sales/s ÷ pgbench TPC-B-like tps at the same client count (a sale of products the server has read before is written with the shop’s other checkouts of the moment, one write at a time per shop, up to 16 sales in it, a product several of them take moved once by their sum: 1 round trip to the database on PostgreSQL, begin and the tenant’s settings, then one statement that claims the idempotency keys, locks the products and checks them unchanged since read, then writes stock, ledger, sales, items, payments and the cashiers’ shifts, sent with its commit; otherwise 2 round trips of its own, the key claimed with the products read unlocked first; session and business come from the server’s cache).',
    );

    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const heaps = memoryAfter.map((memory) => memory.heapUsed);
    const [, second, third] = heaps as [number, number, number];
    const growth = third - second;
    // Within the collector's own noise: what a run leaves behind that the next does not find again.
    const isGrowth = growth > Math.max(MEMORY_NOISE_BYTES, second * MEMORY_NOISE_SHARE);
    console.log(
      `Server memory after each run, after a full garbage collection: JavaScript heap ${heaps.map(mb).join(', ')}; resident ${memoryAfter.map((memory) => mb(memory.rss)).join(', ')}`,
    );
    console.log(
      `  heap from run 2 to run 3: ${mb(growth)} (${((growth / second) * 100).toFixed(1)} %) — ${isGrowth ? 'GROWTH' : 'no growth'} (growth: more than ${mb(MEMORY_NOISE_BYTES)} and ${MEMORY_NOISE_SHARE * 100} %)`,
    );
    if (rounds > 3) {
      // Over many runs a leak keeps climbing while the collector's noise does not.
      const later = heaps.slice(1);
      console.log(
        `  heap over runs 2–${rounds}: lowest ${mb(Math.min(...later))}, highest ${mb(Math.max(...later))}, last − run 2: ${mb(later.at(-1)! - second)}`,
      );
    }
    console.log(
      `Targets: ratio ≥ 0.35 at 16 and 32 clients; p99 < 30 ms at 16 clients — ${results
        .filter((r) => r.round === rounds)
        .map(
          (r) =>
            `${r.clients} clients: ratio ${(r.salesPerSecond / r.pgbenchTps).toFixed(3)} (${(r.salesPerSecond / r.pgbenchTps / 0.35).toFixed(2)} of target)${r.clients === 16 ? `, p99 ${r.p99.toFixed(1)} ms (${(r.p99 / 30).toFixed(2)} × target)` : ''}`,
        )
        .join('; ')}`,
    );

    const check = await verify(database, answered201, (hot as Product).id);
    console.log('');
    console.log(
      `Hot Item: ${HOT_STOCK} in stock at the start and ${HOT_STOCK} delivered before each of the ${results.length} runs, ${check.hotLeft} left (never below 0).`,
    );
    console.log(`Σ sale totals: ₵${(check.totals / 100).toFixed(2)} over ${answered201} sales.`);
    if (check.problems.length > 0) {
      console.log(`CHECK FAILED:\n  ${check.problems.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        'Check passed: no oversell; stock = start + delivered − sold for every product; items, movements, payments and totals agree.',
      );
    }
    if (results.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    if (server) await stopServer(server);
    // Counted once the server's connections have ended (each hands in its statistics as it ends).
    const [updates] = await database
      .query<{ all: string; in_place: string }>(
        `SELECT n_tup_upd AS all, n_tup_hot_upd AS in_place FROM pg_stat_user_tables WHERE relname = 'products'`,
      )
      .catch(() => []);
    if (updates && Number(updates.all) > 0) {
      console.log(
        `Product rows updated in place (no new index entries): ${updates.in_place} of ${updates.all} updates (${((Number(updates.in_place) / Number(updates.all)) * 100).toFixed(1)} %).`,
      );
    }
    await database.close();
    await appDb.drop();
    await pgbenchDb.drop();
  }
}

await main();
