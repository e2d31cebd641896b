import { ArrowLeftIcon, StoreIcon } from 'lucide-react';
import { BrandName } from '#web/components/brand-mark.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { forgetBusinessSlug, mainSiteUrl } from '#web/lib/tenancy.ts';

/** Leaves the business context for the public site; a full load, since the mode is chosen at start-up. */
export function goToMainSite(): void {
  forgetBusinessSlug();
  window.location.assign(mainSiteUrl());
}

/** platform §2: the business named by the slug cannot be found. */
export function BusinessNotFoundPage({ slug }: { slug: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-10 bg-gradient-to-b from-secondary/60 to-background p-6">
      <BrandName />
      <div className="grid w-full max-w-md justify-items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-sm">
        <div className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <StoreIcon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="font-semibold text-2xl">Business not found</h1>
        <p className="text-muted-foreground">
          The business <strong className="break-all font-semibold text-foreground">"{slug}"</strong> could not
          be found. Check the address, or find your business from the main site.
        </p>
        <Button size="lg" className="mt-2 w-full sm:w-auto" onClick={goToMainSite}>
          <ArrowLeftIcon aria-hidden="true" />
          Go to main site
        </Button>
      </div>
    </main>
  );
}
