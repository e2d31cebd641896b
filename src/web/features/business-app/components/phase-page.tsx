import type { LucideIcon } from 'lucide-react';

/** A page the spec schedules for a later phase: its title and the phase, as the spec words them. */
export function PhasePage({ icon: Icon, title, phase }: { icon: LucideIcon; title: string; phase: string }) {
  return (
    <section className="grid gap-6">
      <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card p-10 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <p className="font-medium text-lg">{title}</p>
        <p className="text-muted-foreground">{phase}</p>
      </div>
    </section>
  );
}
