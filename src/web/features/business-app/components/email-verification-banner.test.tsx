import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '#domain/schemas/auth.ts';
import { jsonResponse, renderPage } from '#web/testing/render.tsx';
import { EmailVerificationBanner } from './email-verification-banner.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = (emailVerified: boolean | undefined): Me => ({
  user: {
    id: '0b0e9c2a-6f7e-4c65-9d7e-0d3c1f1f2a10',
    email: 'efua@cloth.gh',
    first_name: 'Efua',
    last_name: 'Mensah',
    full_name: 'Efua Mensah',
    phone: null,
    role: 'owner',
  },
  role: 'owner',
  permissions: [],
  business: { id: '7d4f5c62-0b5e-4a53-9b6e-2f1f8d7c9a10', name: 'Efua Cloth House', slug: 'efua' },
  email_verified: emailVerified,
  pin_choice: { due: false, issued_pin_expires_at: null },
  session: {
    id: '1c6f0c4e-58b7-4a3c-8d1e-2b6f3e9d0a11',
    auth_method: 'password',
    expires_at: new Date().toISOString(),
  },
});

describe('email verification banner', () => {
  it('says where the link went and what waits for it, and mails a new link on request', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(jsonResponse(202, { message: 'We have sent a new link to efua@cloth.gh.' }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<EmailVerificationBanner me={me(false)} />, '/app');
    const banner = screen.getByRole('status', { name: 'Confirm your email address' });
    expect(banner.textContent).toContain(
      'We sent a link to efua@cloth.gh. Until you open it, you cannot sign in again or email receipts.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Verification email sent', {
        description: 'We have sent a new link to efua@cloth.gh.',
      }),
    );
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/v1/auth/email-verification-requests');
  });

  it('shows nothing once the email is verified, or for anyone the server does not flag', () => {
    renderPage(<EmailVerificationBanner me={me(true)} />, '/app');
    expect(screen.queryByRole('status', { name: 'Confirm your email address' })).toBeNull();
    cleanup();
    renderPage(<EmailVerificationBanner me={me(undefined)} />, '/app');
    expect(screen.queryByRole('status', { name: 'Confirm your email address' })).toBeNull();
  });
});
