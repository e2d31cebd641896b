import { ShieldAlertIcon } from 'lucide-react';

/** platform §2 "Access guard": 'Access Denied' with the reason in the spec's words. */
export function AccessDenied({ message, title = 'Access Denied' }: { message: string; title?: string }) {
  return (
    <section
      className="flex flex-col items-center gap-3 rounded-xl border bg-card p-10 text-center"
      role="alert"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldAlertIcon className="size-6" aria-hidden="true" />
      </div>
      <h1 className="font-semibold text-xl">{title}</h1>
      <p className="max-w-sm text-muted-foreground">{message}</p>
    </section>
  );
}
