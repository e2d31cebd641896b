import type { ReactNode } from 'react';

/**
 * A business-app page's heading: its title (the page's section is labelled by `titleId`), a line on what it
 * shows, and the page's own actions beside them (wrapping under them on a phone).
 */
export function PageHeader({
  titleId,
  title,
  description,
  actions,
}: {
  titleId: string;
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
}) {
  const heading = (
    <>
      <h1 id={titleId} className="font-semibold text-2xl tracking-tight">
        {title}
      </h1>
      <p className="text-muted-foreground">{description}</p>
    </>
  );
  if (!actions) return <header className="grid gap-1">{heading}</header>;
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="grid gap-1">{heading}</div>
      {actions}
    </header>
  );
}
