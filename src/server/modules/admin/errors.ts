import { slugTakenMessage } from '#domain/schemas/admin.ts';
import { AppError } from '../../http/errors.ts';

// The admin module's expected failures; the texts are the spec's where it has them (platform §8).

export const INVALID_CREDENTIALS = () =>
  new AppError('ADMIN_INVALID_CREDENTIALS', 'Invalid email or password.', 401);

export const ADMIN_BUSINESS_NOT_FOUND = () =>
  new AppError('ADMIN_BUSINESS_NOT_FOUND', 'This business does not exist.', 404);

export const SLUG_TAKEN = (slug: string) =>
  new AppError('SLUG_TAKEN', slugTakenMessage(slug), 409, { name: slugTakenMessage(slug) });

export const BUSINESS_ALREADY_ONBOARDED = () =>
  new AppError(
    'BUSINESS_ALREADY_ONBOARDED',
    'Failed to send invitation: this business has already completed onboarding.',
    409,
  );

export const BUSINESS_NOT_ACTIVE = () =>
  new AppError(
    'BUSINESS_NOT_ACTIVE',
    'Failed to send invitation: activate the business before inviting its owner.',
    409,
  );

export const INVITATION_NOT_SENT = (reason: string) =>
  new AppError('INVITATION_NOT_SENT', `Failed to send invitation: ${reason}`, 502);
