import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, liveEvents, shifts, transactions } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import {
  expectError,
  type SignedInMember,
  signedInMember,
  signedInShop,
} from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cash, postSale } from '../sales/test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = SignedInMember;

const openShift = (member: Member, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/shifts', headers: member.headers, payload });
const moveCash = (member: Member, shiftId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/shifts/${shiftId}/cash-movements`,
    headers: member.headers,
    payload,
  });
const closeShift = (member: Member, shiftId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/shifts/${shiftId}/close`, headers: member.headers, payload });
const getShift = (member: Member, shiftId: string) =>
  t.app.inject({ url: `/api/v1/shifts/${shiftId}`, headers: member.headers });

async function opened(member: Member, float = 20000, tillId: string = randomUUID()) {
  const response = await openShift(member, {
    till_id: tillId,
    till_name: 'Front counter',
    opening_float: float,
  });
  expect(response.statusCode).toBe(201);
  return response.json().shift as { id: string; till_id: string };
}

/** A ₵10.00 product at no tax sold for cash: `units` × ₵10.00. */
async function sellForCash(member: Member, productId: string, units: number) {
  const response = await postSale(t, member.headers, {
    items: [{ product_id: productId, quantity: units }],
    payments: [cash(units * 1000, units * 1000 + 500)],
  });
  expect(response.statusCode).toBe(201);
  return response.json().sale as { id: string; items: { id: string }[] };
}

async function shiftOfSale(saleId: string) {
  const [row] = await t.database.db
    .select({ shiftId: transactions.shiftId })
    .from(transactions)
    .where(eq(transactions.id, saleId));
  return row?.shiftId ?? null;
}

describe('opening a shift', () => {
  it('opens a shift on a till with its float, once per till and once per cashier', async () => {
    const owner = await signedInShop(t, 'owner');
    const cashier = await signedInMember(t, owner.business, 'cashier', {
      firstName: 'Ama',
      lastName: 'Darko',
    });
    const till = randomUUID();
    const response = await openShift(cashier, {
      till_id: till,
      till_name: ' Front counter ',
      opening_float: 20000,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().shift).toMatchObject({
      status: 'open',
      till_id: till,
      till_name: 'Front counter',
      cashier: { id: cashier.userId, name: 'Ama Darko' },
      opening_float: 20000,
      expected_cash: 20000,
      closed_at: null,
      counted_cash: null,
      movements: [],
    });

    expectError(
      await openShift(cashier, { till_id: randomUUID(), till_name: 'Back till', opening_float: 0 }),
      409,
      'SHIFT_ALREADY_OPEN',
      'You already have a shift open on Front counter. Close it before opening another.',
    );
    expectError(
      await openShift(owner, { till_id: till, till_name: 'Front counter', opening_float: 0 }),
      409,
      'TILL_SHIFT_OPEN',
      'This till already has a shift open (Ama Darko). It must be closed before another is opened here.',
    );
    const current = await t.app.inject({
      url: `/api/v1/shifts/current?till=${till}`,
      headers: owner.headers,
    });
    expect(current.json()).toEqual({ shift: null, till_taken_by: 'Ama Darko' });

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessId, owner.businessId), eq(auditLog.action, 'shift_opened')));
    expect(audit?.summary).toBe('Opened a shift on Front counter with a ₵200.00 float');
  });

  it('lets exactly one of two opens on the same till at the same moment win, telling the other why', async () => {
    const owner = await signedInShop(t, 'owner');
    const kojo = await signedInMember(t, owner.business, 'cashier', {
      firstName: 'Kojo',
      lastName: 'Mensah',
    });
    const till = randomUUID();
    const answers = await Promise.all(
      [owner, kojo].map((member) =>
        openShift(member, { till_id: till, till_name: 'Till', opening_float: 0 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error.code).toBe('TILL_SHIFT_OPEN');
  });

  it('refuses a bad float or a missing till name with a clear message, and opens nothing', async () => {
    const cashier = await signedInShop(t, 'cashier');
    const till = randomUUID();
    const negative = expectError(
      await openShift(cashier, { till_id: till, till_name: 'Till', opening_float: -100 }),
      400,
      'VALIDATION_FAILED',
    );
    expect(negative.fields).toMatchObject({ opening_float: 'Opening float cannot be negative' });
    const unnamed = expectError(
      await openShift(cashier, { till_id: till, till_name: '  ', opening_float: 100 }),
      400,
      'VALIDATION_FAILED',
    );
    expect(unnamed.fields).toMatchObject({ till_name: 'Till name is required' });
    const current = await t.app.inject({
      url: `/api/v1/shifts/current?till=${till}`,
      headers: cashier.headers,
    });
    expect(current.json()).toEqual({ shift: null, till_taken_by: null });
  });
});

describe('a shift’s money', () => {
  it('records its sales and refunds, and expects float + cash sales − cash refunds + cash in − cash out', async () => {
    const owner = await signedInShop(t, 'owner');
    const bread = await createProduct(t.database.db, owner.businessId, { price: 1000, taxRate: '0' });
    const before = await sellForCash(owner, bread.id, 1);
    expect(await shiftOfSale(before.id)).toBeNull();

    const shift = await opened(owner, 20000);
    const sale = await sellForCash(owner, bread.id, 3); // ₵30.00
    const voided = await sellForCash(owner, bread.id, 2); // ₵20.00, voided: the money went back
    // A card sale waits for the terminal: pending money is not the shift's yet.
    const card = await postSale(t, owner.headers, {
      items: [{ product_id: bread.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 1000, reference: 'POS-1' }],
    });
    expect(card.statusCode).toBe(201);
    expect(await shiftOfSale(sale.id)).toBe(shift.id);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${sale.id}/refund`,
      headers: owner.headers,
      payload: { lines: [{ item_id: sale.items[0]!.id, quantity: 1 }], reason: 'Stale' },
    });
    expect(refund.statusCode).toBe(201);
    expect(await shiftOfSale(refund.json().refund.id)).toBe(shift.id);
    const voidResponse = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${voided.id}/void`,
      headers: owner.headers,
      payload: { reason: 'Rang up twice' },
    });
    expect(voidResponse.statusCode).toBe(200);

    expect(
      (await moveCash(owner, shift.id, { kind: 'in', amount: 5000, reason: 'Bought change from the bank' }))
        .statusCode,
    ).toBe(201);
    const out = await moveCash(owner, shift.id, {
      kind: 'out',
      amount: 1500,
      reason: 'Paid for bread delivery',
    });
    expect(out.statusCode).toBe(201);
    const detail = out.json().shift;
    // 200 + 30 (cash sale; the voided 20 went back) − 10 refunded + 50 in − 15 out = ₵255.00
    expect(detail.expected_cash).toBe(25500);
    expect(detail.figures).toMatchObject({
      sales_count: 1,
      sales_total: 3000,
      cash_sales: 3000,
      refunds_count: 1,
      refunds_total: 1000,
      cash_refunds: 1000,
      voids_count: 1,
      voids_total: 2000,
      cash_in: 5000,
      cash_out: 1500,
      expected_cash: 25500,
    });
    expect(detail.figures.by_method).toEqual([{ method: 'cash', count: 1, amount: 3000 }]);
    expect(detail.movements.map((m: { kind: string; reason: string }) => [m.kind, m.reason])).toEqual([
      ['in', 'Bought change from the bank'],
      ['out', 'Paid for bread delivery'],
    ]);

    expectError(
      await moveCash(owner, shift.id, { kind: 'out', amount: 25501, reason: 'Too much' }),
      409,
      'CASH_OUT_TOO_LARGE',
      'Only ₵255.00 is expected in the drawer.',
    );
    const noReason = expectError(
      await moveCash(owner, shift.id, { kind: 'in', amount: 100, reason: '' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(noReason.fields).toMatchObject({ reason: 'Reason is required' });
  });

  it('closes with the count, keeps expected, counted and the difference, and is read-only afterwards', async () => {
    const owner = await signedInShop(t, 'owner');
    const bread = await createProduct(t.database.db, owner.businessId, { price: 1000, taxRate: '0' });
    const shift = await opened(owner, 10000);
    const sale = await sellForCash(owner, bread.id, 2);

    const mismatch = expectError(
      await closeShift(owner, shift.id, { counted_cash: 12000, denominations: { note_100: 1, note_10: 1 } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(mismatch.fields).toMatchObject({
      counted_cash: 'Counted cash does not add up to the notes and coins counted',
    });

    // Expected ₵120.00; counted ₵119.50 (one ₵100, one ₵10, four ₵2 coins, three 50p): ₵0.50 short.
    const denominations = { note_100: 1, note_10: 1, coin_2: 4, coin_50p: 3 };
    const closed = await closeShift(owner, shift.id, {
      counted_cash: 11950,
      denominations,
      note: 'Busy day',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().shift).toMatchObject({
      status: 'closed',
      expected_cash: 12000,
      counted_cash: 11950,
      difference: -50,
      denominations,
      close_note: 'Busy day',
      closed_by_name: expect.any(String),
    });

    expectError(await closeShift(owner, shift.id, { counted_cash: 0 }), 409, 'SHIFT_CLOSED');
    expectError(
      await moveCash(owner, shift.id, { kind: 'in', amount: 100, reason: 'Late' }),
      409,
      'SHIFT_CLOSED',
      'This shift is closed: it can no longer be changed.',
    );
    // A refund after closing belongs to no shift, and the closed shift's figures stay as they were.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/transactions/${sale.id}/refund`,
      headers: owner.headers,
      payload: {},
    });
    expect(refund.statusCode).toBe(201);
    expect(await shiftOfSale(refund.json().refund.id)).toBeNull();
    const later = (await getShift(owner, shift.id)).json().shift;
    expect(later.figures.refunds_count).toBe(0);
    expect(later.expected_cash).toBe(12000);

    const [event] = await t.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.businessId, owner.businessId), eq(liveEvents.type, 'shift.changed')))
      .orderBy(desc(liveEvents.id))
      .limit(1);
    expect(event).toMatchObject({ scope: 'business', data: { shift_id: shift.id, status: 'closed' } });

    // A new shift can be opened on the same till once the old one is closed.
    await opened(owner, 0, shift.till_id);
  });
});

describe('who sees and closes which shifts', () => {
  it('shows a cashier only their own shifts, and a manager everyone’s, with differences by cashier', async () => {
    const owner = await signedInShop(t, 'owner');
    const manager = await signedInMember(t, owner.business, 'manager');
    const ama = await signedInMember(t, owner.business, 'cashier', { firstName: 'Ama', lastName: 'Darko' });
    const kojo = await signedInMember(t, owner.business, 'cashier', {
      firstName: 'Kojo',
      lastName: 'Mensah',
    });
    const amaShift = await opened(ama, 5000);
    const kojoShift = await opened(kojo, 5000);

    expectError(await getShift(ama, kojoShift.id), 404, 'SHIFT_NOT_FOUND', 'Shift not found');
    expectError(await closeShift(ama, kojoShift.id, { counted_cash: 5000 }), 404, 'SHIFT_NOT_FOUND');
    expectError(
      await moveCash(ama, kojoShift.id, { kind: 'in', amount: 100, reason: 'x' }),
      404,
      'SHIFT_NOT_FOUND',
    );
    const own = await t.app.inject({ url: '/api/v1/shifts', headers: ama.headers });
    expect(own.json().shifts.map((s: { id: string }) => s.id)).toEqual([amaShift.id]);
    const forged = await t.app.inject({
      url: `/api/v1/shifts?cashier_id=${kojo.userId}`,
      headers: ama.headers,
    });
    expect(forged.json().shifts.map((s: { id: string }) => s.id)).toEqual([amaShift.id]);
    expectError(
      await t.app.inject({ url: '/api/v1/shifts/differences', headers: ama.headers }),
      403,
      'FORBIDDEN',
    );

    // Ama closes hers ₵2.00 over; the manager closes Kojo's forgotten one ₵5.00 short.
    expect((await closeShift(ama, amaShift.id, { counted_cash: 5200 })).statusCode).toBe(200);
    const forgotten = await closeShift(manager, kojoShift.id, {
      counted_cash: 4500,
      note: 'Left without closing',
    });
    expect(forgotten.statusCode).toBe(200);
    expect(forgotten.json().shift.closed_by_name).not.toBe('Kojo Mensah');

    const all = await t.app.inject({ url: '/api/v1/shifts?status=closed', headers: manager.headers });
    expect(
      all
        .json()
        .shifts.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([amaShift.id, kojoShift.id].sort());
    const differences = await t.app.inject({ url: '/api/v1/shifts/differences', headers: manager.headers });
    expect(differences.json().cashiers).toEqual([
      { cashier_id: ama.userId, cashier_name: 'Ama Darko', shifts: 1, total_over: 200, total_short: 0 },
      { cashier_id: kojo.userId, cashier_name: 'Kojo Mensah', shifts: 1, total_over: 0, total_short: 500 },
    ]);

    // Over a period: Kojo's shift closed 40 days ago is outside the last 30 days.
    await t.database.db
      .update(shifts)
      .set({ closedAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) })
      .where(eq(shifts.id, kojoShift.id));
    const lastMonth = await t.app.inject({
      url: '/api/v1/shifts/differences?days=30',
      headers: manager.headers,
    });
    expect(lastMonth.json().cashiers.map((row: { cashier_name: string }) => row.cashier_name)).toEqual([
      'Ama Darko',
    ]);
    expectError(
      await t.app.inject({ url: '/api/v1/shifts/differences?days=0', headers: manager.headers }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('never shows one business’s shift to another', async () => {
    const owner = await signedInShop(t, 'owner');
    const shift = await opened(owner);
    const stranger = await signedInShop(t, 'owner');
    expectError(await getShift(stranger, shift.id), 404, 'SHIFT_NOT_FOUND');
    expectError(await closeShift(stranger, shift.id, { counted_cash: 0 }), 404, 'SHIFT_NOT_FOUND');
    const list = await t.app.inject({ url: '/api/v1/shifts', headers: stranger.headers });
    expect(list.json().shifts).toEqual([]);
  });
});
