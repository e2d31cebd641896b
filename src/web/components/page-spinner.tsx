import { Spinner } from './ui/spinner.tsx';

/** Full-height centred spinner for a page or a code chunk that is still on its way. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <Spinner label={label} className="size-8 text-primary" />
    </div>
  );
}
