import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { BrandName } from '#web/components/brand-mark.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** The admin area (/admin and /admin-allowed); loaded as its own chunk. */
export function AdminRoutes() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-6">
      <BrandName />
      <Button asChild variant="outline">
        <Link to="/">
          <ArrowLeftIcon aria-hidden="true" />
          Back to home
        </Link>
      </Button>
    </main>
  );
}
