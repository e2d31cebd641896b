import type { LucideIcon } from 'lucide-react';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

/**
 * One summary card: a label, its figure (or a skeleton while it loads) and an optional note.
 * Nothing is cut off: two cards side by side on a 360 px phone are about 160 px wide, too narrow for
 * "₵1,234,567.89" next to an icon, so a narrow card puts its icon above the text and lets a long figure wrap.
 */
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
    <Card className="@container p-4">
      <div className="flex flex-col gap-2 @[12rem]:flex-row @[12rem]:items-center @[12rem]:gap-3">
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
          <p className="text-muted-foreground text-sm leading-snug">{label}</p>
          {value === undefined ? (
            <Skeleton className="h-7 w-20" />
          ) : (
            <p className="font-semibold text-lg tabular-nums leading-tight [overflow-wrap:anywhere] @[12rem]:text-xl">
              {value}
            </p>
          )}
          {note && <p className="text-muted-foreground text-xs">{note}</p>}
        </div>
      </div>
    </Card>
  );
}
