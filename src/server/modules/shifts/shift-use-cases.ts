import { and, eq, isNull } from 'drizzle-orm';
import { formatCedis } from '#domain/money.ts';
import type { CashMovementInput, CloseShiftInput, OpenShiftInput } from '#domain/schemas/shifts.ts';
import { cashDifference, describeDifference } from '#domain/shifts.ts';
import type { Tx } from '../../db/client.ts';
import { shiftCashMovements, shifts } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { publishEvent } from '../events/index.ts';
import type { Actor, UseCaseRequest } from '../use-case.ts';
import { SHIFT_ERRORS } from './errors.ts';
import { computeFigures, findVisibleShift, type ShiftRow } from './queries.ts';

/** Every screen of the business showing shifts (the Shifts page, the tills) hears of the change at commit. */
function announce(tx: Tx, businessId: string, shiftId: string, status: 'open' | 'closed') {
  return publishEvent(tx, {
    businessId,
    scope: { kind: 'business' },
    type: 'shift.changed',
    data: { shift_id: shiftId, status },
  });
}

const fullName = (actor: Pick<Actor, 'firstName' | 'lastName'>) =>
  `${actor.firstName} ${actor.lastName}`.trim();

/**
 * Opens the person's shift on a till with its opening float. One open shift per till and per person: the
 * partial unique indexes decide between two opens arriving together, and the loser is told which one won.
 */
export async function openShift(
  { businessId, actor, input }: UseCaseRequest<OpenShiftInput & { now: Date }>,
  tx: Tx,
): Promise<ShiftRow> {
  const [created] = await tx
    .insert(shifts)
    .values({
      businessId,
      tillId: input.till_id.toLowerCase(),
      tillName: input.till_name,
      cashierId: actor.userId,
      cashierName: fullName(actor),
      openingFloat: input.opening_float,
      openedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const open = await tx
      .select()
      .from(shifts)
      .where(and(eq(shifts.businessId, businessId), isNull(shifts.closedAt)));
    const mine = open.find((row) => row.cashierId === actor.userId);
    if (mine) throw SHIFT_ERRORS.alreadyOpen(mine.tillName);
    const onTill = open.find((row) => row.tillId === input.till_id.toLowerCase());
    throw SHIFT_ERRORS.tillTaken(onTill?.cashierName ?? 'another cashier');
  }
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'shift_opened',
      subject: { type: 'shift', id: created.id },
      summary: `Opened a shift on ${created.tillName} with a ${formatCedis(created.openingFloat)} float`,
      after: { till: created.tillName, opening_float: created.openingFloat },
    },
  );
  await announce(tx, businessId, created.id, 'open');
  return created;
}

/** Cash put into or taken out of an open shift's drawer, with its reason. */
export async function recordCashMovement(
  { businessId, actor, input }: UseCaseRequest<CashMovementInput & { shiftId: string; now: Date }>,
  tx: Tx,
) {
  const shift = await findVisibleShift(tx, businessId, actor, input.shiftId, { isLocked: true });
  if (shift.closedAt) throw SHIFT_ERRORS.closed();
  if (input.kind === 'out') {
    // The drawer cannot give what it does not hold (like stock, it never goes below zero).
    const { expected_cash } = await computeFigures(tx, businessId, shift);
    if (input.amount > expected_cash) throw SHIFT_ERRORS.cashOutTooLarge(expected_cash);
  }
  const [movement] = await tx
    .insert(shiftCashMovements)
    .values({
      businessId,
      shiftId: shift.id,
      kind: input.kind,
      amount: input.amount,
      reason: input.reason,
      recordedById: actor.userId,
      recordedByName: fullName(actor),
      createdAt: input.now,
    })
    .returning();
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: input.kind === 'in' ? 'shift_cash_in' : 'shift_cash_out',
      subject: { type: 'shift', id: shift.id },
      summary: `Cash ${input.kind} ${formatCedis(input.amount)} on ${shift.tillName} (${shift.cashierName}'s shift)`,
      after: { kind: input.kind, amount: input.amount },
      reason: input.reason,
    },
  );
  await announce(tx, businessId, shift.id, 'open');
  return { shift, movement };
}

/**
 * Closes an open shift with the cash counted: the figures are computed once more and kept with the shift, with
 * what was expected and the difference, so the Z report prints the same ever after. A manager or owner may
 * close a cashier's forgotten shift; the report then names who closed it.
 */
export async function closeShift(
  { businessId, actor, input }: UseCaseRequest<CloseShiftInput & { shiftId: string; now: Date }>,
  tx: Tx,
): Promise<ShiftRow> {
  const shift = await findVisibleShift(tx, businessId, actor, input.shiftId, { isLocked: true });
  if (shift.closedAt) throw SHIFT_ERRORS.closed();
  const figures = await computeFigures(tx, businessId, shift);
  const difference = cashDifference(figures.expected_cash, input.counted_cash);
  const [closed] = await tx
    .update(shifts)
    .set({
      closedAt: input.now,
      closedById: actor.userId,
      closedByName: fullName(actor),
      expectedCash: figures.expected_cash,
      countedCash: input.counted_cash,
      difference,
      denominations: input.denominations ?? null,
      closeNote: input.note ?? null,
      figures,
    })
    .where(and(eq(shifts.businessId, businessId), eq(shifts.id, shift.id), isNull(shifts.closedAt)))
    .returning();
  if (!closed) throw SHIFT_ERRORS.closed();
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'shift_closed',
      subject: { type: 'shift', id: shift.id },
      summary: `Closed ${shift.cashierName}'s shift on ${shift.tillName}: counted ${formatCedis(input.counted_cash)}, expected ${formatCedis(figures.expected_cash)}, ${describeDifference(difference).toLowerCase()}`,
      after: {
        expected_cash: figures.expected_cash,
        counted_cash: input.counted_cash,
        difference,
      },
      reason: input.note ?? null,
    },
  );
  await announce(tx, businessId, shift.id, 'closed');
  return closed;
}
