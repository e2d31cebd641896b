import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicBusiness } from '#domain/schemas/contact-request.ts';
import { BusinessProvider } from '#web/lib/business-context.tsx';
import { InterfaceVersionProvider } from '#web/lib/interface-version.tsx';
import { ThemeProvider } from '#web/lib/theme.tsx';
import { jsonResponse } from '#web/testing/render.tsx';
import { AuthPage } from './auth-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const shop: PublicBusiness = {
  name: 'Makola Fabrics',
  slug: 'makola-fabrics',
  logo_url: null,
  is_active: true,
  currency: 'GHS',
  timezone: 'Africa/Accra',
  theme_colors: {
    primary: '#3b82f6',
    secondary: '#64748b',
    accent: '#10b981',
    background: '#ffffff',
    text: '#1f2937',
  },
};

function renderAuthPage(
  path: string,
  till?: { trusted: boolean; name: string | null },
  answers: Record<string, Response> = {},
) {
  // Nobody is signed in: /me answers 401; this browser is a till or not as `till` says.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const answer = Object.entries(answers).find(([path]) => String(input).includes(path))?.[1];
      if (answer) return answer;
      return till && String(input).includes('/api/v1/auth/till-device')
        ? jsonResponse(200, till)
        : jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in' } });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/app/auth', element: <AuthPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <InterfaceVersionProvider>
          <BusinessProvider business={shop}>
            <RouterProvider router={router} />
          </BusinessProvider>
        </InterfaceVersionProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('auth page', () => {
  it('says on the form why signing in failed, not only in a passing toast', async () => {
    renderAuthPage('/app/auth', undefined, {
      '/api/v1/auth/sign-in': jsonResponse(401, {
        error: { code: 'ACCOUNTS_INVALID_CREDENTIALS', message: 'Invalid email or password.' },
      }),
    });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ama@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
  });

  it('says on the sign-in form that the reset link was sent', async () => {
    renderAuthPage('/app/auth?mode=forgot', undefined, {
      '/api/v1/auth/password-reset-requests': jsonResponse(200, { message: 'Sent' }),
    });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ama@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const sent = await screen.findByText(
      'If ama@example.com has an account here, a reset link is on its way. Check your email.',
    );
    expect(sent.getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it("is headed with the shop's name for signing in", async () => {
    renderAuthPage('/app/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Makola Fabrics' })).toBeTruthy();
  });

  it("says that creating a business account makes a NEW business, not joining the shop's", async () => {
    renderAuthPage('/app/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Create a business account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Start a new business' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Makola Fabrics' })).toBeNull();
    expect(screen.getByText('Create a new business account on Akwaaba POS')).toBeTruthy();
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('This creates a new, separate business');
    expect(note.textContent).toContain('It does not join Makola Fabrics.');
    expect(note.textContent).toContain(
      'Employees of Makola Fabrics do not sign up: their manager gives them their sign-in.',
    );
    expect(screen.getByRole('form', { name: 'Create your business account' })).toBeTruthy();
  });

  it('offers the PIN pad only on a trusted till, and tells any other browser how a till is set up', async () => {
    renderAuthPage('/app/auth?mode=pin', { trusted: false, name: null });
    expect(await screen.findByText('This device is not set up as a till')).toBeTruthy();
    expect(
      screen.getByText(/opens Employees, and under Till devices chooses "Trust this device as a till"/),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Enter your PIN')).toBeNull();
    cleanup();
    renderAuthPage('/app/auth?mode=pin', { trusted: true, name: 'Front counter' });
    expect(await screen.findByLabelText('Enter your PIN')).toBeTruthy();
    expect(screen.getByText('Till: Front counter')).toBeTruthy();
  });
});
