import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

/** The Edit and Delete pair at the foot of a record's card, labelled with the record's name for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button variant="outline" size="sm" className="flex-1" onClick={onEdit} aria-label={`Edit ${name}`}>
        <PencilIcon aria-hidden="true" />
        Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="flex-1 text-destructive hover:text-destructive"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
    </>
  );
}
