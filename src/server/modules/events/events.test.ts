import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#domain/live-events.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { withTenant } from '../../db/tenant.ts';
import type { App } from '../../http/types.ts';
import { openEventStream, type TestEventStream } from '../../testing/event-stream.ts';
import { expectError, type SignedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createScratchDatabase } from '../../testing/test-database.ts';
import { createMailer } from '../mail/index.ts';
import { publishEvent } from './index.ts';

const TILL = '6f1f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';
const OTHER_TILL = '0b9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f';

let t: TestApp;
let baseUrl: string;
let shopA: SignedInMember;
let shopB: SignedInMember;
const streams: TestEventStream[] = [];

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function subscribe(
  member: SignedInMember,
  query = `?till=${TILL}`,
  extra: Record<string, string> = {},
  url = baseUrl,
) {
  const stream = await openEventStream(url, `/api/v1/events${query}`, { ...member.headers, ...extra });
  streams.push(stream);
  return stream;
}

function paymentStatus(receipt: string) {
  return {
    sale_id: crypto.randomUUID(),
    receipt_number: receipt,
    payment_status: 'completed' as const,
    payment_method: 'mtn_momo' as const,
  };
}

async function publish(
  database: Database,
  businessId: string,
  scope: Parameters<typeof publishEvent>[1]['scope'],
  receipt: string,
) {
  return withTenant(database.db, businessId, (tx) =>
    publishEvent(tx, { businessId, scope, type: 'sale.payment_status', data: paymentStatus(receipt) }),
  );
}

const receiptOf = (event: LiveEvent) =>
  event.type === 'sale.payment_status' ? event.data.receipt_number : null;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  shopA = await signedInShop(t, 'cashier');
  shopB = await signedInShop(t, 'cashier');
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('GET /api/v1/events', () => {
  it('delivers an event published in a committed transaction to its till, with id and retry', async () => {
    const stream = await subscribe(shopA);
    expect(stream.status).toBe(200);
    await publish(t.database, shopA.businessId, { kind: 'till', tillId: TILL }, 'RCP-1');
    const event = await stream.next();
    expect(event).toMatchObject({ type: 'sale.payment_status', scope: `till:${TILL}` });
    expect(receiptOf(event)).toBe('RCP-1');
    expect(event.id).toMatch(/^\d+$/);
    expect(stream.retry).toBe(3000);
    expect(stream.comments).toContain('connected');
  });

  it('sends business events to every till of the business, and a till event only to that till', async () => {
    const mine = await subscribe(shopA);
    const other = await subscribe(shopA, `?till=${OTHER_TILL}`);
    await publish(t.database, shopA.businessId, { kind: 'till', tillId: OTHER_TILL }, 'RCP-OTHER');
    await publish(t.database, shopA.businessId, { kind: 'business' }, 'RCP-ALL');
    expect(receiptOf(await mine.next())).toBe('RCP-ALL');
    expect(receiptOf(await other.next())).toBe('RCP-OTHER');
    expect(receiptOf(await other.next())).toBe('RCP-ALL');
  });

  it('delivers nothing when the publishing transaction rolls back', async () => {
    const stream = await subscribe(shopA);
    await expect(
      withTenant(t.database.db, shopA.businessId, async (tx) => {
        await publishEvent(tx, {
          businessId: shopA.businessId,
          scope: { kind: 'till', tillId: TILL },
          type: 'sale.payment_status',
          data: paymentStatus('RCP-ROLLED-BACK'),
        });
        throw new Error('the sale failed');
      }),
    ).rejects.toThrow('the sale failed');
    await publish(t.database, shopA.businessId, { kind: 'till', tillId: TILL }, 'RCP-AFTER');
    expect(receiptOf(await stream.next())).toBe('RCP-AFTER');
    expect(stream.events.map(receiptOf)).toEqual(['RCP-AFTER']);
  });

  it("never delivers another business's events, whatever the scope", async () => {
    const a = await subscribe(shopA, `?till=${TILL}&display=${TILL}`);
    for (const scope of [
      { kind: 'business' as const },
      { kind: 'till' as const, tillId: TILL },
      { kind: 'display' as const, tillId: TILL },
    ]) {
      await publish(t.database, shopB.businessId, scope, 'RCP-B');
    }
    await publish(t.database, shopA.businessId, { kind: 'business' }, 'RCP-A');
    expect(receiptOf(await a.next())).toBe('RCP-A');
    expect(a.events.map(receiptOf)).toEqual(['RCP-A']);
  });

  it('refuses a visitor who is neither signed in nor a paired display, and a till id that is not one', async () => {
    const anonymous = await openEventStream(baseUrl, '/api/v1/events', { 'x-business': shopA.business.slug });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body).error.code).toBe('NOT_SIGNED_IN');
    const bad = await t.app.inject({ url: '/api/v1/events?till=nope', headers: shopA.headers });
    expectError(bad, 400, 'VALIDATION_FAILED');
  });

  it('replays what a reconnecting subscriber missed after its Last-Event-ID, and nothing of another business', async () => {
    const first = await subscribe(shopA);
    await publish(t.database, shopA.businessId, { kind: 'till', tillId: TILL }, 'RCP-SEEN');
    const seen = await first.next();
    first.close();
    await publish(t.database, shopA.businessId, { kind: 'till', tillId: TILL }, 'RCP-MISSED-1');
    await publish(t.database, shopB.businessId, { kind: 'till', tillId: TILL }, 'RCP-B-MISSED');
    await publish(t.database, shopA.businessId, { kind: 'till', tillId: OTHER_TILL }, 'RCP-OTHER-TILL');
    await publish(t.database, shopA.businessId, { kind: 'business' }, 'RCP-MISSED-2');

    const again = await subscribe(shopA, `?till=${TILL}`, { 'last-event-id': seen.id });
    expect(receiptOf(await again.next())).toBe('RCP-MISSED-1');
    expect(receiptOf(await again.next())).toBe('RCP-MISSED-2');
    await publish(t.database, shopA.businessId, { kind: 'till', tillId: TILL }, 'RCP-LIVE');
    expect(receiptOf(await again.next())).toBe('RCP-LIVE');
    expect(again.events.map(receiptOf)).toEqual(['RCP-MISSED-1', 'RCP-MISSED-2', 'RCP-LIVE']);

    // The query parameter does the same for a client that opens a new EventSource itself.
    const byQuery = await subscribe(shopA, `?till=${TILL}&last_event_id=${seen.id}`);
    expect(receiptOf(await byQuery.next())).toBe('RCP-MISSED-1');
  });

  it('tells a subscriber to read afresh when what it missed was pruned', async () => {
    const first = await subscribe(shopA);
    await publish(t.database, shopA.businessId, { kind: 'till', tillId: TILL }, 'RCP-OLD');
    const old = await first.next();
    first.close();
    await t.database.query('delete from live_events where id <= $1', [old.id]);
    await publish(t.database, shopA.businessId, { kind: 'till', tillId: TILL }, 'RCP-NEW');
    const again = await subscribe(shopA, `?till=${TILL}`, { 'last-event-id': old.id });
    const resync = await again.next();
    expect(resync.type).toBe('stream.resync');
    expect(BigInt(resync.id)).toBeGreaterThan(BigInt(old.id));
  });

  it('gives a display that connects afresh the newest cart of its till', async () => {
    const cart = {
      lines: [
        {
          product_id: 'p1',
          name: 'Milo 400g',
          quantity: 2,
          unit_price: 5500,
          discount_amount: 0,
          line_total: 11000,
        },
      ],
      item_count: 2,
      subtotal: 11000,
      tax_amount: 1375,
      discount_amount: 0,
      total_amount: 12375,
    };
    const shop = { name: 'Kofi Mart', logo_url: null };
    await withTenant(t.database.db, shopA.businessId, async (tx) => {
      await publishEvent(tx, {
        businessId: shopA.businessId,
        scope: { kind: 'display', tillId: TILL },
        type: 'display.cart',
        data: { cart: { ...cart, total_amount: 1 }, shop },
      });
      await publishEvent(tx, {
        businessId: shopA.businessId,
        scope: { kind: 'display', tillId: TILL },
        type: 'display.cart',
        data: { cart, shop },
      });
    });
    const display = await subscribe(shopA, `?display=${TILL}`);
    const event = await display.next();
    expect(event.type === 'display.cart' && event.data.cart.total_amount).toBe(12375);
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestApp();
    const url = await listen(other.app);
    const member = await signedInShop(other, 'cashier');
    const stream = await subscribe(member, `?till=${TILL}`, {}, url);
    expect(other.app.liveEventStreams?.()).toBe(1);
    await other.close();
    await stream.ended();
  });
});

describe('two server instances on one database', () => {
  let first: App;
  let second: App;
  let firstDatabase: Database;
  let secondDatabase: Database;
  let dropScratch: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      // As two processes would: each instance its own pool and its own LISTEN connection.
      const scratch = await createScratchDatabase(serverUrl, 'pos_events');
      dropScratch = scratch.drop;
      firstDatabase = await openDatabase({ driver: 'pg', url: scratch.url });
      await migrate(firstDatabase);
      secondDatabase = await openDatabase({ driver: 'pg', url: scratch.url });
    } else {
      // Embedded PGlite lives in one process: two instances share it, each with its own hub and listener.
      firstDatabase = t.database;
      secondDatabase = t.database;
    }
    const config = testConfig();
    const silent = { error() {}, info() {} };
    const deps = (database: Database) => ({
      config,
      database,
      mailer: createMailer(config, database, silent),
      now: () => new Date(),
    });
    first = await buildApp(deps(firstDatabase));
    second = await buildApp(deps(secondDatabase));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (dropScratch) {
      await firstDatabase.close();
      await secondDatabase.close();
      await dropScratch();
    }
  });

  it('delivers an event published through one instance to a subscriber of the other, and only of its business', async () => {
    const firstUrl = await listen(first);
    const secondUrl = await listen(second);
    const a = await signedInShop({ database: firstDatabase }, 'cashier');
    const b = await signedInShop({ database: firstDatabase }, 'cashier');
    const onSecond = await subscribe(a, `?till=${TILL}`, {}, secondUrl);
    const bOnSecond = await subscribe(b, `?till=${TILL}`, {}, secondUrl);
    // Published in a transaction on the first instance's connections, received through the second's LISTEN.
    await publish(firstDatabase, a.businessId, { kind: 'till', tillId: TILL }, 'RCP-CROSS');
    expect(receiptOf(await onSecond.next())).toBe('RCP-CROSS');
    // And the other way round.
    const onFirst = await subscribe(a, `?till=${TILL}`, {}, firstUrl);
    await publish(secondDatabase, a.businessId, { kind: 'business' }, 'RCP-BACK');
    expect(receiptOf(await onFirst.next())).toBe('RCP-BACK');
    await publish(secondDatabase, b.businessId, { kind: 'business' }, 'RCP-B');
    expect(receiptOf(await bOnSecond.next())).toBe('RCP-B');
    expect(receiptOf(await onSecond.next())).toBe('RCP-BACK');
    expect(onSecond.events.map(receiptOf)).toEqual(['RCP-CROSS', 'RCP-BACK']);
    expect(onFirst.events.map(receiptOf)).toEqual(['RCP-BACK']);
  });
});
