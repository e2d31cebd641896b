import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/** The whole app for one page load; `slug` says whether this is a business or the public site. */
export function App({ slug }: { slug: string | null }) {
  const [router] = useState(() => createAppRouter(slug));
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
