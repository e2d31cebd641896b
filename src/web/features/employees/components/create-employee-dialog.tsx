import { useState } from 'react';
import { ROLES, type Role } from '#domain/permissions.ts';
import type { PinIssued } from '#domain/schemas/employees.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateEmployee } from '../api/employees.ts';
import { pinToast, ROLE_LABELS } from './employee-bits.tsx';

type Values = { email: string; first_name: string; last_name: string; role: Role; phone: string };
const EMPTY: Values = { email: '', first_name: '', last_name: '', role: 'cashier', phone: '' };

/**
 * Create employee (operations §2, §5): email, first and last name, role (default cashier) and an optional
 * phone; the button is disabled until the three required fields are filled. Managers are not offered owner.
 */
export function CreateEmployeeDialog({
  open,
  onOpenChange,
  canMakeOwner,
  onIssued,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canMakeOwner: boolean;
  onIssued: (issued: PinIssued) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Employee</DialogTitle>
          <DialogDescription>
            We generate a six-digit PIN and email it to them. They sign in with it once at a till, then choose
            their own PIN.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <CreateEmployeeForm
            canMakeOwner={canMakeOwner}
            onDone={(issued) => {
              onIssued(issued);
              onOpenChange(false);
            }}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateEmployeeForm({
  canMakeOwner,
  onDone,
  onCancel,
}: {
  canMakeOwner: boolean;
  onDone: (issued: PinIssued) => void;
  onCancel: () => void;
}) {
  const create = useCreateEmployee();
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isFilled = Boolean(values.email.trim() && values.first_name.trim() && values.last_name.trim());
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!isFilled) return;
    setFieldErrors({});
    setFormError(null);
    try {
      const issued = await create.mutateAsync({
        email: values.email,
        first_name: values.first_name,
        last_name: values.last_name,
        role: values.role,
        ...(values.phone.trim() ? { phone: values.phone } : {}),
      });
      pinToast('Employee Created Successfully', issued);
      onDone(issued);
    } catch (error) {
      const message = actionErrorMessage(error, 'add employees', 'Failed to create employee account');
      if (isApiError(error) && error.fields) setFieldErrors(error.fields);
      setFormError(message);
      toast.error('Failed to Create Employee', { description: message });
    }
  }

  const roles = ROLES.filter((role) => canMakeOwner || role !== 'owner');
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Add employee">
      <FormField id="employee-email" label="Email *" error={fieldErrors.email}>
        <Input
          type="email"
          autoComplete="off"
          placeholder="ama@example.com"
          value={values.email}
          onChange={set('email')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="employee-first-name" label="First name *" error={fieldErrors.first_name}>
          <Input autoComplete="off" value={values.first_name} onChange={set('first_name')} />
        </FormField>
        <FormField id="employee-last-name" label="Last name *" error={fieldErrors.last_name}>
          <Input autoComplete="off" value={values.last_name} onChange={set('last_name')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="employee-role" label="Role" error={fieldErrors.role}>
          <Select
            value={values.role}
            onValueChange={(role) => setValues((v) => ({ ...v, role: role as Role }))}
          >
            <SelectTrigger id="employee-role" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {roles.map((role) => (
                <SelectItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id="employee-phone" label="Phone" optional error={fieldErrors.phone}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+233 24 123 4567"
            value={values.phone}
            onChange={set('phone')}
          />
        </FormField>
      </div>
      {formError && (
        <p role="alert" className="text-destructive text-sm">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!isFilled || create.isPending}>
          {create.isPending && <Spinner label="Creating" />}
          Create Employee
        </Button>
      </DialogFooter>
    </form>
  );
}
