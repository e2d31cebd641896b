import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAIRING_CODE_INVALID_MESSAGE } from '#domain/schemas/display-pairing.ts';
import { openEventStream, type TestEventStream } from '../../testing/event-stream.ts';
import { expectError, type SignedInMember, signedInShop } from '../../testing/signed-in-shop.ts';
import { businessHeaders, cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';

const TILL = '6f1f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';
const OTHER_TILL = '0b9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f';
const shop = { name: 'Kofi Mart', logo_url: null };
const cartOf = (total: number) => ({
  lines: [
    {
      product_id: 'p1',
      name: 'Milo 400g',
      quantity: 1,
      unit_price: total,
      discount_amount: 0,
      line_total: total,
    },
  ],
  item_count: 1,
  subtotal: total,
  tax_amount: 0,
  discount_amount: 0,
  total_amount: total,
});

let t: TestApp;
let baseUrl: string;
let cashier: SignedInMember;
let otherShop: SignedInMember;
const streams: TestEventStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  cashier = await signedInShop(t, 'cashier');
  otherShop = await signedInShop(t, 'cashier');
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function newCode(member: SignedInMember, till = TILL) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tills/${till}/display-pairings`,
    headers: member.headers,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; code: string; expires_at: string };
}

/** A tablet (no staff session) enters the code; returns its display cookie. */
async function claim(slug: string, code: string, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/display-pairing/claim',
    headers: businessHeaders(slug),
    payload: { code },
    remoteAddress: ip,
  });
}

async function sendCart(member: SignedInMember, total: number, till = TILL) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tills/${till}/display`,
    headers: member.headers,
    payload: { kind: 'cart', cart: cartOf(total), shop },
  });
  expect(response.statusCode).toBe(204);
}

async function displayStream(slug: string, cookie: string) {
  const stream = await openEventStream(baseUrl, '/api/v1/events', businessHeaders(slug, cookie));
  streams.push(stream);
  return stream;
}

const totalOf = (event: { type: string; data: unknown }) =>
  event.type === 'display.cart' ? (event.data as { cart: { total_amount: number } }).cart.total_amount : null;

describe('pairing a customer display on another device', () => {
  it('pairs with the code, then follows only that till, and stops when the till unpairs it', async () => {
    const tillEvents = await openEventStream(baseUrl, `/api/v1/events?till=${TILL}`, cashier.headers);
    streams.push(tillEvents);
    const pending = await newCode(cashier);
    expect(pending.code).toMatch(/^\d{6}$/);

    const claimed = await claim(cashier.business.slug, pending.code);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ pairing_id: pending.id, till_id: TILL });
    const cookie = cookiesFrom(claimed);
    expect(cookie).toContain(`pos_display_${cashier.business.slug}=`);
    expect((await tillEvents.next((e) => e.type === 'display.paired')).data).toMatchObject({
      pairing_id: pending.id,
    });

    // The code is used up.
    expectError(
      await claim(cashier.business.slug, pending.code),
      404,
      'PAIRING_CODE_INVALID',
      PAIRING_CODE_INVALID_MESSAGE,
    );

    const listed = await t.app.inject({
      url: `/api/v1/tills/${TILL}/display-pairings`,
      headers: cashier.headers,
    });
    expect(listed.json()).toMatchObject({ pending: null, displays: [{ id: pending.id }] });

    const display = await displayStream(cashier.business.slug, cookie);
    expect(display.status).toBe(200);
    await sendCart(cashier, 700, OTHER_TILL);
    await sendCart(cashier, 5500);
    expect(totalOf(await display.next())).toBe(5500);
    expect(display.events.map(totalOf)).toEqual([5500]);

    // Asking for the current state reaches the till.
    const ready = await t.app.inject({
      method: 'POST',
      url: '/api/v1/display-pairing/ready',
      headers: businessHeaders(cashier.business.slug, cookie),
    });
    expect(ready.statusCode).toBe(204);
    expect((await tillEvents.next((e) => e.type === 'display.ready')).data).toEqual({
      pairing_id: pending.id,
    });

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/display-pairings/${pending.id}`,
      headers: cashier.headers,
    });
    expect(revoked.statusCode).toBe(204);
    await display.ended();
    const again = await displayStream(cashier.business.slug, cookie);
    expect(again.status).toBe(401);
    const whoAmI = await t.app.inject({
      url: '/api/v1/display-pairing',
      headers: businessHeaders(cashier.business.slug, cookie),
    });
    expectError(whoAmI, 401, 'DISPLAY_NOT_PAIRED');
  });

  it('gives a paired display the till cart at once when it connects, never another business', async () => {
    const pending = await newCode(cashier);
    const cookie = cookiesFrom(await claim(cashier.business.slug, pending.code, '10.0.0.2'));
    await sendCart(otherShop, 9999);
    await sendCart(cashier, 1234);
    const display = await displayStream(cashier.business.slug, cookie);
    expect(totalOf(await display.next())).toBe(1234);
    await sendCart(otherShop, 8888);
    await sendCart(cashier, 4321);
    expect(totalOf(await display.next())).toBe(4321);
    expect(display.events.map(totalOf)).toEqual([1234, 4321]);

    // The cookie is of this business: presented to another, it pairs with nothing.
    const elsewhere = await openEventStream(
      baseUrl,
      '/api/v1/events',
      businessHeaders(
        otherShop.business.slug,
        cookie.replace(`pos_display_${cashier.business.slug}`, `pos_display_${otherShop.business.slug}`),
      ),
    );
    expect(elsewhere.status).toBe(401);
  });

  it("refuses another business's code, an expired one, and a cancelled one", async () => {
    const pending = await newCode(cashier);
    expectError(await claim(otherShop.business.slug, pending.code, '10.0.0.3'), 404, 'PAIRING_CODE_INVALID');
    // A new code for the same till cancels the earlier one.
    const replaced = await newCode(cashier);
    expect(replaced.code).not.toBe('');
    expectError(await claim(cashier.business.slug, pending.code, '10.0.0.3'), 404, 'PAIRING_CODE_INVALID');
    t.clock.advance(10 * 60_000 + 1000);
    expectError(await claim(cashier.business.slug, replaced.code, '10.0.0.3'), 404, 'PAIRING_CODE_INVALID');
    const listed = await t.app.inject({
      url: `/api/v1/tills/${TILL}/display-pairings`,
      headers: cashier.headers,
    });
    expect(listed.json().pending).toBeNull();
  });

  it('checks what a till sends and who may send it', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tills/${TILL}/display`,
      headers: cashier.headers,
      payload: { kind: 'cart', cart: { lines: 'x' }, shop },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tills/${TILL}/display`,
      headers: businessHeaders(cashier.business.slug),
      payload: { kind: 'cart', cart: cartOf(1), shop },
    });
    expectError(anonymous, 401, 'NOT_SIGNED_IN');
    expectError(await claim(cashier.business.slug, '12ab', '10.0.0.4'), 400, 'VALIDATION_FAILED');
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/display-pairings/${OTHER_TILL}`,
      headers: cashier.headers,
    });
    expectError(missing, 404, 'PAIRING_NOT_FOUND');
  });

  it('limits pairing attempts from one address', async () => {
    for (let i = 0; i < 10; i++) await claim(cashier.business.slug, '000000', '10.9.9.9');
    expectError(await claim(cashier.business.slug, '000000', '10.9.9.9'), 429, 'RATE_LIMITED');
  });
});
