import { COMMON_ERROR_STATUS, errorCodes } from '../../http/errors.ts';

// Employee management's expected failures, each code with its status once, in the spec's words where it has
// them (operations §8 "Employees").
const employeeError = errorCodes({
  ...COMMON_ERROR_STATUS,
  EMPLOYEE_NOT_FOUND: 404,
  EMPLOYEE_EMAIL_TAKEN: 409,
  EMPLOYEE_OWNER_ONLY: 403,
  EMPLOYEE_LAST_OWNER: 409,
  EMPLOYEE_NOT_YOURSELF: 409,
  EMPLOYEE_NOT_PENDING: 409,
  EMPLOYEE_INACTIVE: 409,
});
export const EMPLOYEE_ERROR_STATUS = employeeError.statuses;

export const EMPLOYEE_NOT_FOUND = () => employeeError('EMPLOYEE_NOT_FOUND', 'Employee not found');

export const EMPLOYEE_EMAIL_TAKEN = (email: string) => {
  const message = `${email} already has an account in this business`;
  return employeeError('EMPLOYEE_EMAIL_TAKEN', message, { email: message });
};

/** Managers run the staff but cannot make, promote or change an owner. */
export const OWNER_ONLY = (what: string) =>
  employeeError('EMPLOYEE_OWNER_ONLY', `Only an owner can ${what}.`);

export const LAST_OWNER = (what: string) =>
  employeeError(
    'EMPLOYEE_LAST_OWNER',
    `You cannot ${what} the last active owner. Make another employee an owner first.`,
  );

export const NOT_YOURSELF = (what: string) =>
  employeeError('EMPLOYEE_NOT_YOURSELF', `You cannot ${what} your own account.`);

export const NOT_PENDING = () =>
  employeeError(
    'EMPLOYEE_NOT_PENDING',
    'Only an employee who has not signed in yet can be removed. Deactivate this employee instead.',
  );

export const EMPLOYEE_INACTIVE = () =>
  employeeError(
    'EMPLOYEE_INACTIVE',
    'This employee is deactivated. Reactivate them before giving them a new PIN.',
  );
