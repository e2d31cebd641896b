import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

// A table that fits a phone's width keeps the columns a person acts on; what the others say moves under the
// row's first cell. A module of its own, not table.tsx: that one is in the till's first chunks.

/** The class of a column a phone (below 640 px) leaves out, for its head and its cells alike. */
export const WIDE_SCREEN_COLUMN = 'hidden sm:table-cell';

/** The class of a cell whose text may wrap on a phone, so the row fits the screen's width. */
export const WRAPS_ON_PHONE = 'whitespace-normal sm:whitespace-nowrap';

/**
 * The class of a row action's words: on a phone the button shows its icon alone, and the words stay its accessible
 * name (its aria-label says whose row it is).
 */
export const ACTION_WORDS_ON_WIDE_SCREEN = 'sr-only sm:not-sr-only';

/** Under a row's first cell, on a phone only: what the columns a phone leaves out would say. */
export function TableCellPhoneDetails({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      data-slot="table-cell-phone-details"
      className={cn(
        'mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 font-normal text-muted-foreground text-xs sm:hidden',
        className,
      )}
      {...props}
    />
  );
}
