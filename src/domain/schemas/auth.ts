import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../permissions.ts';
import { PIN_LENGTH } from '../pin.ts';
import { emailField, requiredText } from './fields.ts';
import { receiptSettingsInput } from './settings.ts';

// Requests and responses of sign-up, sign-in, PIN, password reset, sessions and the profile (platform §5, §7).
// The server validates with these and the web forms use them as resolvers, so both show the same messages.

export const PASSWORD_MAX_LENGTH = 200;
const passwordTooLong = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

/** A password as typed: never trimmed (spaces count), at least `min` characters. */
function passwordField(min: number, message: string) {
  return z.string({ error: message }).min(min, message).max(PASSWORD_MAX_LENGTH, passwordTooLong);
}

/** platform §5 "Register form": a new password needs 8 characters. */
export const newPasswordField = () => passwordField(8, 'Password must be at least 8 characters');

function nameField(message: string) {
  return requiredText(message, 60, 'Must be at most 60 characters').pipe(z.string().min(2, message));
}

const phoneMessage = 'Please enter a valid phone number';
/** platform §5: at least 10 characters; digits with the usual separators and an optional leading +. */
export const phoneField = () =>
  requiredText(phoneMessage, 30, 'Phone number is too long').pipe(
    z
      .string()
      .min(10, phoneMessage)
      .regex(/^\+?[0-9 ()-]+$/, phoneMessage),
  );

const passwordsMatch = {
  check: (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword,
  error: { message: "Passwords don't match", path: ['confirmPassword'] },
};

// platform §5 "Register form".
export const signUpInput = z
  .object({
    firstName: nameField('First name must be at least 2 characters'),
    lastName: nameField('Last name must be at least 2 characters'),
    email: emailField(),
    phone: phoneField(),
    businessName: requiredText('Business name must be at least 2 characters', 80, 'Business name is too long')
      .pipe(z.string().min(2, 'Business name must be at least 2 characters'))
      .pipe(z.string().regex(/[a-z0-9]/i, 'Business name must contain at least one letter or digit')),
    password: newPasswordField(),
    confirmPassword: z.string({ error: "Passwords don't match" }).max(PASSWORD_MAX_LENGTH, passwordTooLong),
  })
  .refine(passwordsMatch.check, passwordsMatch.error);
export type SignUpInput = z.input<typeof signUpInput>;

export const signUpResult = z.object({
  business: z.object({ slug: z.string(), name: z.string() }),
  /**
   * Set when the new business lives on another host than the one signed up on: a single-use token the new
   * business's page exchanges for its session cookie (cookies cannot be set for another host).
   */
  handoff_token: z.string().nullable(),
});
export type SignUpResult = z.infer<typeof signUpResult>;

// platform §5 "Login form".
export const signInInput = z.object({
  email: emailField(),
  password: passwordField(6, 'Password must be at least 6 characters'),
});
export type SignInInput = z.input<typeof signInInput>;

export const PIN_MESSAGE = 'Please enter a valid 6-digit PIN';
// platform §5 "PIN": the call requires exactly 6 digits.
export const pinSignInInput = z.object({
  pin: z.string({ error: PIN_MESSAGE }).length(PIN_LENGTH, PIN_MESSAGE).regex(/^\d+$/, PIN_MESSAGE),
});
export type PinSignInInput = z.input<typeof pinSignInInput>;

export const forgotPasswordInput = z.object({ email: emailField() });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .object({
    token: z.string({ error: 'This reset link is not valid.' }).min(20).max(200),
    password: newPasswordField(),
    confirmPassword: z.string({ error: "Passwords don't match" }).max(PASSWORD_MAX_LENGTH, passwordTooLong),
  })
  .refine(passwordsMatch.check, passwordsMatch.error);
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

export const handoffInput = z.object({ token: z.string().min(20).max(200) });

/** The token of a mailed email-verification link (from the link's fragment). */
export const verifyEmailInput = z.object({
  token: z.string({ error: 'This verification link is not valid.' }).min(20).max(200),
});

export const roleSchema = z.enum(ROLES);
export const permissionSchema = z.enum(PERMISSIONS);

export const sessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUser>;

// GET /api/v1/me: who is signed in, what they may do, and where.
export const meResponse = z.object({
  user: sessionUser,
  role: roleSchema,
  permissions: z.array(permissionSchema),
  business: z.object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    /**
     * Settings every screen follows (issue 16): the theme colours applied to the app, the POS features that
     * show or hide screens, how prices are entered, the default tax rate of a new product and the receipt.
     */
    theme_colors: z
      .object({
        primary: z.string(),
        secondary: z.string(),
        accent: z.string(),
        background: z.string(),
        text: z.string(),
      })
      .optional(),
    logo_url: z.string().nullable().optional(),
    pos_features: z.array(z.string()).optional(),
    prices_include_tax: z.boolean().optional(),
    default_tax_rate: z.number().optional(),
    receipt: receiptSettingsInput.optional(),
  }),
  /** False only for a self-signed-up owner who has not opened the mailed link yet (the app shows a banner). */
  email_verified: z.boolean().optional(),
  /**
   * The person signed in with a PIN a manager issued and has not chosen their own yet: the first-login
   * screen asks for one. The issued PIN keeps working until then, or until it expires (`issued_pin_expires_at`).
   */
  pin_choice: z.object({
    due: z.boolean(),
    issued_pin_expires_at: z.iso.datetime().nullable(),
  }),
  session: z.object({
    id: z.uuid(),
    auth_method: z.enum(['password', 'pin']),
    expires_at: z.iso.datetime(),
  }),
});
export type Me = z.infer<typeof meResponse>;

// GET /api/v1/session: the same, or null when nobody is signed in here. Signed out is an answer, not an
// error, so a signed-out page asks without a 401 in the browser's console; /api/v1/me keeps its 401.
export const sessionProbeResponse = z.object({ me: meResponse.nullable() });

// platform §3 "PIN login result".
export const pinSignInResult = z.object({
  success: z.literal(true),
  user_email: z.string(),
  user_name: z.string(),
  user_role: roleSchema,
  user_id: z.uuid(),
  business_id: z.uuid(),
  is_first_login: z.boolean(),
  is_pending: z.boolean(),
  /** The PIN used was issued by a manager: the person chooses their own PIN next (it works until then). */
  must_choose_pin: z.boolean(),
  auth_type: z.literal('pin'),
  expires_at: z.iso.datetime(),
});
export type PinSignInResult = z.infer<typeof pinSignInResult>;

export const updateProfileInput = z.object({
  first_name: nameField('First name must be at least 2 characters'),
  last_name: nameField('Last name must be at least 2 characters'),
  phone: z.union([phoneField(), z.literal('').transform(() => null), z.null()]),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(PASSWORD_MAX_LENGTH, passwordTooLong),
    password: newPasswordField(),
    confirmPassword: z.string({ error: "Passwords don't match" }).max(PASSWORD_MAX_LENGTH, passwordTooLong),
  })
  .refine(passwordsMatch.check, passwordsMatch.error);
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const sessionSummary = z.object({
  id: z.uuid(),
  auth_method: z.enum(['password', 'pin']),
  created_at: z.iso.datetime(),
  last_seen_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  is_current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;
export const sessionListResponse = z.object({ sessions: z.array(sessionSummary) });
