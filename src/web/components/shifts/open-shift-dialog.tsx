import { useState } from 'react';
import { formatCedis } from '#domain/money.ts';
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
import { useOpenShift } from '#web/lib/api/shifts.ts';
import { serverFieldErrors } from '#web/lib/server-field-errors.ts';
import { browserStorage, readStorage, writeStorage } from '#web/lib/storage-keys.ts';
import { toast } from '#web/lib/toast.ts';
import { AmountField, amountOf } from './amount-field.tsx';

// The name this browser's till was last opened under: a device preference, like the receipt paper.
const TILL_NAME_KEY = 'pos-till-name';

/** Opening a shift on this till: its name and the float counted into the drawer. */
export function OpenShiftDialog({
  tillId,
  open,
  onOpenChange,
}: {
  tillId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [tillName, setTillName] = useState(
    () => readStorage(browserStorage('local'), TILL_NAME_KEY) || 'Main till',
  );
  const [floatText, setFloatText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const openShift = useOpenShift();

  const submit = () => {
    const float = amountOf(floatText);
    const found: Record<string, string> = {};
    if (!tillName.trim()) found.till_name = 'Till name is required';
    if (float === null) found.opening_float = 'Enter the opening float in cedis, e.g. 200 or 150.50';
    setErrors(found);
    if (float === null || Object.keys(found).length > 0) return;
    openShift.mutate(
      { till_id: tillId, till_name: tillName.trim(), opening_float: float },
      {
        onSuccess: (shift) => {
          writeStorage(browserStorage('local'), TILL_NAME_KEY, shift.till_name);
          toast.success('Shift opened', {
            description: `${shift.till_name} with a ${formatCedis(shift.opening_float)} float.`,
          });
          setFloatText('');
          onOpenChange(false);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) setErrors(fields);
          else toast.error('Shift not opened', { description: error.message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Open shift</DialogTitle>
          <DialogDescription>
            Count the cash you start with. Sales you make until you close the shift are counted in it.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField id="shift-till-name" label="Till name" error={errors.till_name}>
            <Input value={tillName} maxLength={60} onChange={(event) => setTillName(event.target.value)} />
          </FormField>
          <AmountField
            id="shift-float"
            label="Opening float (₵)"
            value={floatText}
            onChange={setFloatText}
            error={errors.opening_float}
            hint="The cash in the drawer before the first sale."
            autoFocus
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={openShift.isPending}>
              {openShift.isPending ? 'Opening…' : 'Open shift'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
