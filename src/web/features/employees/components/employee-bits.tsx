import type { Role } from '#domain/permissions.ts';
import type { PinIssued } from '#domain/schemas/employees.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { toast } from '#web/lib/toast.ts';

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' };

/** operations §2: owner default, manager secondary, cashier outline. */
const ROLE_BADGE = { owner: 'default', manager: 'secondary', cashier: 'outline' } as const;

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={ROLE_BADGE[role]}>{ROLE_LABELS[role]}</Badge>;
}

/**
 * The toast after a PIN was made (operations §8): 'sent to' the email when the mail left, 'generated for' the
 * person when it did not, with the mail's error.
 */
export function pinToast(title: string, issued: PinIssued) {
  const name = `${issued.employee.first_name} ${issued.employee.last_name}`.trim();
  if (issued.email_sent) {
    toast.success(title, { description: `A PIN was sent to ${issued.employee.email}.` });
  } else {
    toast.warning(title, {
      description: `A PIN was generated for ${name}, but the email could not be sent (${issued.email_error ?? 'Email service error'}). Give them the PIN shown in the table.`,
    });
  }
}
