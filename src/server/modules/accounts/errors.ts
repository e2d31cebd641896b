import { AppError, fieldError } from '../../http/errors.ts';

// The accounts module's expected failures, in the spec's words where it has them (platform §5, §8).

export const INVALID_CREDENTIALS = () =>
  new AppError('ACCOUNTS_INVALID_CREDENTIALS', 'Invalid email or password.', 401);

/** platform §5 "Sign-in on a business subdomain". */
export const NO_ACCESS_TO_BUSINESS = (slug: string) =>
  new AppError(
    'ACCOUNTS_NO_ACCESS_TO_BUSINESS',
    `You don't have access to ${slug}. Please check your login credentials.`,
    403,
  );

export const ACCOUNT_DEACTIVATED = () =>
  new AppError(
    'ACCOUNTS_ACCOUNT_DEACTIVATED',
    'This account has been deactivated. Please contact the business owner.',
    403,
  );

/** platform §8 "Invalid PIN": the server's text. */
export const INVALID_PIN = () =>
  new AppError('ACCOUNTS_INVALID_PIN', 'Invalid PIN. Please check your PIN and try again.', 401);

export const PIN_EXPIRED = () =>
  new AppError('ACCOUNTS_PIN_EXPIRED', 'This PIN has expired. Ask your manager for a new one.', 401);

export const BUSINESS_NAME_TAKEN = () =>
  fieldError(
    'businessName',
    'A business with this name already exists. Try another name.',
    'ACCOUNTS_BUSINESS_NAME_TAKEN',
  );

export const BUSINESS_NAME_UNUSABLE = () =>
  fieldError(
    'businessName',
    'This business name cannot be used for a web address. Try another name.',
    'ACCOUNTS_BUSINESS_NAME_UNUSABLE',
  );

export const INVALID_RESET_LINK = () =>
  new AppError(
    'ACCOUNTS_INVALID_RESET_LINK',
    'This reset link is invalid or has expired. Please ask for a new one.',
    400,
  );

export const INVALID_HANDOFF = () =>
  new AppError(
    'ACCOUNTS_INVALID_HANDOFF',
    'This sign-in link is invalid or has expired. Please sign in with your email and password.',
    400,
  );

export const WRONG_CURRENT_PASSWORD = () =>
  fieldError('currentPassword', 'Your current password is not correct.', 'ACCOUNTS_WRONG_CURRENT_PASSWORD');

/** platform §8 'Profile update with no loaded user'. */
export const USER_NOT_FOUND = () => new AppError('ACCOUNTS_USER_NOT_FOUND', 'User not found', 404);

export const SESSION_NOT_FOUND = () =>
  new AppError('ACCOUNTS_SESSION_NOT_FOUND', 'This session was not found or has already ended.', 404);

/** The name of the unique index a database error broke, if it is a unique violation (23505). */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
