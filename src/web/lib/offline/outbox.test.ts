import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateSaleInput, Sale } from '#domain/schemas/sales.ts';
import { errorResponse, fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { applyCatalog, localPosProducts } from './catalog.ts';
import { clearCatalog } from './local-db.ts';
import { addToOutbox, flushOutbox, listOutbox, pendingQuantities } from './outbox.ts';

// The outbox of sales made offline (issue 15): in order, each recorded once whatever happens to the network.

let slugCount = 0;
const newSlug = () => `outbox-test-${++slugCount}`;
const WATER = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  vi.unstubAllGlobals();
});

function entry(id: string, quantity = 1) {
  return (sequence: number) => ({
    id,
    created_at: new Date(2026, 10, 24, 9, sequence).toISOString(),
    body: {
      id,
      items: [{ product_id: WATER, quantity, unit_price: 600 }],
      payments: [{ method: 'cash', amount: 600 * quantity }],
    } satisfies CreateSaleInput,
    sale: { id, receipt_number: `OFF-3F2A9C1B77D0-${String(sequence).padStart(4, '0')}` } as Sale,
  });
}

/** A server that records each Idempotency-Key once and answers a repeat with the first sale (200). */
function idempotentServer() {
  const recorded: string[] = [];
  const api = fakeApi({
    'POST /api/v1/sales': (request) => {
      const key = request.headers.get('Idempotency-Key')!;
      const isRepeat = recorded.includes(key);
      if (!isRepeat) recorded.push(key);
      return jsonResponse(isRepeat ? 200 : 201, { sale: { id: key } });
    },
  });
  return { api, recorded };
}

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('the outbox', () => {
  it('numbers the sales in order, even when added at once, and counts the units they took', async () => {
    const slug = newSlug();
    await Promise.all([addToOutbox(slug, entry(id(1), 2)), addToOutbox(slug, entry(id(2), 3))]);
    const entries = await listOutbox(slug);
    expect(entries.map((e) => e.seq).sort()).toEqual([1, 2]);
    expect(new Set(entries.map((e) => e.sale.receipt_number)).size).toBe(2);
    expect((await pendingQuantities(slug)).get(WATER)).toBe(5);
  });

  it('sends in order and empties itself', async () => {
    const slug = newSlug();
    const server = idempotentServer();
    for (const n of [1, 2, 3]) await addToOutbox(slug, entry(id(n)));
    const result = await flushOutbox(slug);
    expect(result).toEqual({ sent: 3, rejected: 0, stopped: false });
    expect(server.recorded).toEqual([id(1), id(2), id(3)]);
    expect(await listOutbox(slug)).toEqual([]);
  });

  it('records a sale once when the answer was lost after the server committed it', async () => {
    const slug = newSlug();
    const recorded: string[] = [];
    let dropNext = true;
    fakeApi({
      'POST /api/v1/sales': (request) => {
        const key = request.headers.get('Idempotency-Key')!;
        if (!recorded.includes(key)) recorded.push(key);
        if (dropNext) {
          dropNext = false;
          throw new TypeError('Failed to fetch'); // the connection dropped on the way back
        }
        return jsonResponse(201, { sale: { id: key } });
      },
    });
    for (const n of [1, 2]) await addToOutbox(slug, entry(id(n)));
    const first = await flushOutbox(slug);
    expect(first).toEqual({ sent: 0, rejected: 0, stopped: true });
    // Nothing lost: both still wait, the first one first.
    expect((await listOutbox(slug)).map((e) => e.id)).toEqual([id(1), id(2)]);
    const second = await flushOutbox(slug);
    expect(second.sent).toBe(2);
    expect(recorded).toEqual([id(1), id(2)]);
    expect(await listOutbox(slug)).toEqual([]);
  });

  it('keeps a sale the server refuses, with why, and sends the next', async () => {
    const slug = newSlug();
    const sent: string[] = [];
    fakeApi({
      'POST /api/v1/sales': (request) => {
        const key = request.headers.get('Idempotency-Key')!;
        if (key === id(1)) {
          return errorResponse(422, 'OFFLINE_PRICE_REFUSED', 'Voltic was never sold below ₵6.00 that day');
        }
        sent.push(key);
        return jsonResponse(201, { sale: { id: key } });
      },
      [`GET /api/v1/sales/${id(1)}`]: () =>
        errorResponse(404, 'TRANSACTION_NOT_FOUND', 'Transaction not found'),
    });
    for (const n of [1, 2]) await addToOutbox(slug, entry(id(n)));
    expect(await flushOutbox(slug)).toEqual({ sent: 1, rejected: 1, stopped: false });
    expect(sent).toEqual([id(2)]);
    const [kept] = await listOutbox(slug);
    expect(kept).toMatchObject({
      id: id(1),
      status: 'rejected',
      error: 'Voltic was never sold below ₵6.00 that day',
    });
    // A refused sale no longer counts against the till's stock, and is not sent again by itself.
    expect((await pendingQuantities(slug)).get(WATER)).toBeUndefined();
  });

  it('waits while signed out, and refuses a sale whose discount needs an approval nobody gave', async () => {
    const slug = newSlug();
    let signedIn = false;
    fakeApi({
      'POST /api/v1/sales': () =>
        signedIn
          ? errorResponse(
              403,
              'DISCOUNT_APPROVAL_REQUIRED',
              "Discounts above 10% need a manager's or owner's approval",
            )
          : errorResponse(401, 'UNAUTHORIZED', 'Sign in to continue'),
      [`GET /api/v1/sales/${id(1)}`]: () =>
        errorResponse(404, 'TRANSACTION_NOT_FOUND', 'Transaction not found'),
    });
    await addToOutbox(slug, entry(id(1)));
    expect(await flushOutbox(slug)).toEqual({ sent: 0, rejected: 0, stopped: true });
    expect((await listOutbox(slug))[0]?.status).toBe('pending');
    signedIn = true;
    expect(await flushOutbox(slug)).toEqual({ sent: 0, rejected: 1, stopped: false });
    expect((await listOutbox(slug))[0]).toMatchObject({ status: 'rejected' });
  });

  it('sends each sale once when two tabs flush at the same time (one holds the lock, the other waits)', async () => {
    const slug = newSlug();
    const server = idempotentServer();
    // The Web Locks API as the browser gives it: one holder per name, the others queue.
    const queues = new Map<string, Promise<unknown>>();
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: (name: string, work: () => Promise<unknown>) => {
          const run = (queues.get(name) ?? Promise.resolve()).then(work, work);
          queues.set(
            name,
            run.catch(() => undefined),
          );
          return run;
        },
      },
    });
    for (const n of [1, 2, 3]) await addToOutbox(slug, entry(id(n)));
    const [a, b] = await Promise.all([flushOutbox(slug), flushOutbox(slug)]);
    expect(a.sent + b.sent).toBe(3);
    expect(server.api.callsTo('POST /api/v1/sales')).toHaveLength(3);
    expect(server.recorded).toEqual([id(1), id(2), id(3)]);
  });

  it('survives signing out: the catalog copy goes, the unsent sales stay', async () => {
    const slug = newSlug();
    await applyCatalog(slug, {
      cursor: '10',
      full: true,
      products: [
        {
          id: WATER,
          name: 'Voltic 1.5L',
          description: null,
          price: 600,
          tax_rate: 0,
          stock_quantity: 10,
          min_stock_level: 5,
          barcode: '6034000123456',
          sku: null,
          image_url: null,
          category: null,
          category_id: null,
          is_active: true,
        },
      ],
      categories: [],
      customers: [],
    });
    await addToOutbox(slug, entry(id(1), 4));
    // The till's grid counts the unsent sale's units already.
    expect(
      (await localPosProducts(slug, { search: '', categoryId: null }, 0, 60)).products[0]?.stock_quantity,
    ).toBe(6);
    // Another business's copy is another database: it sees nothing of this one.
    expect((await localPosProducts(newSlug(), { search: '', categoryId: null }, 0, 60)).products).toEqual([]);

    await clearCatalog(slug);
    expect((await localPosProducts(slug, { search: '', categoryId: null }, 0, 60)).products).toEqual([]);
    expect((await listOutbox(slug)).map((e) => e.id)).toEqual([id(1)]);
  });
});
