import { UserPlusIcon, UserRoundIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
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
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useCustomerSearch } from '../api/search-customers.ts';

// Loaded on first use (see the file).
const NewCustomerForm = lazy(() =>
  import('./new-customer-form.tsx').then((module) => ({ default: module.NewCustomerForm })),
);

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
    return (
      <Suspense fallback={<p className="py-6 text-center text-muted-foreground text-sm">Loading…</p>}>
        <NewCustomerForm initialName={search} onCreated={onPick} onCancel={() => setCreating(false)} />
      </Suspense>
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
