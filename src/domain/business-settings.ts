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

/** What each permission lets a person do, in the words of Settings → Roles. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  view_reports: 'See the dashboard, transactions, reports and audit log',
  process_sales: 'Sell at the till',
  manage_products: 'Add and edit products and stock',
  manage_categories: 'Add and edit categories',
  manage_customers: 'Add and edit customers',
  manage_users: 'Manage employees',
  manage_settings: 'Change business settings',
  manage_payments: 'Set up payment providers',
  process_refunds: 'Refund and void sales without approval',
  manage_shifts: "See every shift and close a cashier's forgotten one",
};

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

// ---- Theme colours ----

export type ThemeColours = {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
};

const HEX = /^#([0-9a-f]{6})$/i;

/** WCAG relative luminance of '#rrggbb' (0 black … 1 white); null for anything else. */
export function relativeLuminance(hex: string): number | null {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** Text that reads on a colour: near-black on light colours, white on dark ones (the better WCAG contrast). */
export function readableTextOn(hex: string): string {
  const luminance = relativeLuminance(hex) ?? 0;
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / 0.05;
  return onWhite >= onBlack ? '#ffffff' : '#111827';
}

/**
 * The CSS variables the app's palette reads (styles.css), from a business's theme colours (platform §3). A
 * business still on the platform's default colours keeps the app's own palette; in dark mode only the brand
 * colours apply (a light background and dark text would make the dark theme unreadable). Anything not a
 * '#rrggbb' colour is ignored, so stored text never reaches a style sheet.
 */
export function themeCssVariables(
  colours: ThemeColours | null | undefined,
  defaults: ThemeColours,
  mode: 'light' | 'dark',
): Record<string, string> {
  if (!colours) return {};
  const valid = (hex: string) => HEX.test(hex);
  const isDefault = (Object.keys(defaults) as (keyof ThemeColours)[]).every(
    (key) => colours[key]?.toLowerCase() === defaults[key].toLowerCase(),
  );
  if (isDefault) return {};
  const variables: Record<string, string> = {};
  if (valid(colours.primary)) {
    variables['--primary'] = colours.primary;
    variables['--primary-foreground'] = readableTextOn(colours.primary);
    variables['--ring'] = colours.primary;
  }
  if (valid(colours.secondary)) {
    variables['--secondary'] = `color-mix(in oklab, ${colours.secondary} 14%, var(--card))`;
  }
  if (valid(colours.accent)) {
    variables['--accent'] = `color-mix(in oklab, ${colours.accent} 18%, var(--card))`;
  }
  if (mode === 'light') {
    if (valid(colours.background)) variables['--background'] = colours.background;
    if (valid(colours.text)) {
      variables['--foreground'] = colours.text;
      variables['--card-foreground'] = colours.text;
      variables['--popover-foreground'] = colours.text;
    }
  }
  return variables;
}
