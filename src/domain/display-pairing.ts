// The limits and words of pairing a customer display with a till, apart from their zod schemas
// (schemas/display-pairing.ts) so that the till reads them without loading zod.

/** A code lives this long unclaimed. */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;
/** A paired display not connected for this long must be paired again. */
export const PAIRING_IDLE_LIMIT_MS = 30 * 86_400_000;

export const PAIRING_CODE_INVALID_MESSAGE =
  'That code is not valid or has expired. Ask the cashier for a new one.';
