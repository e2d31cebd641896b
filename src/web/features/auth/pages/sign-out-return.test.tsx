import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '#domain/schemas/auth.ts';
import { BusinessProvider } from '#web/lib/business-context.tsx';
import { InterfaceVersionProvider } from '#web/lib/interface-version.tsx';
import { useMe, useSignOut } from '#web/lib/session.ts';
import { ThemeProvider } from '#web/lib/theme.tsx';
import { fakeApi } from '#web/testing/fake-api.ts';
import { meFixture, TEST_BUSINESS } from '#web/testing/fixtures.ts';
import { createTestQueryClient } from '#web/testing/render.tsx';
import { AuthPage } from './auth-page.tsx';

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A signed-in page, as the app shell: who is signed in, and Sign Out. */
function SignedInPage() {
  const me = useMe().data;
  const signOut = useSignOut();
  if (!me) return null;
  return (
    <button type="button" onClick={() => signOut.mutate()}>
      Sign Out
    </button>
  );
}

/** The sign-in page and one signed-in page with Sign Out; `me` answers who is signed in right now. */
function renderTill(initialEntry: string, me: { current: Me | null }) {
  fakeApi({
    'GET /api/v1/session': () => ({ me: me.current }),
    'POST /api/v1/auth/sign-out': () => {
      me.current = null;
      return { ok: true };
    },
    'GET /api/v1/auth/till-device': () => ({ trusted: true, name: 'Front counter' }),
  });
  const router = createMemoryRouter(
    [
      { path: '/app/auth', element: <AuthPage /> },
      { path: '/app', element: <SignedInPage /> },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeProvider>
        <InterfaceVersionProvider>
          <BusinessProvider business={TEST_BUSINESS}>
            <RouterProvider router={router} />
          </BusinessProvider>
        </InterfaceVersionProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('after Sign Out', () => {
  it('a tab opened at the PIN screen by its address comes back to the PIN screen', async () => {
    // A manager, signed in with email and password, opens the till's address; the page moves on to the app.
    const router = renderTill(`/app/auth?business=${TEST_BUSINESS.slug}&mode=pin`, {
      current: meFixture('manager'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/auth'));
    expect(router.state.location.search).toBe('?mode=pin');
    expect(await screen.findByText('Till: Front counter')).toBeTruthy();
    expect(screen.getByLabelText('Enter your PIN')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
  });

  it('a PIN session ends on the PIN screen, a password session on the email and password form', async () => {
    const pinSession = meFixture('cashier');
    pinSession.session.auth_method = 'pin';
    const router = renderTill('/app', { current: pinSession });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=pin'));
    expect(await screen.findByLabelText('Enter your PIN')).toBeTruthy();
    cleanup();
    window.sessionStorage.clear(); // another tab

    const other = renderTill('/app', { current: meFixture('owner') });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(other.state.location.pathname).toBe('/app/auth'));
    expect(other.state.location.search).toBe('');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
  });
});
