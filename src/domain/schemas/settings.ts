import { z } from 'zod';
import { BUSINESS_TYPES, CURRENCIES, POS_FEATURES, TIMEZONES } from '../business.ts';
import {
  GRANTABLE_PERMISSIONS,
  RECEIPT_PAPER_WIDTHS,
  RECEIPT_SHOW_OPTIONS,
  type ReceiptShowOption,
} from '../business-settings.ts';
import { isValidTaxRate } from '../catalog/tax-rate.ts';
import { PERMISSIONS, type Permission } from '../permissions.ts';
import { emailField, optionalText, requiredText } from './fields.ts';
import { onboardingBusinessFields, onboardingSettingsFields } from './onboarding.ts';

// Settings → Business, Tax, Receipts and Roles (issue 16). The profile reuses the onboarding wizard's fields
// (platform §3, §5), so a business reads the same rules whether it is set up or edited.

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const colour = (label: string) =>
  z
    .string({ error: `${label} colour is required` })
    .trim()
    .regex(HEX_COLOUR, `${label} colour must be a colour like #3b82f6`)
    .transform((value) => value.toLowerCase());

export const themeColorsInput = z.object({
  primary: colour('Primary'),
  secondary: colour('Secondary'),
  accent: colour('Accent'),
  background: colour('Background'),
  text: colour('Text'),
});

const optionalPhone = optionalText(30, 'Phone number is too long').refine(
  (phone) => phone === undefined || /^\+?[0-9 ()-]{10,}$/.test(phone),
  'Please enter a valid phone number',
);

export const businessProfileInput = z.object({
  // platform §5: a business name is at least 2 characters.
  name: requiredText('Business name must be at least 2 characters', 120, 'Business name is too long').refine(
    (name) => name.length >= 2,
    'Business name must be at least 2 characters',
  ),
  contact_person: optionalText(120, 'Contact person is too long'),
  // Optional: blank (or null) is no email; anything else must be one.
  email: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    emailField().optional(),
  ),
  phone: optionalPhone,
  address: onboardingBusinessFields.address,
  logo_url: onboardingBusinessFields.logo_url,
  business_description: optionalText(1000, 'Business description must be at most 1000 characters'),
  business_type: z.enum(BUSINESS_TYPES, { error: 'Choose a business type' }).nullish(),
  operating_hours: onboardingBusinessFields.operating_hours,
  tax_id: onboardingSettingsFields.tax_id,
  receipt_footer: onboardingSettingsFields.receipt_footer,
  currency: z.enum(CURRENCIES, { error: 'Choose a currency' }),
  timezone: z.enum(TIMEZONES, { error: 'Choose a timezone' }),
  theme_colors: themeColorsInput,
  pos_features: z
    .array(z.enum(POS_FEATURES, { error: 'Unknown POS feature' }), { error: 'Choose the POS features' })
    .max(POS_FEATURES.length)
    .transform((features) => [...new Set(features)]),
});
export type BusinessProfileInput = z.input<typeof businessProfileInput>;
export type BusinessProfile = z.output<typeof businessProfileInput>;

export const businessProfileBody = z.object({
  name: z.string(),
  slug: z.string(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string(),
  logo_url: z.string().nullable(),
  business_description: z.string().nullable(),
  business_type: z.string().nullable(),
  operating_hours: z.string().nullable(),
  tax_id: z.string().nullable(),
  receipt_footer: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
  theme_colors: z.object({
    primary: z.string(),
    secondary: z.string(),
    accent: z.string(),
    background: z.string(),
    text: z.string(),
  }),
  pos_features: z.array(z.string()),
});
export type BusinessProfileBody = z.infer<typeof businessProfileBody>;

export const TAX_RATE_MESSAGE = 'Tax rate must be between 0 and 100';

export const taxSettingsInput = z.object({
  prices_include_tax: z.boolean({ error: 'Choose how prices are entered' }),
  // operations §9: 0 to 100 with at most two decimals, like a product's own rate.
  default_tax_rate: z
    .number({ error: TAX_RATE_MESSAGE })
    .refine((rate) => isValidTaxRate(rate), TAX_RATE_MESSAGE),
});
export type TaxSettings = z.infer<typeof taxSettingsInput>;

export const receiptSettingsInput = z.object({
  paper_width: z.enum(RECEIPT_PAPER_WIDTHS, { error: 'Choose 80 mm or 58 mm paper' }),
  ...(Object.fromEntries(
    RECEIPT_SHOW_OPTIONS.map((option) => [option, z.boolean({ error: 'Choose whether to show it' })]),
  ) as Record<ReceiptShowOption, z.ZodBoolean>),
});
export type ReceiptSettingsInput = z.infer<typeof receiptSettingsInput>;

const permissionSchema = z.enum(PERMISSIONS);
const grantable = z.enum(GRANTABLE_PERMISSIONS as [Permission, ...Permission[]], {
  error: 'Only the owner may hold this permission',
});
const rolePermissionList = z
  .array(grantable, { error: 'Choose the permissions' })
  .max(GRANTABLE_PERMISSIONS.length)
  .transform((list) => GRANTABLE_PERMISSIONS.filter((permission) => list.includes(permission)));
/** Managers' and cashiers' permissions (ADJUSTABLE_ROLES); the owner's are fixed. */
export const rolePermissionsInput = z.object({ manager: rolePermissionList, cashier: rolePermissionList });
export type RolePermissionsInput = z.infer<typeof rolePermissionsInput>;

/** GET /api/v1/settings: everything the settings screen edits. */
export const settingsResponse = z.object({
  profile: businessProfileBody,
  tax: taxSettingsInput,
  receipt: receiptSettingsInput,
  roles: z.object({ manager: z.array(permissionSchema), cashier: z.array(permissionSchema) }),
  discount_limit_percent: z.number().int(),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;
