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

/**
 * operations §5 Deletes: 'Are you sure you want to delete "{name}"?'. Open while `name` is set; confirming
 * calls onConfirm and closes.
 */
export function ConfirmDeleteDialog({
  title,
  name,
  onConfirm,
  onClose,
}: {
  title: string;
  name: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open={name !== null} onOpenChange={(open) => open || onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to delete "{name}"?</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-white hover:bg-destructive/90"
            onClick={onConfirm}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
