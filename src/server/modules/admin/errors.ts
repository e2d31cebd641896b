import { slugTakenMessage } from '#domain/schemas/admin.ts';
import { COMMON_ERROR_STATUS, errorCodes } from '../../http/errors.ts';

// The admin module's expected failures, each code with its status once; the texts are the spec's where it has
// them (platform §8).
const adminError = errorCodes({
  ...COMMON_ERROR_STATUS,
  ADMIN_INVALID_CREDENTIALS: 401,
  ADMIN_BUSINESS_NOT_FOUND: 404,
  SLUG_TAKEN: 409,
  BUSINESS_ALREADY_ONBOARDED: 409,
  BUSINESS_NOT_ACTIVE: 409,
  INVITATION_NOT_SENT: 502,
});
export const ADMIN_ERROR_STATUS = adminError.statuses;

export const INVALID_CREDENTIALS = () =>
  adminError('ADMIN_INVALID_CREDENTIALS', 'Invalid email or password.');

export const ADMIN_BUSINESS_NOT_FOUND = () =>
  adminError('ADMIN_BUSINESS_NOT_FOUND', 'This business does not exist.');

export const SLUG_TAKEN = (slug: string) =>
  adminError('SLUG_TAKEN', slugTakenMessage(slug), { name: slugTakenMessage(slug) });

/** A business name that gives no usable web address, on the create dialog's name field. */
export const SLUG_UNUSABLE = (problem: string) => adminError('VALIDATION_FAILED', problem, { name: problem });

export const BUSINESS_ALREADY_ONBOARDED = () =>
  adminError(
    'BUSINESS_ALREADY_ONBOARDED',
    'Failed to send invitation: this business has already completed onboarding.',
  );

export const BUSINESS_NOT_ACTIVE = () =>
  adminError(
    'BUSINESS_NOT_ACTIVE',
    'Failed to send invitation: activate the business before inviting its owner.',
  );

export const INVITATION_NOT_SENT = (reason: string) =>
  adminError('INVITATION_NOT_SENT', `Failed to send invitation: ${reason}`);
