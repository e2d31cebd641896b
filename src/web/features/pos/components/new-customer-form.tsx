import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { CartCustomer } from '#domain/cart.ts';
import { type CustomerFormValues, customerFormSchema } from '#domain/schemas/customers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { useCreateCustomer } from '#web/lib/api/create-customer.ts';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';

// Its own module, loaded when the cashier asks for a new customer: the form library and zod are not
// needed before the till can sell.
export function NewCustomerForm({
  initialName,
  onCreated,
  onCancel,
}: {
  initialName: string;
  onCreated: (customer: CartCustomer) => void;
  onCancel: () => void;
}) {
  const createCustomer = useCreateCustomer();
  const form = useForm<CustomerFormValues>({
    resolver: zodResolver(customerFormSchema),
    defaultValues: { name: initialName.trim(), phone: '', email: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    // operations §5: empty phone and email are left out of what is sent.
    const phone = values.phone.trim();
    const email = values.email.trim();
    createCustomer.mutate(
      { name: values.name.trim(), ...(phone ? { phone } : {}), ...(email ? { email } : {}) },
      {
        onSuccess: ({ customer }) => {
          toast.success('Customer created', { description: customer.name });
          onCreated({ id: customer.id, name: customer.name });
        },
        onError: (error) => {
          showServerFieldErrors(form, error, ['name', 'phone', 'email'], { shouldFocus: false });
          toast.error('Failed to create customer', {
            description: actionErrorMessage(error, 'add customers'),
          });
        },
      },
    );
  });
  return (
    <form className="grid gap-3" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>New customer</DialogTitle>
        <DialogDescription>Only the name is needed.</DialogDescription>
      </DialogHeader>
      <FormField id="new-customer-name" label="Name" error={errors.name?.message}>
        <Input autoFocus autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField id="new-customer-phone" label="Phone" optional error={errors.phone?.message}>
        <Input type="tel" autoComplete="off" placeholder="+233 24 123 4567" {...form.register('phone')} />
      </FormField>
      <FormField id="new-customer-email" label="Email" optional error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Back
        </Button>
        <Button type="submit" disabled={createCustomer.isPending}>
          {createCustomer.isPending ? 'Saving…' : 'Save and choose'}
        </Button>
      </div>
    </form>
  );
}
