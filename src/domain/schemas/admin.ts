import { z } from 'zod';
import { SUBSCRIPTION_TIERS } from '../business.ts';
import { ADMIN_ROLES } from '../permissions.ts';
import { deriveSlug, isValidSlug, RESERVED_SLUGS } from '../slug.ts';
import { emailField, optionalText, requiredText } from './fields.ts';

// The admin area (platform §2 "Admin dashboard", §5 "Admin create business", §7 "Admin").

export const adminSignInInput = z.object({
  email: emailField(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type AdminSignInInput = z.input<typeof adminSignInInput>;
export type AdminSignIn = z.output<typeof adminSignInInput>;

export const adminProfile = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ADMIN_ROLES),
  last_login_at: z.iso.datetime().nullable(),
});
export type AdminProfile = z.infer<typeof adminProfile>;

export const ADMIN_ROLE_LABELS: Record<(typeof ADMIN_ROLES)[number], string> = {
  admin: 'Admin',
  super_admin: 'Super admin',
};

/**
 * Why a business name cannot give a web address, or null when it can (platform §5 slug derivation). Whether
 * the address is already taken only the server knows.
 */
export function slugProblem(name: string): string | null {
  const slug = deriveSlug(name);
  if (!slug) return 'The business name must contain letters or digits to make its web address.';
  if (RESERVED_SLUGS.has(slug)) return `The web address "${slug}" is reserved. Choose a different name.`;
  if (!isValidSlug(slug)) return 'This name does not make a valid web address. Choose a different name.';
  return null;
}

export const slugTakenMessage = (slug: string) =>
  `A business with the web address "${slug}" already exists. Choose a different name.`;

const phoneField = requiredText('Phone is required', 30, 'Phone number is too long').pipe(
  z.string().regex(/^\+?[0-9 ()-]{7,}$/, 'Please enter a valid phone number'),
);

// platform §5: name, contact person, email and phone are required; address and notes optional.
export const createBusinessInput = z.object({
  name: requiredText('Business name is required', 120, 'Business name must be at most 120 characters').check(
    (ctx) => {
      const problem = slugProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    },
  ),
  contact_person: requiredText('Contact person is required', 120, 'Contact person is too long'),
  email: emailField(),
  phone: phoneField,
  address: optionalText(300, 'Address must be at most 300 characters'),
  subscription_tier: z.enum(SUBSCRIPTION_TIERS, { error: 'Choose a subscription plan' }).default('basic'),
  notes: optionalText(2000, 'Notes must be at most 2000 characters'),
});
export type CreateBusinessInput = z.input<typeof createBusinessInput>;
export type CreateBusiness = z.output<typeof createBusinessInput>;

export const adminBusiness = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string(),
  contact_person: z.string().nullable(),
  subscription_tier: z.enum(SUBSCRIPTION_TIERS),
  is_active: z.boolean(),
  is_onboarded: z.boolean(),
  onboarded_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  notes: z.string().nullable(),
  last_invitation: z
    .object({ sent_at: z.iso.datetime(), sent_to: z.string(), sent_by: z.string().nullable() })
    .nullable(),
});
export type AdminBusiness = z.infer<typeof adminBusiness>;

export const businessCounts = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
});
export type BusinessCounts = z.infer<typeof businessCounts>;

export const businessListQuery = z.object({
  search: z.string().trim().max(120, 'Search is too long').default(''),
});

export const businessListResponse = z.object({
  businesses: z.array(adminBusiness),
  counts: businessCounts,
});
export type BusinessListResponse = z.infer<typeof businessListResponse>;

export const slugCheckQuery = z.object({ name: z.string().max(200).default('') });
export const slugCheckResponse = z.object({
  slug: z.string(),
  is_available: z.boolean(),
  /** Why the name cannot be used, when it cannot. */
  message: z.string().nullable(),
});
export type SlugCheck = z.infer<typeof slugCheckResponse>;

export const invitationSentResponse = z.object({
  invitation: z.object({
    id: z.uuid(),
    sent_to: z.string(),
    sent_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
  }),
  message: z.string(),
});
export type InvitationSent = z.infer<typeof invitationSentResponse>;

export const INVITATION_SENT_MESSAGE = 'Invitation email sent successfully!';

export const contactRequestRow = z.object({
  id: z.uuid(),
  business_name: z.string(),
  contact_person: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  created_at: z.iso.datetime(),
});
export type ContactRequestRow = z.infer<typeof contactRequestRow>;

export const contactRequestListResponse = z.object({ contact_requests: z.array(contactRequestRow) });

/** Who has access to the admin area (super_admin only). */
export const internalAdminRow = adminProfile.extend({
  is_active: z.boolean(),
  created_at: z.iso.datetime(),
});
export type InternalAdminRow = z.infer<typeof internalAdminRow>;
export const internalAdminListResponse = z.object({ admins: z.array(internalAdminRow) });
