import { z } from 'zod';
import {
  BUSINESS_TYPES,
  CURRENCIES,
  DEFAULT_POS_FEATURES,
  POS_FEATURES,
  type PosFeature,
  TIMEZONES,
} from '../business.ts';
import { emailField, optionalText, requiredText } from './fields.ts';

// Business onboarding (platform §2 "Business onboarding", §3 Business, §5 "Onboarding submit", §9).

export const ONBOARDING_STEPS = ['Business information', 'Owner account', 'Business settings'] as const;

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const ONBOARDING_FAILED = 'Failed to complete onboarding';

export const POS_FEATURE_LABELS: Record<PosFeature, string> = {
  inventory_management: 'Inventory management',
  customer_management: 'Customer management',
  employee_management: 'Employee management',
  barcode_scanning: 'Barcode scanning',
  receipt_printing: 'Receipt printing',
  dual_screen_display: 'Dual-screen customer display',
  mobile_payments: 'Mobile money payments',
  loyalty_program: 'Loyalty program',
};

const optionalPhone = optionalText(30, 'Phone number is too long').refine(
  (phone) => phone === undefined || /^\+?[0-9 ()-]{10,}$/.test(phone),
  'Please enter a valid phone number',
);

const optionalUrl = optionalText(500, 'Logo URL must be at most 500 characters').refine(
  (url) => url === undefined || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(url),
  'Please enter a valid web address starting with https://',
);

/** Step 1: what the business is. */
export const onboardingBusinessFields = {
  business_description: requiredText(
    'Business description is required',
    1000,
    'Business description must be at most 1000 characters',
  ),
  business_type: z.enum(BUSINESS_TYPES, { error: 'Business type is required' }),
  address: optionalText(300, 'Address must be at most 300 characters'),
  operating_hours: optionalText(200, 'Operating hours must be at most 200 characters'),
  logo_url: optionalUrl,
};

/** Step 2: the owner's account. */
export const onboardingOwnerFields = {
  owner_full_name: requiredText('Owner full name is required', 120, 'Owner full name is too long'),
  owner_email: emailField(),
  owner_phone: optionalPhone,
  password: z
    .string({ error: PASSWORD_TOO_SHORT })
    .min(6, PASSWORD_TOO_SHORT)
    .max(200, 'Password must be at most 200 characters'),
  confirm_password: z.string({ error: PASSWORDS_DO_NOT_MATCH }),
};

/** Step 3: how the business works. */
export const onboardingSettingsFields = {
  currency: z.enum(CURRENCIES, { error: 'Choose a currency' }).default('GHS'),
  timezone: z.enum(TIMEZONES, { error: 'Choose a timezone' }).default('Africa/Accra'),
  pos_features: z
    .array(z.enum(POS_FEATURES, { error: 'Unknown POS feature' }), { error: 'Choose the POS features' })
    .max(POS_FEATURES.length)
    .transform((features) => [...new Set(features)])
    .default([...DEFAULT_POS_FEATURES]),
  tax_id: optionalText(50, 'Tax ID must be at most 50 characters'),
  receipt_footer: optionalText(500, 'Receipt footer must be at most 500 characters'),
};

export const ONBOARDING_STEP_FIELDS = [
  Object.keys(onboardingBusinessFields),
  Object.keys(onboardingOwnerFields),
  Object.keys(onboardingSettingsFields),
] as (keyof OnboardingFormValues)[][];

/** The wizard's values, all steps; the form validates a step's fields before moving on. */
export const onboardingForm = z
  .object({ ...onboardingBusinessFields, ...onboardingOwnerFields, ...onboardingSettingsFields })
  .refine((values) => values.password === values.confirm_password, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirm_password'],
    // Checked as soon as both passwords are there, whatever else is still missing.
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirm_password?: unknown };
      return typeof value?.password === 'string' && typeof value?.confirm_password === 'string';
    },
  });
export type OnboardingFormValues = z.input<typeof onboardingForm>;
export type OnboardingForm = z.output<typeof onboardingForm>;

/** What the wizard submits: its values and the invitation token from the mailed link. */
export const onboardingInput = z
  .object({
    invite: z
      .string({ error: 'The invitation link is missing' })
      .min(1, 'The invitation link is missing')
      .max(200),
    ...onboardingBusinessFields,
    ...onboardingOwnerFields,
    ...onboardingSettingsFields,
  })
  .refine((values) => values.password === values.confirm_password, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirm_password'],
  });
export type OnboardingInput = z.input<typeof onboardingInput>;
export type Onboarding = z.output<typeof onboardingInput>;

export const onboardingQuery = z.object({ invite: z.string().max(200).default('') });

/** What the wizard needs to start: the business (to show and prefill) and whom it was invited. */
export const onboardingStart = z.object({
  business: z.object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string(),
    contact_person: z.string().nullable(),
    business_description: z.string().nullable(),
    business_type: z.string().nullable(),
    operating_hours: z.string().nullable(),
    logo_url: z.string().nullable(),
    tax_id: z.string().nullable(),
    receipt_footer: z.string().nullable(),
    currency: z.string(),
    timezone: z.string(),
    pos_features: z.array(z.string()),
  }),
  invitation: z.object({ sent_to: z.string(), expires_at: z.iso.datetime() }),
});
export type OnboardingStart = z.infer<typeof onboardingStart>;

export const onboardingDone = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), full_name: z.string(), role: z.literal('owner') }),
  redirect_to: z.string(),
});
export type OnboardingDone = z.infer<typeof onboardingDone>;

/** platform §2: an existing owner goes to sign-in; these codes tell the wizard which page to show. */
export const ONBOARDING_ERROR_CODES = {
  businessNotFound: 'ONBOARDING_BUSINESS_NOT_FOUND',
  alreadyOnboarded: 'ALREADY_ONBOARDED',
  invitationInvalid: 'INVITATION_INVALID',
  invitationExpired: 'INVITATION_EXPIRED',
} as const;

/** Splits "Ama Serwaa Mensah" into first name "Ama" and last name "Serwaa Mensah". */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}
