import type { ComponentProps } from 'react';
import { cleanPinInput, PIN_LENGTH } from '#domain/pin.ts';
import { Input } from '#web/components/ui/input.tsx';

type NewPinInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  /** Called with digits only, at most six: letters and spaces typed or pasted are dropped. */
  onValueChange: (pin: string) => void;
};

/**
 * A field for choosing a six-digit PIN (first login, My profile): hidden like a password unless `type` says
 * otherwise, the phone's number pad, and the browser's password manager told it is a new secret.
 */
export function NewPinInput({ value, onValueChange, type = 'password', ...props }: NewPinInputProps) {
  return (
    <Input
      type={type}
      inputMode="numeric"
      autoComplete="new-password"
      maxLength={PIN_LENGTH}
      className="font-mono tracking-[0.4em]"
      value={value}
      onChange={(event) => onValueChange(cleanPinInput(event.target.value))}
      {...props}
    />
  );
}
