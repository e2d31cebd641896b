import { type ComponentProps, useState } from 'react';
import { parseCedis, pesewasToInput } from '#domain/money.ts';
import { Input } from '#web/components/ui/input.tsx';

type MoneyInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur' | 'type'> & {
  /** Pesewas. */
  value: number;
  /** Called with pesewas when the typed text is a valid amount and the field is left or Enter is pressed. */
  onCommit: (pesewas: number) => void;
};

/** An amount typed in cedis ('12.50'), committed in pesewas; text that is not an amount goes back. */
export function MoneyInput({ value, onCommit, ...props }: MoneyInputProps) {
  const shown = value === 0 ? '' : pesewasToInput(value);
  const [text, setText] = useState(shown);
  const [lastValue, setLastValue] = useState(value);
  // The amount changed elsewhere (a clamp, a cleared cart): show the new one.
  if (value !== lastValue) {
    setLastValue(value);
    setText(shown);
  }
  const commit = () => {
    const pesewas = text.trim() === '' ? 0 : parseCedis(text);
    if (pesewas === null) {
      setText(shown);
      return;
    }
    onCommit(pesewas);
    setText(pesewas === 0 ? '' : pesewasToInput(pesewas));
  };
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      placeholder={props.placeholder ?? '0.00'}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
        props.onKeyDown?.(event);
      }}
    />
  );
}
