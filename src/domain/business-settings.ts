import { PERMISSIONS, type Permission, ROLE_PERMISSIONS, type Role } from './permissions.ts';

// Business settings that change how the till, receipts and access behave (issue 16 "Settings"). Pure: the server
// stores what the owner chose, and reads it back through these functions so that a row written by an older
// version (missing keys, an unknown permission) still reads as something sensible.

// ---- Receipts ----

export const RECEIPT_PAPER_WIDTHS = ['80', '58'] as const;
export type ReceiptPaperWidth = (typeof RECEIPT_PAPER_WIDTHS)[number];

/** What a printed receipt may show, each one a switch in Settings → Receipts. */
export const RECEIPT_SHOW_OPTIONS = [
  'show_logo',
  'show_address',
  'show_phone',
  'show_tax_id',
  'show_cashier',
  'show_customer',
  'show_item_tax',
  'show_footer',
  'show_barcode',
] as const;
export type ReceiptShowOption = (typeof RECEIPT_SHOW_OPTIONS)[number];

export const RECEIPT_SHOW_LABELS: Record<ReceiptShowOption, string> = {
  show_logo: 'Logo',
  show_address: 'Address',
  show_phone: 'Phone number',
  show_tax_id: 'Tax ID',
  show_cashier: 'Cashier name',
  show_customer: 'Customer name',
  show_item_tax: 'Tax on each item',
  show_footer: 'Receipt footer',
  show_barcode: 'Receipt number barcode',
};

export type ReceiptSettings = { paper_width: ReceiptPaperWidth } & Record<ReceiptShowOption, boolean>;

/** What receipts showed before there were settings: everything, on 80 mm paper. */
export const DEFAULT_RECEIPT_SETTINGS: ReceiptSettings = {
  paper_width: '80',
  show_logo: true,
  show_address: true,
  show_phone: true,
  show_tax_id: true,
  show_cashier: true,
  show_customer: true,
  show_item_tax: true,
  show_footer: true,
  show_barcode: true,
};

/** The stored settings over the defaults; anything unknown or of the wrong type is ignored. */
export function readReceiptSettings(stored: unknown): ReceiptSettings {
  const source = isRecord(stored) ? stored : {};
  const settings: ReceiptSettings = { ...DEFAULT_RECEIPT_SETTINGS };
  if (source.paper_width === '58' || source.paper_width === '80') settings.paper_width = source.paper_width;
  for (const option of RECEIPT_SHOW_OPTIONS) {
    if (typeof source[option] === 'boolean') settings[option] = source[option];
  }
  return settings;
}

// ---- Roles ----

/**
 * Permissions only the owner holds, whatever the role settings say: whoever holds manage_settings could grant
 * themselves anything (it includes these role settings), and manage_payments routes the shop's money.
 */
export const OWNER_ONLY_PERMISSIONS: readonly Permission[] = ['manage_settings', 'manage_payments'];

/** The roles whose permissions the owner adjusts; the owner's own are fixed (all of them). */
export const ADJUSTABLE_ROLES = ['manager', 'cashier'] as const;
export type AdjustableRole = (typeof ADJUSTABLE_ROLES)[number];

/** Permissions the owner may give or take from managers and cashiers. */
export const GRANTABLE_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter(
  (permission) => !OWNER_ONLY_PERMISSIONS.includes(permission),
);

export type RolePermissions = Record<AdjustableRole, Permission[]>;

export function defaultRolePermissions(): RolePermissions {
  return {
    manager: ROLE_PERMISSIONS.manager.filter(isGrantable),
    cashier: ROLE_PERMISSIONS.cashier.filter(isGrantable),
  };
}

function isGrantable(permission: string): permission is Permission {
  return (GRANTABLE_PERMISSIONS as readonly string[]).includes(permission);
}

/**
 * The business's permissions per adjustable role: the stored list for a role that has one (unknown and
 * owner-only permissions dropped, in the canonical order), the defaults for a role that has none.
 */
export function readRolePermissions(stored: unknown): RolePermissions {
  const source = isRecord(stored) ? stored : {};
  const defaults = defaultRolePermissions();
  const read = (role: AdjustableRole): Permission[] => {
    const list = source[role];
    if (!Array.isArray(list)) return defaults[role];
    return GRANTABLE_PERMISSIONS.filter((permission) => list.includes(permission));
  };
  return { manager: read('manager'), cashier: read('cashier') };
}

/** What a person of `role` may do in a business with these stored role settings. The owner holds everything. */
export function permissionsForRole(role: Role, storedRolePermissions: unknown): Permission[] {
  if (role === 'owner') return [...PERMISSIONS];
  return readRolePermissions(storedRolePermissions)[role];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
