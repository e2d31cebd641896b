import { z } from 'zod';

// platform §2/§5: business name, contact person, email and phone are required; the message is optional.
export const contactRequestInput = z.object({
  business_name: z.string().trim().min(1, 'Business name is required').max(120, 'Business name is too long'),
  contact_person: z.string().trim().min(1, 'Contact person is required').max(120, 'Contact person is too long'),
  email: z.string().trim().min(1, 'Email is required').max(254, 'Email is too long').pipe(z.email('Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required')
    .max(30, 'Phone number is too long')
    .regex(/^\+?[0-9 ()-]{7,}$/, 'Please enter a valid phone number'),
  message: z.string().trim().max(2000, 'Message must be at most 2000 characters').optional().default(''),
});
export type ContactRequestInput = z.input<typeof contactRequestInput>;

export const publicBusiness = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  is_active: z.boolean(),
  is_onboarded: z.boolean(),
  currency: z.string(),
  timezone: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  receipt_footer: z.string().nullable(),
  tax_id: z.string().nullable(),
  pos_features: z.array(z.string()),
  theme_colors: z.object({
    primary: z.string(),
    secondary: z.string(),
    accent: z.string(),
    background: z.string(),
    text: z.string(),
  }),
});
export type PublicBusiness = z.infer<typeof publicBusiness>;
