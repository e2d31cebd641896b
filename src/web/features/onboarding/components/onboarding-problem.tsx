import { ArrowLeftIcon, type LucideIcon } from 'lucide-react';
import { BrandName } from '#web/components/brand-mark.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { forgetBusinessSlug, mainSiteUrl } from '#web/lib/tenancy.ts';

function returnToHome(): void {
  forgetBusinessSlug();
  window.location.assign(mainSiteUrl());
}

/** A page that says why the wizard cannot open, with the way back to the main site. */
export function OnboardingProblem({
  icon: Icon,
  title,
  message,
}: {
  icon: LucideIcon;
  title: string;
  message: string;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-10 bg-gradient-to-b from-secondary/60 to-background p-6">
      <BrandName />
      <div className="grid w-full max-w-md justify-items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-sm">
        <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <Icon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="font-semibold text-2xl">{title}</h1>
        <p className="text-muted-foreground">{message}</p>
        <Button size="lg" className="mt-2 w-full sm:w-auto" onClick={returnToHome}>
          <ArrowLeftIcon aria-hidden="true" />
          Return to Home
        </Button>
      </div>
    </main>
  );
}
