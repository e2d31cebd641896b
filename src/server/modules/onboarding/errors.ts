import { ONBOARDING_ERROR_CODES } from '#domain/schemas/onboarding.ts';
import { errorCodes } from '../../http/errors.ts';

// platform §2 "Business onboarding" and §8; the codes tell the wizard which page to show. Each code with its
// status once.
const onboardingError = errorCodes({
  [ONBOARDING_ERROR_CODES.businessNotFound]: 404,
  [ONBOARDING_ERROR_CODES.alreadyOnboarded]: 409,
  [ONBOARDING_ERROR_CODES.invitationInvalid]: 403,
  [ONBOARDING_ERROR_CODES.invitationExpired]: 410,
  OWNER_EMAIL_TAKEN: 409,
});
export const ONBOARDING_ERROR_STATUS = onboardingError.statuses;

export const ONBOARDING_BUSINESS_NOT_FOUND = () =>
  onboardingError(
    ONBOARDING_ERROR_CODES.businessNotFound,
    "The business you're trying to access doesn't exist or is not active.",
  );

export const ALREADY_ONBOARDED = () =>
  onboardingError(
    ONBOARDING_ERROR_CODES.alreadyOnboarded,
    'This business has already been set up. Please sign in.',
  );

export const INVITATION_INVALID = () =>
  onboardingError(
    ONBOARDING_ERROR_CODES.invitationInvalid,
    'This invitation link is not valid. Open the link from your invitation email, or ask us to send a new one.',
  );

export const INVITATION_EXPIRED = () =>
  onboardingError(
    ONBOARDING_ERROR_CODES.invitationExpired,
    'This invitation has expired. Ask us to send you a new one.',
  );

export const OWNER_EMAIL_TAKEN = () =>
  onboardingError('OWNER_EMAIL_TAKEN', 'Someone in this business already uses this email.', {
    owner_email: 'Someone in this business already uses this email.',
  });
