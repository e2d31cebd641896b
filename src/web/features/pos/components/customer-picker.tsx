import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon, UserRoundIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { CartCustomer } from '#domain/cart.ts';
import { type CustomerFormValues, customerFormSchema } from '#domain/schemas/customers.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { useCreateCustomer } from '#web/lib/api/create-customer.ts';
import { showServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useCustomerSearch } from '../api/search-customers.ts';

type CustomerPickerProps = {
  customer: CartCustomer | null;
  onChange: (customer: CartCustomer | null) => void;
};

/** The sale's customer (operations §2 customer picker): search by name, phone or email, or add one. */
export function CustomerPicker({ customer, onChange }: CustomerPickerProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <div className="flex items-center justify-between gap-2">
      {customer ? (
        <>
          <span className="flex min-w-0 items-center gap-2 text-sm">
            <UserRoundIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate font-medium" data-testid="cart-customer">
              {customer.name}
            </span>
          </span>
          <span className="flex shrink-0 gap-1">
            <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
              Change
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={() => onChange(null)}
              aria-label={`Remove customer ${customer.name}`}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </span>
        </>
      ) : (
        <>
          <span className="text-muted-foreground text-sm">Walk-in customer</span>
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <UserPlusIcon aria-hidden="true" />
            Add customer
          </Button>
        </>
      )}
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogContent>
          {isOpen && (
            <CustomerSearch
              onPick={(picked) => {
                onChange(picked);
                setOpen(false);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function CustomerSearch({ onPick }: { onPick: (customer: CartCustomer) => void }) {
  const [search, setSearch] = useState('');
  const [isCreating, setCreating] = useState(false);
  const debounced = useDebouncedValue(search, 250);
  const results = useCustomerSearch(debounced, !isCreating);

  if (isCreating) {
    return <NewCustomerForm initialName={search} onCreated={onPick} onCancel={() => setCreating(false)} />;
  }
  const customers = results.data?.customers ?? [];
  return (
    <div className="grid gap-3">
      <DialogHeader>
        <DialogTitle>Customer</DialogTitle>
        <DialogDescription>Search by name, phone or email.</DialogDescription>
      </DialogHeader>
      <Input
        autoFocus
        type="search"
        aria-label="Search customers"
        placeholder="Name, phone or email"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul
        className="grid max-h-72 gap-1 overflow-y-auto"
        aria-label="Customers"
        aria-busy={results.isFetching}
      >
        {results.isError && (
          <li role="alert" className="text-destructive text-sm">
            {results.error.message}
          </li>
        )}
        {results.isSuccess && customers.length === 0 && (
          <li className="py-2 text-muted-foreground text-sm">No customers found</li>
        )}
        {customers.map((customer) => (
          <li key={customer.id}>
            <button
              type="button"
              onClick={() => onPick({ id: customer.id, name: customer.name })}
              className="grid w-full cursor-pointer rounded-md px-3 py-2 text-left outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="font-medium text-sm">{customer.name}</span>
              <span className="text-muted-foreground text-xs">
                {[customer.phone, customer.email].filter(Boolean).join(' · ') || 'No contact details'}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Button variant="outline" onClick={() => setCreating(true)}>
        <UserPlusIcon aria-hidden="true" />
        New customer
      </Button>
    </div>
  );
}

function NewCustomerForm({
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
