import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PublicBusiness } from '#domain/schemas/contact-request.ts';
import { BusinessProvider } from '#web/lib/business-context.tsx';
import { TEST_BUSINESS } from './fixtures.ts';

export { errorResponse, jsonResponse } from './fake-api.ts';

/** A query client that does not retry, so a failure shows at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

type RenderOptions = {
  business?: PublicBusiness;
  queryClient?: QueryClient;
  /** The address opened, when it differs from the route's path (e.g. with a query string). */
  initialEntry?: string;
};

/**
 * Renders a page at `path` inside a memory router, a fresh query client and the test business (as the
 * business app does). `/` renders a marker, so a test can see that the page navigated home.
 */
export function renderPage(page: ReactNode, path: string, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '/', element: <p>Landing page</p> },
    ],
    { initialEntries: [options.initialEntry ?? path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <BusinessProvider business={options.business ?? TEST_BUSINESS}>
        <RouterProvider router={router} />
      </BusinessProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/**
 * Renders a piece of a business page (no router) with the test business and a fresh query client; the
 * providers wrap `rerender` too.
 */
export function renderInBusiness(node: ReactNode, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const business = options.business ?? TEST_BUSINESS;
  const view = render(node, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <BusinessProvider business={business}>{children}</BusinessProvider>
      </QueryClientProvider>
    ),
  });
  return { ...view, queryClient };
}
