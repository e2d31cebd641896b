import { UserPlusIcon, UserRoundIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import type { CartCustomer } from '#domain/cart.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CustomerSearchDialog } from './deferred-dialogs.tsx';

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
      <CustomerSearchDialog
        open={isOpen}
        onOpenChange={setOpen}
        onPick={(picked) => {
          onChange(picked);
          setOpen(false);
        }}
      />
    </div>
  );
}
