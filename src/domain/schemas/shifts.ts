import { z } from 'zod';
import { PAYMENT_METHODS } from '../payment-methods.ts';
import { countedTotal, DENOMINATION_IDS, MAX_PIECES } from '../shifts.ts';
import { optionalText, requiredText } from './fields.ts';

// Shifts and the Z report: requests and answers. Money is integer pesewas.

/** The most one float, cash movement or count may be: ₵10,000,000 (a typo guard, like a sale's limit). */
export const MAX_DRAWER_AMOUNT = 1_000_000_000;

const pesewas = (label: string) =>
  z
    .number({ error: `${label} must be an amount in pesewas` })
    .int(`${label} must be a whole number of pesewas`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_DRAWER_AMOUNT, `${label} is too large`);

export const shiftParams = z.object({ id: z.uuid('Shift id must be a UUID') });

export const openShiftInput = z.object({
  till_id: z.uuid('Till id must be a UUID'),
  till_name: requiredText('Till name is required', 60),
  opening_float: pesewas('Opening float'),
});
export type OpenShiftInput = z.infer<typeof openShiftInput>;

export const CASH_MOVEMENT_KINDS = ['in', 'out'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

export const cashMovementInput = z.object({
  kind: z.enum(CASH_MOVEMENT_KINDS, { error: 'Choose cash in or cash out' }),
  amount: pesewas('Amount').min(1, 'Amount must be more than ₵0.00'),
  reason: requiredText('Reason is required', 200),
});
export type CashMovementInput = z.infer<typeof cashMovementInput>;

const denominationCount = z.partialRecord(
  z.enum(DENOMINATION_IDS as [string, ...string[]], { error: 'Unknown note or coin' }),
  z
    .number({ error: 'Count must be a number' })
    .int('Count must be a whole number')
    .min(0, 'Count cannot be negative')
    .max(MAX_PIECES, 'Count is too large'),
);

export const closeShiftInput = z
  .object({
    counted_cash: pesewas('Counted cash'),
    /** The note-and-coin count behind counted_cash, when the counter was used. */
    denominations: denominationCount.nullish(),
    note: optionalText(500),
  })
  .superRefine((input, ctx) => {
    if (input.denominations && countedTotal(input.denominations) !== input.counted_cash) {
      ctx.addIssue({
        code: 'custom',
        path: ['counted_cash'],
        message: 'Counted cash does not add up to the notes and coins counted',
      });
    }
  });
export type CloseShiftInput = z.infer<typeof closeShiftInput>;

export const SHIFT_STATUSES = ['open', 'closed'] as const;

export const shiftListQuery = z.object({
  status: z.enum(SHIFT_STATUSES, { error: 'Status must be open or closed' }).optional(),
  cashier_id: z.uuid('Cashier id must be a UUID').optional(),
});
export type ShiftListQuery = z.infer<typeof shiftListQuery>;

export const currentShiftQuery = z.object({ till: z.uuid('Till id must be a UUID') });

const methodLine = z.object({
  method: z.enum(PAYMENT_METHODS),
  count: z.number().int(),
  amount: z.number().int(),
});

/** A shift's money, live while it is open and as it stood at closing once it is closed. */
export const shiftFigures = z.object({
  sales_count: z.number().int(),
  sales_total: z.number().int(),
  /** Payments taken, by method (a split sale counts under each of its methods). */
  by_method: z.array(methodLine),
  cash_sales: z.number().int(),
  refunds_count: z.number().int(),
  /** Positive pesewas given back, all methods. */
  refunds_total: z.number().int(),
  cash_refunds: z.number().int(),
  voids_count: z.number().int(),
  voids_total: z.number().int(),
  cash_in: z.number().int(),
  cash_out: z.number().int(),
  expected_cash: z.number().int(),
});
export type ShiftFigures = z.infer<typeof shiftFigures>;

export const shiftSummary = z.object({
  id: z.uuid(),
  till_id: z.uuid(),
  till_name: z.string(),
  status: z.enum(SHIFT_STATUSES),
  cashier: z.object({ id: z.uuid(), name: z.string() }),
  opening_float: z.number().int(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by_name: z.string().nullable(),
  expected_cash: z.number().int().nullable(),
  counted_cash: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});
export type ShiftSummary = z.infer<typeof shiftSummary>;

export const cashMovement = z.object({
  id: z.uuid(),
  kind: z.enum(CASH_MOVEMENT_KINDS),
  amount: z.number().int(),
  reason: z.string(),
  recorded_by_name: z.string(),
  created_at: z.string(),
});
export type CashMovement = z.infer<typeof cashMovement>;

export const shiftDetail = shiftSummary.extend({
  figures: shiftFigures,
  movements: z.array(cashMovement),
  denominations: z.record(z.string(), z.number().int()).nullable(),
  close_note: z.string().nullable(),
  /** What the Z report's header prints. */
  shop: z.object({
    name: z.string(),
    header_lines: z.array(z.string()),
    timezone: z.string(),
  }),
});
export type ShiftDetail = z.infer<typeof shiftDetail>;

export const shiftResponse = z.object({ shift: shiftDetail });
export const currentShiftResponse = z.object({
  /** The signed-in person's open shift, on whichever till. */
  shift: shiftDetail.nullable(),
  /** Someone else's shift open on this till, which blocks opening one here. */
  till_taken_by: z.string().nullable(),
});
export type CurrentShiftResponse = z.infer<typeof currentShiftResponse>;
export const shiftListResponse = z.object({ shifts: z.array(shiftSummary) });
export type ShiftListResponse = z.infer<typeof shiftListResponse>;

export const cashierDifference = z.object({
  cashier_id: z.uuid(),
  cashier_name: z.string(),
  shifts: z.number().int(),
  total_over: z.number().int(),
  total_short: z.number().int(),
});
/** The periods the differences table offers, in days back from now; none is all time. */
export const DIFFERENCE_PERIODS = [7, 30, 90] as const;

export const shiftDifferencesQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(3660, 'Days must be at most 3660')
    .optional(),
});

export const shiftDifferencesResponse = z.object({ cashiers: z.array(cashierDifference) });
export type ShiftDifferencesResponse = z.infer<typeof shiftDifferencesResponse>;
