import type { ComponentProps } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#web/components/ui/sheet.tsx';
import { SidebarContent } from './sidebar.tsx';

type SidebarProps = Omit<ComponentProps<typeof SidebarContent>, 'onNavigate'>;

/** The sidebar on a narrow screen: a sheet from the left. */
export function MobileSidebar({
  isOpen,
  onOpenChange,
  businessName,
  sidebarProps,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  businessName: string;
  sidebarProps: SidebarProps;
}) {
  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 p-0">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Pages of {businessName}</SheetDescription>
        <SidebarContent {...sidebarProps} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}

/** Signing out with sales made offline and not yet sent asks first; the sales stay on the till either way. */
export function UnsentSalesDialog({
  warning,
  onStay,
  onSignOutAnyway,
}: {
  warning: { count: number } | null;
  onStay: () => void;
  onSignOutAnyway: () => void;
}) {
  return (
    <AlertDialog open={warning !== null} onOpenChange={(open) => !open && onStay()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {warning?.count === 1 ? '1 sale not yet sent' : `${warning?.count} sales not yet sent`}
          </AlertDialogTitle>
          <AlertDialogDescription>
            Sales made offline are still on this till. Signing out keeps them here: they are sent the next
            time someone signs in on this till with a connection. Stay signed in to send them now.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Stay signed in</AlertDialogCancel>
          <AlertDialogAction onClick={onSignOutAnyway}>Sign out anyway</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
