import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

type ParkSaleDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isSaving: boolean;
  onPark: (note: string) => void;
};

/** Puts the current cart aside with a note so the next customer can be served; it reserves no stock. */
export function ParkSaleDialog({ open, onOpenChange, isSaving, onPark }: ParkSaleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {open && <ParkForm isSaving={isSaving} onPark={onPark} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ParkForm({
  isSaving,
  onPark,
  onCancel,
}: Omit<ParkSaleDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const [note, setNote] = useState('');
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onPark(note.trim());
      }}
    >
      <DialogHeader>
        <DialogTitle>Park sale</DialogTitle>
        <DialogDescription>
          The cart is kept for the shop and can be resumed at any till. Stock is not held for it.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="park-note">
          Note <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id="park-note"
          autoFocus
          autoComplete="off"
          maxLength={200}
          placeholder="e.g. Lady in red dress, went to get money"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Parking…' : 'Park sale'}
        </Button>
      </div>
    </form>
  );
}
