import { errorCodes } from '../../http/errors.ts';

// The public site's expected failures, each code with its status once.
const publicError = errorCodes({ BUSINESS_LOOKUP_FAILED: 404 });
export const PUBLIC_ERROR_STATUS = publicError.statuses;

/** platform §8, business access page. */
export const BUSINESS_LOOKUP_FAILED = () =>
  publicError(
    'BUSINESS_LOOKUP_FAILED',
    'Unable to access business. Please check the business name and try again.',
  );
