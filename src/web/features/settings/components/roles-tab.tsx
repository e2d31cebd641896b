import { SaveIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  ADJUSTABLE_ROLES,
  type AdjustableRole,
  OWNER_ONLY_PERMISSIONS,
  PERMISSION_LABELS,
  type RolePermissions,
} from '#domain/business-settings.ts';
import { PERMISSIONS, type Permission } from '#domain/permissions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useSaveSettings } from '../api/settings.ts';

const ROLE_LABELS: Record<AdjustableRole, string> = { manager: 'Managers', cashier: 'Cashiers' };

/**
 * Settings → Roles: which permissions managers and cashiers hold. The owner's column is fixed (all of them);
 * owner-only permissions cannot be given. A change reaches people already signed in on their next request.
 */
export function RolesTab({ roles }: { roles: RolePermissions }) {
  const save = useSaveSettings('roles');
  const [chosen, setChosen] = useState<RolePermissions>(roles);
  const toggle = (role: AdjustableRole, permission: Permission, isOn: boolean) =>
    setChosen((current) => ({
      ...current,
      [role]: isOn ? [...current[role], permission] : current[role].filter((held) => held !== permission),
    }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(chosen, {
      onSuccess: (saved) => {
        setChosen(saved.roles);
        toast.success('Role permissions saved', {
          description: 'People already signed in get them on their next action.',
        });
      },
      onError: (failure) => toast.error('Could not save', { description: failure.message }),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Role permissions">
      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg">What each role may do</h2>
          <p className="text-muted-foreground text-sm">
            The owner always holds every permission. Changing business settings and payment providers stays
            with the owner.
          </p>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">Permissions by role</caption>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Permission
                </th>
                <th scope="col" className="px-1 py-2 text-center font-medium sm:px-2">
                  Owner
                </th>
                {ADJUSTABLE_ROLES.map((role) => (
                  <th key={role} scope="col" className="px-1 py-2 text-center font-medium sm:px-2">
                    {ROLE_LABELS[role]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PERMISSIONS.map((permission) => {
                const isOwnerOnly = OWNER_ONLY_PERMISSIONS.includes(permission);
                return (
                  <tr key={permission} className="border-b last:border-0">
                    <th scope="row" className="py-2 pr-2 text-left font-normal sm:pr-3">
                      {PERMISSION_LABELS[permission]}
                      {isOwnerOnly && <span className="block text-muted-foreground text-xs">Owner only</span>}
                    </th>
                    <td className="px-1 py-2 text-center sm:px-2">
                      <Checkbox
                        checked
                        disabled
                        aria-label={`Owner: ${PERMISSION_LABELS[permission]} (always)`}
                      />
                    </td>
                    {ADJUSTABLE_ROLES.map((role) => (
                      <td key={role} className="px-1 py-2 text-center sm:px-2">
                        <Checkbox
                          checked={!isOwnerOnly && chosen[role].includes(permission)}
                          disabled={isOwnerOnly}
                          aria-label={`${ROLE_LABELS[role]}: ${PERMISSION_LABELS[permission]}`}
                          onCheckedChange={(checked) => toggle(role, permission, checked === true)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label="Saving" /> : <SaveIcon aria-hidden="true" />}
          {save.isPending ? 'Saving…' : 'Save role permissions'}
        </Button>
      </div>
    </form>
  );
}
