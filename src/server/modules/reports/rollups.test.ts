import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '#domain/dates.ts';
import type { DayRange } from '#domain/report-range.ts';
import {
  auditLog,
  businesses,
  payments,
  productPriceHistory,
  products,
  transactionItems,
  transactions,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createCategory, createProduct, createUser } from '../../testing/factories.ts';
import { type SignedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestDatabase, postgresServerUrl } from '../../testing/test-database.ts';
import { cash, postSale } from '../sales/test-fixtures.ts';
import { loadReport } from './load-report.ts';
import { keepRollupsReady } from './upkeep.ts';

// The daily roll-ups must give exactly the figures of the raw rows, whatever is written late: every report below
// is read through the API (which rolls up the closed days and reads them) and compared with the same report read
// from the raw rows alone. Each late change also moves a figure, so a roll-up left stale would show.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const TIMEZONE = 'Africa/Accra';
const TILL = '3f2a9c1b-77d0-4e11-9a2b-0123456789ab';
const today = localDay(new Date(), TIMEZONE);
/** The first day of the month two months before this one: two whole months and this one so far. */
const from = (() => {
  const first = new Date(`${today.slice(0, 8)}01T12:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 2);
  return first.toISOString().slice(0, 10);
})();
const period: DayRange = { from, to: today };

async function moveTo(id: string, at: string) {
  const when = new Date(at);
  await db().update(transactions).set({ createdAt: when }).where(eq(transactions.id, id));
  await db().update(transactionItems).set({ createdAt: when }).where(eq(transactionItems.transactionId, id));
  await db().update(payments).set({ createdAt: when }).where(eq(payments.transactionId, id));
}

describe('daily roll-ups of the reports', () => {
  let owner: SignedInMember;
  let rice: { id: string };
  let milo: { id: string };

  async function sell(items: { product_id: string; quantity: number }[], total: number, at?: string) {
    const response = await postSale(t, owner.headers, { items, payments: [cash(total)] });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().sale.id as string;
    if (at) await moveTo(id, at);
    return id;
  }

  /** The report through the API, and the same report from the raw rows alone; they must be the same. */
  async function report(range: DayRange = period) {
    const response = await t.app.inject({
      url: `/api/v1/reports/summary?from=${range.from}&to=${range.to}`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [business] = await db().select().from(businesses).where(eq(businesses.id, owner.businessId));
    const fromRows = await withTenant(db(), owner.businessId, (tx) =>
      loadReport(tx, business!, range, { isRowsOnly: true }),
    );
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(fromRows)));
    return response.json();
  }

  async function rolledUp() {
    const days = (await t.database.query(
      'select to_char(day, $2) as day, timezone from report_days where business_id = $1 order by day',
      [owner.businessId, 'YYYY-MM-DD'],
    )) as { day: string; timezone: string }[];
    const months = (await t.database.query(
      'select to_char(month, $2) as month from report_months where business_id = $1 order by month',
      [owner.businessId, 'YYYY-MM-DD'],
    )) as { month: string }[];
    return { days, months: months.map((row) => row.month) };
  }

  beforeAll(async () => {
    owner = await signedInShop(t, 'owner', { business: { timezone: TIMEZONE } });
    const grains = await createCategory(db(), owner.businessId, 'Grains');
    rice = await createProduct(db(), owner.businessId, {
      name: 'Rice 5kg',
      price: 2000,
      costPrice: 1500,
      taxRate: '0',
      stockQuantity: 500,
      categoryId: grains.id,
    });
    milo = await createProduct(db(), owner.businessId, {
      name: 'Milo 400g',
      price: 1000,
      costPrice: 600,
      taxRate: '0',
      stockQuantity: 500,
    });
    // Their prices as they have been for a long time (an offline sale's price is checked against its day's).
    await db()
      .update(productPriceHistory)
      .set({ changedAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(productPriceHistory.businessId, owner.businessId));
    // Sales on days of both whole months, of this month, yesterday and today; and in the period before.
    for (const [offset, day] of [
      [2, from],
      [20, from],
      [40, from],
      [-10, from],
    ] as const) {
      await sell([{ product_id: rice.id, quantity: 1 }], 2000, `${addDays(day, offset)}T10:00:00Z`);
    }
    await sell(
      [
        { product_id: rice.id, quantity: 2 },
        { product_id: milo.id, quantity: 1 },
      ],
      5000,
      `${addDays(from, 35)}T18:30:00Z`,
    );
    await sell([{ product_id: milo.id, quantity: 3 }], 3000, `${addDays(today, -5)}T09:00:00Z`);
    await sell([{ product_id: milo.id, quantity: 1 }], 1000, `${addDays(today, -1)}T09:00:00Z`);
    await sell([{ product_id: rice.id, quantity: 1 }], 2000);
  });

  it('rolls up the closed days and whole months on the first report; today and yesterday come from the raw rows', async () => {
    const first = await report();
    expect(first.figures.transaction_count).toBe(7);
    const { days, months } = await rolledUp();
    // The period and the one before (its day count back), every closed day, none younger than yesterday.
    const lastClosed = days.at(-1)!.day;
    expect(lastClosed < addDays(today, -1)).toBe(true);
    expect(lastClosed >= addDays(today, -3)).toBe(true);
    expect(days.map((row) => row.day)).toContain(addDays(from, 2));
    expect(days.every((row) => row.timezone === TIMEZONE)).toBe(true);
    const secondMonth = (() => {
      const next = new Date(`${from}T12:00:00Z`);
      next.setUTCMonth(next.getUTCMonth() + 1);
      return next.toISOString().slice(0, 10);
    })();
    // A month is rolled up once its last day is closed: on the 1st the month just ended is not yet.
    const secondMonthClosed = lastClosed >= addDays(`${today.slice(0, 8)}01`, -1);
    expect(months).toContain(from);
    expect(months.includes(secondMonth)).toBe(secondMonthClosed);
    // Read again: the same figures from the roll-ups.
    expect(await report()).toEqual(first);
  });

  it('leaves the version of a day alone when a sale is made now (the till never queues on it)', async () => {
    await sell([{ product_id: milo.id, quantity: 1 }], 1000);
    const versions = (await t.database.query(
      'select to_char(day, $2) as day from report_day_versions where business_id = $1 and day >= $3::date',
      [owner.businessId, 'YYYY-MM-DD', today],
    )) as { day: string }[];
    expect(versions).toEqual([]);
    await report();
  });

  it('counts a sale made offline days ago, sent now with its own time, on its day', async () => {
    const before = await report();
    const at = new Date(Date.now() - 3 * 86_400_000);
    const sale = {
      id: randomUUID(),
      items: [{ product_id: rice.id, quantity: 2, unit_price: 2000 }],
      payments: [cash(4000)],
      offline: { created_at: at.toISOString(), receipt_number: 'OFF-3F2A9C1B77D0-0001', till_id: TILL },
    };
    const sent = await postSale(t, owner.headers, sale, sale.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const after = await report();
    expect(after.figures.transaction_count).toBe(before.figures.transaction_count + 1);
    expect(after.figures.gross_sales).toBe(before.figures.gross_sales + 4000);
    const day = localDay(at, TIMEZONE);
    const point = (r: { series: { key: string; net_sales: number }[] }) =>
      r.series.find((p) => p.key === day)!.net_sales;
    expect(point(after)).toBe(point(before) + 4000);
  });

  it('counts a mobile money sale of an old day once its payment is confirmed later', async () => {
    const pending = await postSale(t, owner.headers, {
      items: [{ product_id: milo.id, quantity: 2 }],
      payments: [{ method: 'mtn_momo', amount: 2000, phone: '0241234567' }],
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const id = pending.json().sale.id as string;
    await moveTo(id, `${addDays(today, -6)}T15:00:00Z`);
    const before = await report();
    // The provider's confirmation, days later.
    await db()
      .update(payments)
      .set({ status: 'completed', completedAt: new Date(), provider: 'sandbox' })
      .where(eq(payments.transactionId, id));
    await db()
      .update(transactions)
      .set({ paymentStatus: 'completed', amountPaid: 2000 })
      .where(eq(transactions.id, id));
    const after = await report();
    expect(after.figures.transaction_count).toBe(before.figures.transaction_count + 1);
    const momo = (r: { payment_methods: { channel: string; amount: number }[] }) =>
      r.payment_methods.find((p) => p.channel === 'mtn_momo')?.amount ?? 0;
    expect(momo(after)).toBe(momo(before) + 2000);
  });

  it('takes a refund of an old sale off on the refund day, and keeps the old sale counted', async () => {
    const saleId = await sell(
      [{ product_id: rice.id, quantity: 2 }],
      4000,
      `${addDays(today, -8)}T11:00:00Z`,
    );
    const before = await report();
    const [line] = await db()
      .select({ id: transactionItems.id })
      .from(transactionItems)
      .where(eq(transactionItems.transactionId, saleId));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${saleId}/refund`,
      headers: owner.headers,
      payload: { lines: [{ item_id: line!.id, quantity: 2, restock: true }] },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const after = await report();
    expect(after.figures.refunds).toBe(before.figures.refunds + 4000);
    expect(after.figures.transaction_count).toBe(before.figures.transaction_count);
  });

  it('re-reads a whole month when a line of one of its days is corrected', async () => {
    const before = await report();
    const [line] = await db()
      .select({ id: transactionItems.id })
      .from(transactionItems)
      .innerJoin(transactions, eq(transactions.id, transactionItems.transactionId))
      .where(
        and(
          eq(transactions.businessId, owner.businessId),
          sql`${transactions.createdAt} = ${`${addDays(from, 2)}T10:00:00Z`}::timestamptz`,
        ),
      );
    await db()
      .update(transactionItems)
      .set({ quantity: 5, totalPrice: 10_000 })
      .where(eq(transactionItems.id, line!.id));
    const after = await report();
    const riceOf = (r: { top_by_quantity: { name: string; quantity: number }[] }) =>
      r.top_by_quantity.find((p) => p.name === 'Rice 5kg')!.quantity;
    expect(riceOf(after)).toBe(riceOf(before) + 4);
  });

  it('counts an old cancelled sale as a void once the void is written to the audit log', async () => {
    const saleId = await sell([{ product_id: milo.id, quantity: 1 }], 1000, `${addDays(from, 25)}T12:00:00Z`);
    await db().update(transactions).set({ paymentStatus: 'cancelled' }).where(eq(transactions.id, saleId));
    const before = await report();
    await db()
      .insert(auditLog)
      .values({
        businessId: owner.businessId,
        action: 'sale_voided',
        subjectType: 'sale',
        subjectId: saleId,
        actorId: owner.userId,
        actorName: 'Owner',
        summary: 'Voided',
        createdAt: new Date(`${addDays(from, 25)}T12:05:00Z`),
      });
    const after = await report();
    expect(after.figures.void_count).toBe(before.figures.void_count + 1);
    expect(after.figures.voids).toBe(before.figures.voids + 1000);
  });

  it('keeps past margins when a product cost changes later', async () => {
    const before = await report();
    await db().update(products).set({ costPrice: 1900 }).where(eq(products.id, rice.id));
    expect(await report()).toEqual(before);
  });

  it('reads every day again in a new timezone', async () => {
    // The owner saves another timezone in Settings (as the tenant, as the server does): the roll-ups go.
    const settings = await t.app.inject({ url: '/api/v1/settings', headers: owner.headers });
    expect(settings.statusCode, settings.body).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/profile',
      headers: owner.headers,
      payload: { ...settings.json().profile, timezone: 'UTC' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await rolledUp()).days).toEqual([]);
    const utc = await report();
    expect(utc.timezone).toBe('UTC');
    expect((await rolledUp()).days.every((row) => row.timezone === 'UTC')).toBe(true);

    // A shop nine hours ahead (as Tokyo's, in reports.test.ts): a sale at 20:00 UTC is the next day there.
    await sell([{ product_id: milo.id, quantity: 4 }], 4000, `${addDays(from, 30)}T20:00:00Z`);
    const before = await report();
    await db().update(businesses).set({ timezone: 'Asia/Tokyo' }).where(eq(businesses.id, owner.businessId));
    expect((await rolledUp()).days).toEqual([]);
    const [business] = await db().select().from(businesses).where(eq(businesses.id, owner.businessId));
    const tokyo = await withTenant(db(), owner.businessId, (tx) => loadReport(tx, business!, period));
    const fromRows = await withTenant(db(), owner.businessId, (tx) =>
      loadReport(tx, business!, period, { isRowsOnly: true }),
    );
    expect(tokyo).toEqual(fromRows);
    const count = (r: { series: { key: string; count: number }[] }, day: string) =>
      r.series.find((p) => p.key === day)?.count ?? 0;
    expect(count(tokyo, addDays(from, 31))).toBe(count(before, addDays(from, 31)) + 1);
    const { days } = await rolledUp();
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((row) => row.timezone === 'Asia/Tokyo')).toBe(true);
  });
});

describe('a fill and the writes in flight (PostgreSQL)', () => {
  it('waits for a sale being written before rolling up the days, and lets it finish', async () => {
    const database = await createTestDatabase(postgresServerUrl());
    try {
      const business = await createBusiness(database.db, { timezone: TIMEZONE });
      const cashier = await createUser(database.db, business.id, { role: 'owner' });
      // A checkout in flight: its sale is written, not yet committed.
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let markWritten!: () => void;
      const written = new Promise<void>((resolve) => {
        markWritten = resolve;
      });
      const checkout = withTenant(database.db, business.id, async (tx) => {
        await tx.execute(sql`insert into transactions (business_id, receipt_number, payment_method, payment_status,
            cashier_id, subtotal, tax_amount, total_amount, amount_paid)
          values (${business.id}, 'S-IN-FLIGHT', 'cash', 'completed', ${cashier.id}, 1000, 0, 1000, 1000)`);
        markWritten();
        await committing;
      });
      await written;
      // The first report of the shop rolls up its closed days: it waits on the writers' lock first.
      const reading = withTenant(database.db, business.id, (tx) =>
        loadReport(tx, business, { from: addDays(today, -10), to: today }),
      );
      const waiting = async () =>
        (
          await database.query<{ count: number }>(
            "select count(*)::int as count from pg_locks where locktype = 'advisory' and not granted",
          )
        )[0]!.count;
      await expect.poll(waiting).toBe(1);
      commit();
      await checkout;
      const report = await reading;
      // Once the sale was committed the report went on, and read it (today, from the raw rows).
      expect(report.figures.transaction_count).toBe(1);
      const rolled = await database.query<{ count: number }>(
        'select count(*)::int as count from report_days where business_id = $1',
        [business.id],
      );
      expect(rolled[0]!.count).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});

describe('keeping the roll-ups ready', () => {
  it("rolls up every active business's closed days since it was made, before any report asks", async () => {
    const made = new Date(Date.now() - 20 * 86_400_000);
    const shop = await signedInShop(t, 'owner', { business: { timezone: TIMEZONE, createdAt: made } });
    const closed = await createBusiness(db(), { timezone: TIMEZONE, createdAt: made, isActive: false });
    const item = await createProduct(db(), shop.businessId, { price: 500, taxRate: '0', stockQuantity: 10 });
    const sale = await postSale(t, shop.headers, {
      items: [{ product_id: item.id, quantity: 2 }],
      payments: [cash(1000)],
    });
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await moveTo(sale.json().sale.id, tenDaysAgo);

    await keepRollupsReady({ database: t.database, now: () => new Date() });

    const days = async (businessId: string) =>
      (await t.database.query(
        'select to_char(day, $2) as day, sales_total from report_days where business_id = $1 order by day',
        [businessId, 'YYYY-MM-DD'],
      )) as { day: string; sales_total: string | number }[];
    const rolled = await days(shop.businessId);
    const today = localDay(new Date(), TIMEZONE);
    // From the day it was made up to the last closed day (today and yesterday are read raw).
    expect(rolled[0]?.day).toBe(localDay(made, TIMEZONE));
    expect(rolled.at(-1)?.day).toBe(addDays(today, -2));
    expect(rolled.length).toBe(19);
    expect(Number(rolled.find((row) => row.day === localDay(tenDaysAgo, TIMEZONE))?.sales_total)).toBe(1000);
    expect(await days(closed.id)).toEqual([]);
  });
});
