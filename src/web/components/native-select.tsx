import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** The device's own select: a wheel on phones, type-to-find on desktops, labelled like any input. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full min-w-0 cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none md:text-sm dark:bg-input/30',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        className,
      )}
      {...props}
    />
  );
}
