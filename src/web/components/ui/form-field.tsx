import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Label } from './label.tsx';

type FieldControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** The field's validation message; shown under the control and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactElement<FieldControlProps>;
};

/**
 * A labelled form control with its hint and error wired up through aria-describedby and aria-invalid, so a
 * screen reader reads the message together with the field.
 */
export function FormField({ id, label, error, hint, optional = false, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
