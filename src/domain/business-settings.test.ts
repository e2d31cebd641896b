import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RECEIPT_SETTINGS,
  GRANTABLE_PERMISSIONS,
  permissionsForRole,
  readableTextOn,
  readReceiptSettings,
  readRolePermissions,
  themeCssVariables,
} from './business-settings.ts';
import { PERMISSIONS, ROLE_PERMISSIONS } from './permissions.ts';
import { receiptContent } from './receipt.ts';
import { sampleSale } from './testing/sample-sale.ts';

describe('role permissions (Settings → Roles)', () => {
  it('are the defaults of permissions.ts until the owner changes them', () => {
    expect(permissionsForRole('manager', {})).toEqual([...ROLE_PERMISSIONS.manager]);
    expect(permissionsForRole('cashier', null)).toEqual([...ROLE_PERMISSIONS.cashier]);
  });

  it('follow what the owner chose, in the canonical order, dropping unknown and owner-only permissions', () => {
    const stored = { cashier: ['manage_customers', 'process_sales', 'manage_settings', 'launch_rockets'] };
    expect(permissionsForRole('cashier', stored)).toEqual(['process_sales', 'manage_customers']);
    expect(permissionsForRole('manager', stored)).toEqual([...ROLE_PERMISSIONS.manager]);
    expect(readRolePermissions({ manager: [] }).manager).toEqual([]);
  });

  it('never change the owner, who holds every permission', () => {
    expect(permissionsForRole('owner', { owner: [] })).toEqual([...PERMISSIONS]);
    expect(GRANTABLE_PERMISSIONS).not.toContain('manage_settings');
    expect(GRANTABLE_PERMISSIONS).not.toContain('manage_payments');
  });
});

describe('receipt settings (Settings → Receipts)', () => {
  it('read as the defaults where unset or malformed', () => {
    expect(readReceiptSettings(undefined)).toEqual(DEFAULT_RECEIPT_SETTINGS);
    expect(readReceiptSettings({ paper_width: '72', show_logo: 'yes', show_phone: false })).toEqual({
      ...DEFAULT_RECEIPT_SETTINGS,
      show_phone: false,
    });
  });

  it('hide what the owner switched off, and only that', () => {
    const sale = sampleSale({ customer: { id: 'c1', name: 'Akosua Boateng', phone: null, email: null } });
    const all = receiptContent(sale);
    expect(all.headerLines).toEqual([
      '14 Oxford Street, Osu, Accra',
      'Tel: +233 24 123 4567',
      'Tax ID: C0012345678',
    ]);
    expect(all.details.map((row) => row.label)).toEqual(['Receipt', 'Date', 'Cashier', 'Customer']);
    expect(all.footer).toBe('Thank you for shopping with us!');

    const hidden = receiptContent({
      ...sale,
      business: {
        ...sale.business,
        logo_url: 'https://example.com/logo.png',
        receipt: {
          ...DEFAULT_RECEIPT_SETTINGS,
          paper_width: '58',
          show_phone: false,
          show_tax_id: false,
          show_cashier: false,
          show_customer: false,
          show_item_tax: false,
          show_footer: false,
          show_barcode: false,
        },
      },
    });
    expect(hidden.headerLines).toEqual(['14 Oxford Street, Osu, Accra']);
    expect(hidden.details.map((row) => row.label)).toEqual(['Receipt', 'Date']);
    expect(hidden.items[0]?.extras).toEqual([]);
    expect(hidden.footer).toBeNull();
    expect(hidden).toMatchObject({
      paperWidth: '58',
      showBarcode: false,
      logoUrl: 'https://example.com/logo.png',
    });
    // The figures never change with what shows.
    expect(hidden.totals).toEqual(all.totals);
  });
});

describe('theme colours as CSS variables', () => {
  const defaults = {
    primary: '#3b82f6',
    secondary: '#64748b',
    accent: '#10b981',
    background: '#ffffff',
    text: '#1f2937',
  };

  it("keep the app's own palette while a business has the platform's default colours", () => {
    expect(themeCssVariables(defaults, defaults, 'light')).toEqual({});
    expect(themeCssVariables(null, defaults, 'light')).toEqual({});
  });

  it('apply the brand colours with readable text, and the page colours only in the light theme', () => {
    const colours = { ...defaults, primary: '#aa3300', background: '#fffbeb', text: '#111111' };
    const light = themeCssVariables(colours, defaults, 'light');
    expect(light).toMatchObject({
      '--primary': '#aa3300',
      '--primary-foreground': '#ffffff',
      '--ring': '#aa3300',
      '--background': '#fffbeb',
      '--foreground': '#111111',
    });
    const dark = themeCssVariables(colours, defaults, 'dark');
    expect(dark['--primary']).toBe('#aa3300');
    expect(dark['--background']).toBeUndefined();
    expect(readableTextOn('#fde047')).toBe('#111827');
  });

  it('let nothing but #rrggbb colours reach the style sheet', () => {
    const variables = themeCssVariables(
      { ...defaults, primary: 'red; background: url(x)', text: '#12345' },
      defaults,
      'light',
    );
    expect(variables['--primary']).toBeUndefined();
    expect(variables['--foreground']).toBeUndefined();
  });
});
