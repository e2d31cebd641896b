import type { LucideIcon } from 'lucide-react';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

/** One summary card: a label, its figure (or a skeleton while it loads) and an optional note. */
export function StatCard({
  label,
  value,
  note,
  icon: Icon,
  tone = 'default',
}: {
  label: string;
  value: string | undefined;
  note?: string;
  icon: LucideIcon;
  tone?: 'default' | 'warning';
}) {
  return (
    <Card className="flex flex-row items-center gap-3 p-4">
      <div
        className={
          tone === 'warning'
            ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-500/15 text-amber-600 dark:text-amber-400'
            : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary'
        }
      >
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <div className="grid min-w-0 gap-0.5">
        <p className="truncate text-muted-foreground text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="h-7 w-20" />
        ) : (
          <p className="truncate font-semibold text-xl tabular-nums">{value}</p>
        )}
        {note && <p className="truncate text-muted-foreground text-xs">{note}</p>}
      </div>
    </Card>
  );
}
