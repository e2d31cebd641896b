import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '#web/lib/session.ts';
import { ThemeProvider } from '#web/lib/theme.tsx';
import { fakeApi } from '#web/testing/fake-api.ts';
import { meFixture, TEST_BUSINESS } from '#web/testing/fixtures.ts';
import { createTestQueryClient, renderPage } from '#web/testing/render.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the email verification page', () => {
  it('says "confirmed" only once the signed-in person has been read again, so no page shows the old banner', async () => {
    const unverified = { ...meFixture('owner'), email_verified: false };
    const api = fakeApi({
      'POST /api/v1/auth/email-verifications': () => ({ ok: true }),
      'GET /api/v1/session': () => ({ me: unverified }),
    });
    // This browser read `me` on an earlier page, before the address was confirmed.
    const queryClient = createTestQueryClient();
    await queryClient.prefetchQuery(meQuery(TEST_BUSINESS.slug));
    api.on('GET /api/v1/session', () => ({ me: { ...unverified, email_verified: true } }));
    window.history.replaceState(null, '', '/app/verify-email#token=mailed-token');

    renderPage(
      <ThemeProvider>
        <VerifyEmailPage />
      </ThemeProvider>,
      '/app/verify-email',
      { queryClient },
    );
    await screen.findByText('Email confirmed');
    expect(queryClient.getQueryData(meQuery(TEST_BUSINESS.slug).queryKey)).toMatchObject({
      email_verified: true,
    });
    // The used token is gone from the address.
    expect(window.location.hash).toBe('');
  });
});
