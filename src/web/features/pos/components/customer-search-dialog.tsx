import { UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import type { CartCustomer } from '#domain/cart.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { WhenLoaded } from '#web/components/when-loaded.tsx';
import { lazyComponent } from '#web/lib/lazy-component.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useCustomerSearch } from '../api/search-customers.ts';

// Loaded on first use (see the file).
const NewCustomerForm = lazyComponent(() =>
  import('./new-customer-form.tsx').then((module) => ({ default: module.NewCustomerForm })),
);

/** The customer picker's dialog: search by name, phone or email, or add a new customer. */
export function CustomerSearchDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (customer: CartCustomer) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <CustomerSearch onPick={onPick} />}</DialogContent>
    </Dialog>
  );
}

function CustomerSearch({ onPick }: { onPick: (customer: CartCustomer) => void }) {
  const [search, setSearch] = useState('');
  const [isCreating, setCreating] = useState(false);
  const debounced = useDebouncedValue(search, 250);
  const results = useCustomerSearch(debounced, !isCreating);

  if (isCreating) {
    return (
      <WhenLoaded
        component={NewCustomerForm}
        fallback={<p className="py-6 text-center text-muted-foreground text-sm">Loading…</p>}
      >
        <NewCustomerForm initialName={search} onCreated={onPick} onCancel={() => setCreating(false)} />
      </WhenLoaded>
    );
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
