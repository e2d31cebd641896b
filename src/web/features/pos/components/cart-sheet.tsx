import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#web/components/ui/sheet.tsx';

/** Phones and narrow tablets: the cart as a bottom sheet behind the sticky total. */
export function CartSheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom" className="h-[85dvh] gap-0 rounded-t-2xl p-0">
        <SheetTitle className="sr-only">Cart</SheetTitle>
        <SheetDescription className="sr-only">The items of this sale and its total.</SheetDescription>
        <div className="min-h-0 flex-1 pt-8">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
