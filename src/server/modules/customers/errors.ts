import { AppError } from '../../http/errors.ts';

// operations §5: 'Customer not found'.
export const CUSTOMER_NOT_FOUND = () => new AppError('CUSTOMER_NOT_FOUND', 'Customer not found', 404);

export function customerContactTaken(field: 'phone' | 'email', holder: string): AppError {
  const message =
    field === 'phone'
      ? `This phone number already belongs to ${holder}`
      : `This email address already belongs to ${holder}`;
  return new AppError(field === 'phone' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN', message, 409, { [field]: message });
}
