/** Up to two capital letters of a person's name, for the avatar circle. */
export function initialsOf(firstName: string, lastName: string): string {
  const letters = [firstName, lastName].map((part) => part.trim().charAt(0).toUpperCase()).join('');
  return letters || '?';
}

const ROLE_LABELS: Record<string, string> = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' };

export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}
