import { Building2Icon, CircleCheckIcon, CirclePauseIcon, type LucideIcon } from 'lucide-react';
import type { BusinessCounts } from '#domain/schemas/admin.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

const STATS: { key: keyof BusinessCounts; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'total', label: 'Total businesses', icon: Building2Icon, tone: 'bg-primary/10 text-primary' },
  {
    key: 'active',
    label: 'Active',
    icon: CircleCheckIcon,
    tone: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  },
  {
    key: 'inactive',
    label: 'Inactive',
    icon: CirclePauseIcon,
    tone: 'bg-amber-500/10 text-amber-700 dark:text-amber-400',
  },
];

/** platform §2: counts of total, active and inactive businesses. */
export function BusinessStats({ counts }: { counts: BusinessCounts | undefined }) {
  return (
    <dl className="grid grid-cols-3 gap-3 sm:gap-4">
      {STATS.map(({ key, label, icon: Icon, tone }) => (
        <div key={key} className="grid gap-2 rounded-xl border bg-card p-3 shadow-xs sm:p-5">
          <dt className="flex items-center gap-2 text-muted-foreground text-xs sm:text-sm">
            <span className={`hidden size-8 items-center justify-center rounded-lg sm:flex ${tone}`}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            {label}
          </dt>
          <dd className="font-semibold text-2xl tabular-nums sm:text-3xl">
            {counts ? counts[key] : <Skeleton className="h-8 w-12" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
