import { dehydrate } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusinessProvider } from '#web/lib/business-context.tsx';
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

describe('the email verification page on a fresh page load', () => {
  it('confirms only after the cache kept in the browser is back, so its old `me` cannot return over the new one', async () => {
    const unverified = { ...meFixture('owner'), email_verified: false };
    // What an earlier page of this browser kept: `me` before the address was confirmed.
    const earlier = createTestQueryClient();
    earlier.setQueryData(meQuery(TEST_BUSINESS.slug).queryKey, unverified);
    const kept: PersistedClient = { timestamp: Date.now(), buster: '', clientState: dehydrate(earlier) };
    const persister: Persister = {
      persistClient: async () => {},
      // Handed back a moment later, as a real page load does after its first effects.
      restoreClient: () => new Promise((resolve) => setTimeout(() => resolve(kept), 20)),
      removeClient: async () => {},
    };
    fakeApi({
      'POST /api/v1/auth/email-verifications': () => ({ ok: true }),
      'GET /api/v1/session': () => ({ me: { ...unverified, email_verified: true } }),
    });
    window.history.replaceState(null, '', '/app/verify-email#token=mailed-token');

    const queryClient = createTestQueryClient();
    // The test waits for the restore to end: left running, it finished after the test's page was gone.
    let restored: () => void = () => {};
    const restoreEnded = new Promise<void>((resolve) => {
      restored = resolve;
    });
    render(
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{ persister }}
        onSuccess={() => restored()}
      >
        <BusinessProvider business={TEST_BUSINESS}>
          <ThemeProvider>
            <MemoryRouter>
              <VerifyEmailPage />
            </MemoryRouter>
          </ThemeProvider>
        </BusinessProvider>
      </PersistQueryClientProvider>,
    );
    await screen.findByText('Email confirmed');
    await restoreEnded;
    // The kept `me` is older than the one read after confirming: restored, it did not replace it.
    expect(queryClient.getQueryData(meQuery(TEST_BUSINESS.slug).queryKey)).toMatchObject({
      email_verified: true,
    });
  });
});
