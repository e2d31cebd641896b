import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { expectError, signedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { listTransactions } from './history.ts';
import { cash, createProduct, postSale } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

type Member = Awaited<ReturnType<typeof signedInShop>>;

async function sell(
  member: Member,
  productId: string,
  extra: object = {},
  payments: object[] = [cash(1000)],
) {
  const response = await postSale(t, member.headers, {
    items: [{ product_id: productId, quantity: 1 }],
    payments,
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json().sale as { id: string; receipt_number: string };
}

/** Moves a sale to a moment (the history is ordered and filtered by it). */
const at = (id: string, iso: string) =>
  db()
    .update(transactions)
    .set({ createdAt: new Date(iso) })
    .where(eq(transactions.id, id));

const list = (member: Member, query = '') =>
  t.app.inject({ url: `/api/v1/transactions${query}`, headers: member.headers });

describe('GET /api/v1/transactions (operations §2 Transaction History)', () => {
  it('filters by receipt or notes, method, status, cashier and business-timezone days; never shows another shop', async () => {
    const owner = await signedInShop(t, 'owner', { business: { timezone: 'Africa/Lagos' } });
    const cashier = await signedInMember(t, owner.business, 'cashier');
    const stranger = await signedInShop(t, 'owner');
    const item = await createProduct(db(), owner.businessId, {
      price: 1000,
      taxRate: '0',
      stockQuantity: 99,
    });
    const theirs = await createProduct(db(), stranger.businessId, { price: 1000, taxRate: '0' });
    const early = await sell(owner, item.id, { notes: 'Deliver to Osu' });
    const late = await sell(cashier, item.id, {}, [{ method: 'card', amount: 1000 }]);
    await sell(stranger, theirs.id, { notes: 'Deliver to Osu' });
    // Lagos is UTC+1: 23:30 UTC on the 1st is already the 2nd there.
    await at(early.id, '2026-11-01T22:30:00Z');
    await at(late.id, '2026-11-01T23:30:00Z');

    const all = (await list(owner)).json();
    expect(all.transactions.map((s: { id: string }) => s.id)).toEqual([late.id, early.id]);
    expect(all.next_cursor).toBeNull();
    const ids = async (query: string) =>
      (await list(owner, query)).json().transactions.map((s: { id: string }) => s.id);
    expect(await ids('?search=osu')).toEqual([early.id]);
    expect(await ids(`?search=${late.receipt_number.slice(-6).toLowerCase()}`)).toEqual([late.id]);
    expect(await ids('?payment_method=card')).toEqual([late.id]);
    expect(await ids('?payment_status=pending')).toEqual([late.id]);
    expect(await ids(`?cashier_id=${cashier.userId}`)).toEqual([late.id]);
    expect(await ids('?date_from=2026-11-02&date_to=2026-11-02')).toEqual([late.id]);
    expect(await ids('?date_to=2026-11-01')).toEqual([early.id]);
    expect(await ids('?search=100%25')).toEqual([]);

    const cashiers = await t.app.inject({ url: '/api/v1/transactions/cashiers', headers: owner.headers });
    expect(
      cashiers
        .json()
        .cashiers.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([owner.userId, cashier.userId].sort());
    expectError(await list(owner, '?date_from=yesterday'), 400, 'VALIDATION_FAILED');
    expectError(await list(owner, '?payment_status=lost'), 400, 'VALIDATION_FAILED');
    expectError(await list(cashier), 403, 'FORBIDDEN');
  });

  it('pages by keyset: every row once, in order, however many share a second', async () => {
    const owner = await signedInShop(t, 'owner');
    const item = await createProduct(db(), owner.businessId, {
      price: 1000,
      taxRate: '0',
      stockQuantity: 99,
    });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await sell(owner, item.id)).id);
    for (const id of made.slice(0, 3)) await at(id, '2026-11-10T10:00:00Z');
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const result = await withTenant(db(), owner.businessId, (tx) =>
        listTransactions(tx, owner.business, { search: undefined, cursor }, 2),
      );
      seen.push(...result.transactions.map((s) => s.id));
      if (!result.next_cursor) break;
      cursor = result.next_cursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(made));
    const viaApi = await list(owner, `?cursor=${encodeURIComponent(cursor ?? '')}`);
    expect(viaApi.statusCode).toBe(200);
  });

  it('gives the four cards and the CSV of the filtered list, refunds netted and negative', async () => {
    const owner = await signedInShop(t, 'owner');
    const item = await createProduct(db(), owner.businessId, {
      name: '=Milo, "big"',
      price: 1000,
      taxRate: '0',
      stockQuantity: 99,
    });
    const kept = await sell(owner, item.id);
    const refunded = await sell(owner, item.id);
    await sell(owner, item.id, {}, [{ method: 'card', amount: 1000 }]);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${refunded.id}/refund`,
      headers: owner.headers,
      payload: {},
    });
    expect(refund.statusCode).toBe(201);
    const summary = (
      await t.app.inject({ url: '/api/v1/transactions/summary', headers: owner.headers })
    ).json();
    expect(summary).toEqual({
      total_transactions: 4,
      today_sales: 1000,
      today_count: 2,
      total_revenue: 1000,
      refund_count: 1,
    });
    const csv = await t.app.inject({
      url: '/api/v1/transactions/export.csv?payment_method=cash',
      headers: owner.headers,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Receipt,Type,Status,Payment method,Date,Customer,Cashier,Items,Subtotal,Tax,Discount,Total,Refunded,Original receipt,Notes',
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith('REF-'))).toContain(',-10.00,0.00,');
    expect(lines.find((line) => line.startsWith(kept.receipt_number))).toContain(',completed,Cash,');
  });
});
