import { formatCedis } from '#domain/money.ts';
import { COMMON_ERROR_STATUS, errorCodes } from '../../http/errors.ts';

// The shifts module's expected failures; the status comes from the code.
const shiftError = errorCodes({
  ...COMMON_ERROR_STATUS,
  SHIFT_NOT_FOUND: 404,
  SHIFT_ALREADY_OPEN: 409,
  TILL_SHIFT_OPEN: 409,
  SHIFT_CLOSED: 409,
  CASH_OUT_TOO_LARGE: 409,
});

export const SHIFT_ERRORS = {
  /** Also what a cashier is told about someone else's shift: it is not theirs to see. */
  notFound: () => shiftError('SHIFT_NOT_FOUND', 'Shift not found'),
  alreadyOpen: (tillName: string) =>
    shiftError(
      'SHIFT_ALREADY_OPEN',
      `You already have a shift open on ${tillName}. Close it before opening another.`,
    ),
  tillTaken: (cashierName: string) =>
    shiftError(
      'TILL_SHIFT_OPEN',
      `This till already has a shift open (${cashierName}). It must be closed before another is opened here.`,
    ),
  closed: () => shiftError('SHIFT_CLOSED', 'This shift is closed: it can no longer be changed.'),
  cashOutTooLarge: (inDrawer: number) =>
    shiftError(
      'CASH_OUT_TOO_LARGE',
      `Only ${formatCedis(Math.max(0, inDrawer))} is expected in the drawer.`,
      {
        amount: `Only ${formatCedis(Math.max(0, inDrawer))} is expected in the drawer.`,
      },
    ),
};

export const SHIFT_ERROR_STATUSES = [404, 409] as const;
