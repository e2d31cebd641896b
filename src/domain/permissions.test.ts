import { describe, expect, it } from 'vitest';
import { adminRoleSatisfies, hasPermissions, PERMISSIONS, permissionsOf } from './permissions.ts';

describe('role permissions', () => {
  it('gives the owner all ten permissions', () => {
    expect(permissionsOf('owner').sort()).toEqual([...PERMISSIONS].sort());
    expect(PERMISSIONS).toHaveLength(10);
  });
  it('gives the manager all but manage_settings and manage_payments', () => {
    const manager = permissionsOf('manager');
    expect(manager).toHaveLength(8);
    expect(manager).toContain('manage_shifts');
    expect(manager).not.toContain('manage_settings');
    expect(manager).not.toContain('manage_payments');
  });
  it('gives the cashier process_sales and manage_customers only', () => {
    expect(permissionsOf('cashier').sort()).toEqual(['manage_customers', 'process_sales']);
  });
  it('requires every listed permission', () => {
    expect(hasPermissions(['process_sales'], ['process_sales'])).toBe(true);
    expect(hasPermissions(['process_sales'], ['process_sales', 'view_reports'])).toBe(false);
    expect(hasPermissions([], [])).toBe(true);
  });
});

describe('admin roles', () => {
  it('lets super_admin satisfy every requirement and admin only its own', () => {
    expect(adminRoleSatisfies('super_admin', 'admin')).toBe(true);
    expect(adminRoleSatisfies('super_admin', 'super_admin')).toBe(true);
    expect(adminRoleSatisfies('admin', 'admin')).toBe(true);
    expect(adminRoleSatisfies('admin', 'super_admin')).toBe(false);
  });
});
