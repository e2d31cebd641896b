import { useId } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** The optional reason of a refund or void (kept on the sale and in the audit log; 200 characters at most). */
export function ReasonField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (reason: string) => void;
  placeholder: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Reason (optional)</Label>
      <Input
        id={id}
        value={value}
        maxLength={200}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
