import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ShiftDetail, ShiftFigures, ShiftListQuery, ShiftSummary } from '#domain/schemas/shifts.ts';
import { expectedCash } from '#domain/shifts.ts';
import type { Tx } from '../../db/client.ts';
import { payments, shiftCashMovements, shifts, transactions } from '../../db/schema/index.ts';
import type { Actor } from '../use-case.ts';
import { SHIFT_ERRORS } from './errors.ts';

export type ShiftRow = typeof shifts.$inferSelect;

/** Managers and owners see and close every shift; anyone else only their own. */
export const SEE_ALL_SHIFTS = 'manage_shifts';
export const canSeeAllShifts = (actor: Pick<Actor, 'permissions'>) =>
  actor.permissions.includes(SEE_ALL_SHIFTS);

// A sale's money counts once it is taken: completed, or completed and later refunded (the refund is its own
// row). A voided sale's money went back to the customer; a pending or failed one was never taken.
const TAKEN = ['completed', 'refunded'] as const;

/**
 * The id of the person's open shift, or null. Sales and refunds call this in their own transaction; the shared
 * lock makes a close that runs at the same moment wait for the sale (and a sale that comes after the close
 * finds no open shift), so a closed shift's figures never change afterwards.
 */
export async function openShiftIdOf(tx: Tx, businessId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.businessId, businessId), eq(shifts.cashierId, userId), isNull(shifts.closedAt)))
    .for('share');
  return row?.id ?? null;
}

/**
 * openShiftIdOf as an expression, under the same shared lock, for a statement that writes the sale itself: the
 * checkout records its shift without a round trip of its own. `userId`: the cashier, or the column that holds them.
 */
export function openShiftIdExpression(businessId: string, userId: string | SQL): SQL {
  return sql`(select ${shifts.id} from ${shifts} where ${shifts.businessId} = ${businessId}
    and ${shifts.cashierId} = ${userId} and ${shifts.closedAt} is null for share)`;
}

/** The shift's row, if the actor may see it; locked for the rest of the transaction when it is to change. */
export async function findVisibleShift(
  tx: Tx,
  businessId: string,
  actor: Actor,
  shiftId: string,
  { isLocked = false } = {},
): Promise<ShiftRow> {
  const query = tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.businessId, businessId), eq(shifts.id, shiftId)));
  const [row] = isLocked ? await query.for('update') : await query;
  if (!row || (!canSeeAllShifts(actor) && row.cashierId !== actor.userId)) throw SHIFT_ERRORS.notFound();
  return row;
}

/** A shift's money from its sales, refunds and drawer movements, as it stands now. */
export async function computeFigures(tx: Tx, businessId: string, shift: ShiftRow): Promise<ShiftFigures> {
  const inShift = and(eq(transactions.businessId, businessId), eq(transactions.shiftId, shift.id));
  const paymentJoin = and(
    eq(transactions.businessId, payments.businessId),
    eq(transactions.id, payments.transactionId),
  );
  // One after another: a transaction runs one statement at a time.
  const byMethod = await tx
    .select({
      method: payments.method,
      count: sql<number>`count(distinct ${transactions.id})::int`,
      amount: sql<number>`coalesce(sum(${payments.amount}), 0)::int`,
    })
    .from(payments)
    .innerJoin(transactions, paymentJoin)
    .where(
      and(
        inShift,
        eq(transactions.transactionType, 'sale'),
        inArray(transactions.paymentStatus, [...TAKEN]),
        eq(payments.status, 'completed'),
      ),
    )
    .groupBy(payments.method)
    .orderBy(payments.method);
  const [sales] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${transactions.totalAmount}), 0)::int`,
    })
    .from(transactions)
    .where(
      and(inShift, eq(transactions.transactionType, 'sale'), inArray(transactions.paymentStatus, [...TAKEN])),
    );
  const [voids] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${transactions.totalAmount}), 0)::int`,
    })
    .from(transactions)
    .where(
      and(inShift, eq(transactions.transactionType, 'sale'), eq(transactions.paymentStatus, 'cancelled')),
    );
  const [refunds] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(-sum(${transactions.totalAmount}), 0)::int`,
    })
    .from(transactions)
    .where(and(inShift, eq(transactions.transactionType, 'refund')));
  // Cash handed back from the drawer: the refund's cash payment row (manual MoMo goes back by phone).
  const [cashRefunds] = await tx
    .select({ total: sql<number>`coalesce(-sum(${payments.amount}), 0)::int` })
    .from(payments)
    .innerJoin(transactions, paymentJoin)
    .where(and(inShift, eq(transactions.transactionType, 'refund'), eq(payments.method, 'cash')));
  const movements = await tx
    .select({
      kind: shiftCashMovements.kind,
      total: sql<number>`coalesce(sum(${shiftCashMovements.amount}), 0)::int`,
    })
    .from(shiftCashMovements)
    .where(and(eq(shiftCashMovements.businessId, businessId), eq(shiftCashMovements.shiftId, shift.id)))
    .groupBy(shiftCashMovements.kind);
  const cashSales = byMethod.find((line) => line.method === 'cash')?.amount ?? 0;
  const cashIn = movements.find((line) => line.kind === 'in')?.total ?? 0;
  const cashOut = movements.find((line) => line.kind === 'out')?.total ?? 0;
  const cashBack = cashRefunds?.total ?? 0;
  return {
    sales_count: sales?.count ?? 0,
    sales_total: sales?.total ?? 0,
    by_method: byMethod,
    cash_sales: cashSales,
    refunds_count: refunds?.count ?? 0,
    refunds_total: refunds?.total ?? 0,
    cash_refunds: cashBack,
    voids_count: voids?.count ?? 0,
    voids_total: voids?.total ?? 0,
    cash_in: cashIn,
    cash_out: cashOut,
    expected_cash: expectedCash({
      openingFloat: shift.openingFloat,
      cashSales,
      cashRefunds: cashBack,
      cashIn,
      cashOut,
    }),
  };
}

export function toShiftSummary(row: ShiftRow): ShiftSummary {
  return {
    id: row.id,
    till_id: row.tillId,
    till_name: row.tillName,
    status: row.closedAt ? 'closed' : 'open',
    cashier: { id: row.cashierId, name: row.cashierName },
    opening_float: row.openingFloat,
    opened_at: row.openedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    closed_by_name: row.closedByName,
    expected_cash: row.expectedCash,
    counted_cash: row.countedCash,
    difference: row.difference,
  };
}

export type ShopHeader = ShiftDetail['shop'];

/** The shift with its figures (the snapshot once closed, live while open) and its cash movements. */
export async function toShiftDetail(
  tx: Tx,
  businessId: string,
  row: ShiftRow,
  shop: ShopHeader,
): Promise<ShiftDetail> {
  const figures = row.closedAt && row.figures ? row.figures : await computeFigures(tx, businessId, row);
  const movements = await tx
    .select()
    .from(shiftCashMovements)
    .where(and(eq(shiftCashMovements.businessId, businessId), eq(shiftCashMovements.shiftId, row.id)))
    .orderBy(asc(shiftCashMovements.createdAt), asc(shiftCashMovements.id));
  return {
    ...toShiftSummary(row),
    // An open shift's expected cash is live, so the till shows what the drawer should hold right now.
    expected_cash: row.expectedCash ?? figures.expected_cash,
    figures,
    movements: movements.map((movement) => ({
      id: movement.id,
      kind: movement.kind,
      amount: movement.amount,
      reason: movement.reason,
      recorded_by_name: movement.recordedByName,
      created_at: movement.createdAt.toISOString(),
    })),
    denominations: (row.denominations as Record<string, number> | null) ?? null,
    close_note: row.closeNote,
    shop,
  };
}

/** The most shifts one list shows: a shop's last few months of tills. */
export const SHIFT_LIST_LIMIT = 200;

/** Open shifts first, then the latest; a person without manage_shifts sees only their own. */
export async function listShifts(
  tx: Tx,
  businessId: string,
  actor: Actor,
  query: ShiftListQuery,
): Promise<ShiftSummary[]> {
  const conditions = [eq(shifts.businessId, businessId)];
  if (!canSeeAllShifts(actor)) conditions.push(eq(shifts.cashierId, actor.userId));
  else if (query.cashier_id) conditions.push(eq(shifts.cashierId, query.cashier_id));
  if (query.status === 'open') conditions.push(isNull(shifts.closedAt));
  if (query.status === 'closed') conditions.push(isNotNull(shifts.closedAt));
  const rows = await tx
    .select()
    .from(shifts)
    .where(and(...conditions))
    .orderBy(sql`${shifts.closedAt} IS NULL DESC`, desc(shifts.openedAt), desc(shifts.id))
    .limit(SHIFT_LIST_LIMIT);
  return rows.map(toShiftSummary);
}

/**
 * Each cashier's shifts closed since `since` (all when null): how many, and the overs and shorts added up apart
 * (they must not cancel).
 */
export async function differencesByCashier(tx: Tx, businessId: string, since: Date | null) {
  return tx
    .select({
      cashier_id: shifts.cashierId,
      cashier_name: sql<string>`(array_agg(${shifts.cashierName} ORDER BY ${shifts.closedAt} DESC))[1]`,
      shifts: sql<number>`count(*)::int`,
      total_over: sql<number>`coalesce(sum(greatest(${shifts.difference}, 0)), 0)::int`,
      total_short: sql<number>`coalesce(sum(greatest(-${shifts.difference}, 0)), 0)::int`,
    })
    .from(shifts)
    .where(
      and(
        eq(shifts.businessId, businessId),
        isNotNull(shifts.closedAt),
        since ? gte(shifts.closedAt, since) : undefined,
      ),
    )
    .groupBy(shifts.cashierId)
    .orderBy(sql`2`);
}

/** The person's open shift, and the name of whoever else has one open on this till. */
export async function findCurrentShifts(tx: Tx, businessId: string, actor: Actor, tillId: string) {
  const rows = await tx
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.businessId, businessId),
        isNull(shifts.closedAt),
        sql`(${shifts.cashierId} = ${actor.userId} OR ${shifts.tillId} = ${tillId})`,
      ),
    );
  const mine = rows.find((row) => row.cashierId === actor.userId) ?? null;
  const other = rows.find((row) => row.cashierId !== actor.userId && row.tillId === tillId) ?? null;
  return { mine, other };
}
