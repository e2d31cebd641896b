import { PAIRING_CODE_INVALID_MESSAGE } from '#domain/schemas/display-pairing.ts';
import { COMMON_ERROR_STATUS, errorCodes } from '../../http/errors.ts';

const displayError = errorCodes({
  ...COMMON_ERROR_STATUS,
  PAIRING_CODE_INVALID: 404,
  PAIRING_NOT_FOUND: 404,
  DISPLAY_NOT_PAIRED: 401,
});
export const DISPLAY_ERROR_STATUS = displayError.statuses;

export const PAIRING_CODE_INVALID = () =>
  displayError('PAIRING_CODE_INVALID', PAIRING_CODE_INVALID_MESSAGE, { code: PAIRING_CODE_INVALID_MESSAGE });
export const PAIRING_NOT_FOUND = () => displayError('PAIRING_NOT_FOUND', 'Display pairing not found');
export const DISPLAY_NOT_PAIRED = () =>
  displayError(
    'DISPLAY_NOT_PAIRED',
    'This display is not paired with a till. Enter the code shown on the till.',
  );
