import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  inet,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export type ThemeColors = {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
};

// platform §3 Business.
export const businesses = pgTable('businesses', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  email: text('email'),
  phone: text('phone'),
  address: text('address').notNull().default(''),
  contactPerson: text('contact_person'),
  currency: text('currency').notNull().default('GHS'),
  timezone: text('timezone').notNull().default('Africa/Accra'),
  themeColors: jsonb('theme_colors').$type<ThemeColors>().notNull(),
  subscriptionTier: text('subscription_tier', { enum: ['basic', 'premium', 'enterprise'] })
    .notNull()
    .default('basic'),
  isActive: boolean('is_active').notNull().default(true),
  logoUrl: text('logo_url'),
  businessDescription: text('business_description'),
  businessType: text('business_type'),
  operatingHours: text('operating_hours'),
  taxId: text('tax_id'),
  receiptFooter: text('receipt_footer'),
  posFeatures: text('pos_features')
    .array()
    .notNull()
    .default(sql`'{inventory_management,customer_management}'`),
  /** The largest discount, in percent of a line and of a sale, given without approval (migration 0064). */
  discountLimitPercent: integer('discount_limit_percent').notNull().default(10),
  /** Settings → Tax (migration 0140): shelf prices hold the tax; and the rate a new product starts with. */
  pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
  defaultTaxRate: numeric('default_tax_rate', { precision: 5, scale: 2 }).notNull().default('12.5'),
  /** Settings → Receipts: paper width and what to show, read through readReceiptSettings (#domain). */
  receiptSettings: jsonb('receipt_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Settings → Roles: permissions per adjustable role, read through readRolePermissions (#domain). */
  rolePermissions: jsonb('role_permissions').$type<Record<string, unknown>>().notNull().default({}),
  isOnboarded: boolean('is_onboarded').notNull().default(false),
  onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// platform §3 User: a person working in one business.
export const users = pgTable(
  'users',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    fullName: text('full_name').generatedAlwaysAs(sql`btrim(first_name || ' ' || last_name)`),
    phone: text('phone'),
    role: text('role', { enum: ['owner', 'manager', 'cashier'] }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'`),
    isActive: boolean('is_active').notNull().default(true),
    createdByAdmin: boolean('created_by_admin').notNull().default(false),
    passwordHash: text('password_hash'),
    // PIN quick login (migration 0011): HMAC of (business_id, pin), never the PIN itself.
    pinHash: text('pin_hash'),
    pinExpiresAt: timestamp('pin_expires_at', { withTimezone: true }),
    isFirstLogin: boolean('is_first_login').notNull().default(false),
    // False only for an owner who signed up alone and has not yet opened the mailed link (migration 0060).
    emailVerified: boolean('email_verified').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_business_email_key').on(t.businessId, sql`lower(${t.email})`),
    index('users_business_role_idx').on(t.businessId, t.role),
    uniqueIndex('users_business_pin_key').on(t.businessId, t.pinHash).where(sql`pin_hash IS NOT NULL`),
  ],
);

// platform §3 Internal admin: the provider's own staff, separate from business users.
export const internalAdmins = pgTable(
  'internal_admins',
  {
    id: id(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['admin', 'super_admin'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('internal_admins_email_key').on(sql`lower(${t.email})`)],
);

// A signed-in browser. Only the SHA-256 of the cookie's token is kept.
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => internalAdmins.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    authMethod: text('auth_method', { enum: ['password', 'pin'] })
      .notNull()
      .default('password'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_admin_idx').on(t.adminId)],
);

// Get-started requests from the public contact page, kept for the admins (nothing is lost).
export const contactRequests = pgTable('contact_requests', {
  id: id(),
  businessName: text('business_name').notNull(),
  contactPerson: text('contact_person').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull().default(''),
  createdAt: createdAt(),
});
