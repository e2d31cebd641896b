import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type Customer, type CustomerFormValues, customerFormSchema } from '#domain/schemas/customers.ts';
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
import { Spinner } from '#web/components/ui/spinner.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { useCreateCustomer } from '#web/lib/api/create-customer.ts';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdateCustomer } from '../api/customers.ts';

const FIELDS = ['name', 'phone', 'email'] as const;

type CustomerDialogProps = {
  open: boolean;
  customer: Customer | null;
  onOpenChange: (open: boolean) => void;
};

/** Add and edit a customer (operations §5): name required; phone and email optional. */
export function CustomerDialog({ open, customer, onOpenChange }: CustomerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{customer ? 'Edit Customer' : 'Add Customer'}</DialogTitle>
          <DialogDescription>
            Spending, visits and loyalty points are counted from sales; they cannot be typed in.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <CustomerForm key={customer?.id ?? 'new'} customer={customer} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CustomerForm({ customer, onDone }: { customer: Customer | null; onDone: () => void }) {
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const form = useForm<CustomerFormValues>({
    resolver: zodResolver(customerFormSchema),
    defaultValues: { name: customer?.name ?? '', phone: customer?.phone ?? '', email: customer?.email ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (customer) {
        // An emptied phone or email is cleared on an existing customer.
        await update.mutateAsync({
          id: customer.id,
          input: { name: values.name, phone: values.phone || null, email: values.email || null },
        });
        toast.success('Customer updated', { description: values.name });
      } else {
        // operations §5: empty phone and email are left out of what is sent.
        await create.mutateAsync({
          name: values.name,
          ...(values.phone ? { phone: values.phone } : {}),
          ...(values.email ? { email: values.email } : {}),
        });
        toast.success('Customer created', { description: values.name });
      }
      onDone();
    } catch (error) {
      showServerFieldErrors(form, error, FIELDS);
      toast.error(customer ? 'Failed to update customer' : 'Failed to create customer', {
        description: actionErrorMessage(error, customer ? 'edit customers' : 'add customers'),
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-label={customer ? 'Edit customer' : 'Add customer'}
    >
      <FormField id="customer-name" label="Name *" error={errors.name?.message}>
        <Input autoComplete="off" placeholder="e.g. Akosua Darko" {...form.register('name')} />
      </FormField>
      <FormField id="customer-phone" label="Phone" optional error={errors.phone?.message}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+233 24 123 4567"
          {...form.register('phone')}
        />
      </FormField>
      <FormField id="customer-email" label="Email" optional error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="off"
          placeholder="customer@example.com"
          {...form.register('email')}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner label="Saving" />}
          {customer ? 'Save changes' : 'Add Customer'}
        </Button>
      </DialogFooter>
    </form>
  );
}
