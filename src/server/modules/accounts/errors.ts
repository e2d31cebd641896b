import { errorCodes } from '../../http/errors.ts';

// The accounts module's expected failures, each code with its status once, in the spec's words where it has
// them (platform §5, §8).
const accountsError = errorCodes({
  ACCOUNTS_INVALID_CREDENTIALS: 401,
  ACCOUNTS_NO_ACCESS_TO_BUSINESS: 403,
  ACCOUNTS_ACCOUNT_DEACTIVATED: 403,
  ACCOUNTS_INVALID_PIN: 401,
  ACCOUNTS_PIN_EXPIRED: 401,
  ACCOUNTS_BUSINESS_NAME_TAKEN: 400,
  ACCOUNTS_BUSINESS_NAME_UNUSABLE: 400,
  ACCOUNTS_INVALID_RESET_LINK: 400,
  ACCOUNTS_INVALID_HANDOFF: 400,
  ACCOUNTS_WRONG_CURRENT_PASSWORD: 400,
  ACCOUNTS_USER_NOT_FOUND: 404,
  ACCOUNTS_SESSION_NOT_FOUND: 404,
  ACCOUNTS_EMAIL_NOT_VERIFIED: 403,
  ACCOUNTS_INVALID_VERIFICATION_LINK: 400,
});
export const ACCOUNTS_ERROR_STATUS = accountsError.statuses;

/** An error shown on one form field, in the same shape as schema failures. */
const onField = (code: Parameters<typeof accountsError>[0], field: string, message: string) =>
  accountsError(code, message, { [field]: message });

export const INVALID_CREDENTIALS = () =>
  accountsError('ACCOUNTS_INVALID_CREDENTIALS', 'Invalid email or password.');

/** platform §5 "Sign-in on a business subdomain". */
export const NO_ACCESS_TO_BUSINESS = (slug: string) =>
  accountsError(
    'ACCOUNTS_NO_ACCESS_TO_BUSINESS',
    `You don't have access to ${slug}. Please check your login credentials.`,
  );

export const ACCOUNT_DEACTIVATED = () =>
  accountsError(
    'ACCOUNTS_ACCOUNT_DEACTIVATED',
    'This account has been deactivated. Please contact the business owner.',
  );

/** platform §8 "Invalid PIN": the server's text. */
export const INVALID_PIN = () =>
  accountsError('ACCOUNTS_INVALID_PIN', 'Invalid PIN. Please check your PIN and try again.');

export const PIN_EXPIRED = () =>
  accountsError('ACCOUNTS_PIN_EXPIRED', 'This PIN has expired. Ask your manager for a new one.');

export const BUSINESS_NAME_TAKEN = () =>
  onField(
    'ACCOUNTS_BUSINESS_NAME_TAKEN',
    'businessName',
    'A business with this name already exists. Try another name.',
  );

export const BUSINESS_NAME_UNUSABLE = () =>
  onField(
    'ACCOUNTS_BUSINESS_NAME_UNUSABLE',
    'businessName',
    'This business name cannot be used for a web address. Try another name.',
  );

export const INVALID_RESET_LINK = () =>
  accountsError(
    'ACCOUNTS_INVALID_RESET_LINK',
    'This reset link is invalid or has expired. Please ask for a new one.',
  );

export const INVALID_HANDOFF = () =>
  accountsError(
    'ACCOUNTS_INVALID_HANDOFF',
    'This sign-in link is invalid or has expired. Please sign in with your email and password.',
  );

export const WRONG_CURRENT_PASSWORD = () =>
  onField('ACCOUNTS_WRONG_CURRENT_PASSWORD', 'currentPassword', 'Your current password is not correct.');

/** platform §8 'Profile update with no loaded user'. */
export const USER_NOT_FOUND = () => accountsError('ACCOUNTS_USER_NOT_FOUND', 'User not found');

export const SESSION_NOT_FOUND = () =>
  accountsError('ACCOUNTS_SESSION_NOT_FOUND', 'This session was not found or has already ended.');

export const EMAIL_NOT_VERIFIED = (email: string, isNewLinkSent: boolean) =>
  accountsError(
    'ACCOUNTS_EMAIL_NOT_VERIFIED',
    isNewLinkSent
      ? `Please verify your email address first: we have sent a new link to ${email}. Open it, then sign in.`
      : `Please verify your email address first: open the link we sent to ${email}, then sign in.`,
  );

export const INVALID_VERIFICATION_LINK = () =>
  accountsError(
    'ACCOUNTS_INVALID_VERIFICATION_LINK',
    'This verification link is invalid or has expired. Sign in to get a new one.',
  );

const deviceError = errorCodes({
  ACCOUNTS_UNTRUSTED_DEVICE: 403,
  ACCOUNTS_PASSWORD_SIGN_IN_NEEDED: 403,
  ACCOUNTS_DEVICE_NOT_FOUND: 404,
  ACCOUNTS_PIN_TAKEN: 409,
  ACCOUNTS_PASSWORD_ALREADY_SET: 409,
});
export const DEVICE_ERROR_STATUS = deviceError.statuses;

/** PIN sign-in from a browser nobody trusted as a till: told, in plain words, how a manager sets one up. */
export const UNTRUSTED_DEVICE = () =>
  deviceError(
    'ACCOUNTS_UNTRUSTED_DEVICE',
    'PIN sign-in works only on this shop\'s tills. To make this device a till, an owner or manager signs in here with their email and password, opens Employees and chooses "Trust this device as a till". Until then, sign in with your email and password.',
  );

export const PASSWORD_SIGN_IN_NEEDED = () =>
  deviceError(
    'ACCOUNTS_PASSWORD_SIGN_IN_NEEDED',
    'Sign in with your email and password (not a PIN) to trust this device as a till.',
  );

export const DEVICE_NOT_FOUND = () => deviceError('ACCOUNTS_DEVICE_NOT_FOUND', 'Till device not found');

export const PIN_TAKEN = () => {
  const message = 'This PIN is already in use in this business. Choose another.';
  return deviceError('ACCOUNTS_PIN_TAKEN', message, { pin: message });
};

export const PASSWORD_ALREADY_SET = () => {
  const message = 'You already have a password. Change it from My profile.';
  return deviceError('ACCOUNTS_PASSWORD_ALREADY_SET', message, { password: message });
};
