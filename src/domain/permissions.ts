// Roles and what they may do: the one definition the server enforces and the web app follows (platform §6).

export const PERMISSIONS = [
  'view_reports',
  'process_sales',
  'manage_products',
  'manage_categories',
  'manage_customers',
  'manage_users',
  'manage_settings',
  'manage_payments',
  'process_refunds',
  /** See every cashier's shifts and close a forgotten one (a cashier sees and closes only their own). */
  'manage_shifts',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'manager', 'cashier'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => p !== 'manage_settings' && p !== 'manage_payments'),
  cashier: ['process_sales', 'manage_customers'],
};

export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function hasPermissions(held: readonly string[], required: readonly Permission[]): boolean {
  return required.every((permission) => held.includes(permission));
}

export const ADMIN_ROLES = ['admin', 'super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** platform §6: super_admin satisfies every requirement; admin satisfies 'admin'. */
export function adminRoleSatisfies(actual: AdminRole, required: AdminRole): boolean {
  return actual === 'super_admin' || actual === required;
}
