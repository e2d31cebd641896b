import type { ReactNode } from 'react';
import { BrandLogo } from '#web/components/brand-mark.tsx';
import { ThemeMenu } from '#web/components/theme-menu.tsx';

/** The frame of the sign-in screens: the business (or product) name over one card. */
export function AuthCard({
  heading,
  subheading,
  children,
  footer,
}: {
  heading: string;
  subheading: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 pt-16 pb-10 sm:justify-center sm:pt-10">
      <div className="fixed top-3 left-3">
        <ThemeMenu />
      </div>
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandLogo className="size-12" />
          <div>
            <h1 className="text-balance font-bold text-2xl tracking-tight">{heading}</h1>
            <p className="text-muted-foreground">{subheading}</p>
          </div>
        </div>
        <div className="rounded-2xl border bg-card p-5 shadow-sm sm:p-7">{children}</div>
        {footer && <div className="mt-5 grid gap-2 text-center text-sm">{footer}</div>}
      </div>
    </main>
  );
}
