import { z } from 'zod';
import { emailField, optionalText, requiredText } from './fields.ts';

// platform §2/§5: business name, contact person, email and phone are required; the message is optional.
export const contactRequestInput = z.object({
  business_name: requiredText('Business name is required', 120, 'Business name is too long'),
  contact_person: requiredText('Contact person is required', 120, 'Contact person is too long'),
  email: emailField(),
  phone: requiredText('Phone is required', 30, 'Phone number is too long').pipe(
    z.string().regex(/^\+?[0-9 ()-]{7,}$/, 'Please enter a valid phone number'),
  ),
  message: optionalText(2000, 'Message must be at most 2000 characters'),
});
export type ContactRequestInput = z.input<typeof contactRequestInput>;
export type ContactRequest = z.output<typeof contactRequestInput>;

/**
 * What anyone may learn of a business from its address: what its public pages (business gate, sign-in,
 * reset and onboarding pages) show. Not its id, sign-in email, contact details or onboarding state; the
 * response schema drops every other field before it leaves the server.
 */
export const publicBusiness = z.object({
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  is_active: z.boolean(),
  currency: z.string(),
  timezone: z.string(),
  theme_colors: z.object({
    primary: z.string(),
    secondary: z.string(),
    accent: z.string(),
    background: z.string(),
    text: z.string(),
  }),
});
export type PublicBusiness = z.infer<typeof publicBusiness>;
