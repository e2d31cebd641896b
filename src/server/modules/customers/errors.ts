import { errorCodes } from '../../http/errors.ts';

// The customer book's expected failures, each code with its status once.
const customerError = errorCodes({ CUSTOMER_NOT_FOUND: 404, PHONE_TAKEN: 409, EMAIL_TAKEN: 409 });
export const CUSTOMER_ERROR_STATUS = customerError.statuses;

// operations §5: 'Customer not found'.
export const CUSTOMER_NOT_FOUND = () => customerError('CUSTOMER_NOT_FOUND', 'Customer not found');

export function customerContactTaken(field: 'phone' | 'email', holder: string) {
  const message =
    field === 'phone'
      ? `This phone number already belongs to ${holder}`
      : `This email address already belongs to ${holder}`;
  return customerError(field === 'phone' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN', message, { [field]: message });
}
