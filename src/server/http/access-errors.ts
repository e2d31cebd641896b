import { AppError } from './errors.ts';

// The failures of access itself, shared by the access guard, the session loaders and the sign-in flows.

export const NOT_SIGNED_IN = () => new AppError('NOT_SIGNED_IN', 'Please sign in to continue.', 401);
export const MISSING_PERMISSION = () =>
  // operations §2 access guard text for a missing permission.
  new AppError('FORBIDDEN', "You don't have the required permissions to access this page.", 403);
export const BUSINESS_INACTIVE = () =>
  new AppError(
    'BUSINESS_INACTIVE',
    'This business has been deactivated. Please contact support to reactivate it.',
    403,
  );
export const ADMIN_REQUIRED = () =>
  new AppError('ADMIN_REQUIRED', 'Access denied. Admin privileges required.', 403);
export const ADMIN_ROLE_REQUIRED = (required: string, actual: string) =>
  new AppError(
    'ADMIN_ROLE_REQUIRED',
    `Access denied. This needs the ${required} role; you are ${actual}.`,
    403,
  );
export const FEATURE_TURNED_OFF = (label: string) =>
  new AppError('FEATURE_TURNED_OFF', `${label} is turned off for this business.`, 403);
