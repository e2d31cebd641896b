import { LoaderCircleIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A spinning indicator with a name for screen readers ("Loading" unless told otherwise). */
export function Spinner({
  className,
  label = 'Loading',
  ...props
}: ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircleIcon
      role="status"
      aria-label={label}
      data-slot="spinner"
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
