import { ONBOARDING_ERROR_CODES } from '#domain/schemas/onboarding.ts';
import { AppError } from '../../http/errors.ts';

// platform §2 "Business onboarding" and §8; the codes tell the wizard which page to show.

export const ONBOARDING_BUSINESS_NOT_FOUND = () =>
  new AppError(
    ONBOARDING_ERROR_CODES.businessNotFound,
    "The business you're trying to access doesn't exist or is not active.",
    404,
  );

export const ALREADY_ONBOARDED = () =>
  new AppError(
    ONBOARDING_ERROR_CODES.alreadyOnboarded,
    'This business has already been set up. Please sign in.',
    409,
  );

export const INVITATION_INVALID = () =>
  new AppError(
    ONBOARDING_ERROR_CODES.invitationInvalid,
    'This invitation link is not valid. Open the link from your invitation email, or ask us to send a new one.',
    403,
  );

export const INVITATION_EXPIRED = () =>
  new AppError(
    ONBOARDING_ERROR_CODES.invitationExpired,
    'This invitation has expired. Ask us to send you a new one.',
    410,
  );

export const OWNER_EMAIL_TAKEN = () =>
  new AppError('OWNER_EMAIL_TAKEN', 'Someone in this business already uses this email.', 409, {
    owner_email: 'Someone in this business already uses this email.',
  });
