import { z } from 'zod';
import { ROLES } from '../permissions.ts';
import { emailField, requiredText } from './fields.ts';

// Employee management (operations §2, §3 Employee / PIN results, §5 Create employee, §7 procedures).

export const EMPLOYEE_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  role: 'Choose a role: cashier, manager or owner',
  phone: 'Please enter a valid phone number, e.g. +233 24 123 4567',
} as const;

const phone = z
  .string({ error: EMPLOYEE_MESSAGES.phone })
  .trim()
  .max(30, EMPLOYEE_MESSAGES.phone)
  .refine((text) => text === '' || (/^\+?[0-9 ()-]+$/.test(text) && text.replace(/\D/g, '').length >= 7), {
    message: EMPLOYEE_MESSAGES.phone,
  })
  .nullish()
  .transform((value) => value || null);

export const employeeRole = z.enum(ROLES, { error: EMPLOYEE_MESSAGES.role });

/** operations §7 create_employee_account: email, first and last name, role (default cashier), phone. */
export const employeeCreateInput = z.object({
  email: emailField(EMPLOYEE_MESSAGES.email),
  first_name: requiredText(EMPLOYEE_MESSAGES.firstName, 80, 'First name must be at most 80 characters'),
  last_name: requiredText(EMPLOYEE_MESSAGES.lastName, 80, 'Last name must be at most 80 characters'),
  role: employeeRole.default('cashier'),
  phone,
});
export type EmployeeCreateInput = z.input<typeof employeeCreateInput>;

export const employeeRoleInput = z.object({ role: employeeRole });

/**
 * A PIN's state as the table shows it: an issued PIN (mailed by a manager, single use) is active until its
 * expiry, then expired; 'own' is a PIN the person chose; 'none' reads 'No active PIN'.
 */
export const PIN_STATES = ['active', 'expired', 'own', 'none'] as const;

export const employee = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: employeeRole,
  is_active: z.boolean(),
  is_first_login: z.boolean(),
  pin_status: z.enum(PIN_STATES),
  pin_expires_at: z.iso.datetime().nullable(),
  last_login_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type Employee = z.infer<typeof employee>;

export const employeeList = z.object({ active: z.array(employee), pending: z.array(employee) });
export type EmployeeList = z.infer<typeof employeeList>;

/**
 * operations §3 PIN creation / regeneration results, with how the mail went: the PIN is shown once, to the
 * person who made it, and `email_sent` picks the toast's 'sent to' or 'generated for' (§8).
 */
export const pinIssued = z.object({
  employee,
  generated_pin: z.string(),
  pin_expires_at: z.iso.datetime(),
  email_sent: z.boolean(),
  /** 'Email service error: …' when the mail did not leave (it is retried). */
  email_error: z.string().nullable(),
});
export type PinIssued = z.infer<typeof pinIssued>;

export const employeeBody = z.object({ employee });

/** A person's own new PIN (first login, or later), and optionally a first password for email sign-in. */
export const chooseOwnPinInput = z.object({
  pin: z
    .string({ error: 'Your PIN must be exactly 6 digits' })
    .regex(/^\d{6}$/, 'Your PIN must be exactly 6 digits'),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters')
    .nullish()
    .or(z.literal('').transform(() => null)),
});
export type ChooseOwnPinInput = z.input<typeof chooseOwnPinInput>;

// Trusted till devices.
export const tillDevice = z.object({
  id: z.uuid(),
  name: z.string(),
  trusted_by_name: z.string(),
  user_agent: z.string().nullable(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
  /** Whether it is the browser making the request. */
  is_this_device: z.boolean(),
});
export type TillDevice = z.infer<typeof tillDevice>;

export const tillDeviceList = z.object({ devices: z.array(tillDevice) });

export const trustDeviceInput = z.object({
  name: requiredText(
    'Give this till a name, e.g. Front counter',
    60,
    'Device name must be at most 60 characters',
  ),
});

/** Whether this browser is a trusted till of the business of the address (the PIN screen asks first). */
export const tillDeviceStatus = z.object({ trusted: z.boolean(), name: z.string().nullable() });

/** A PIN a manager issues (new employee, regenerated) works for three days, or until the person chooses one. */
export const ISSUED_PIN_TTL_MS = 72 * 60 * 60_000;
