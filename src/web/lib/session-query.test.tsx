import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#web/testing/fake-api.ts';
import { createTestQueryClient } from '#web/testing/render.tsx';
import { meQuery, SESSION_FRESH_MS } from './session-query.ts';

const SESSION = 'GET /api/v1/session';

function WhoIsSignedIn() {
  const { data } = useQuery(meQuery('demo'));
  return (
    <p>{data === undefined ? 'Checking' : data ? `Signed in as ${data.user.full_name}` : 'Signed out'}</p>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('meQuery', () => {
  it('is not asked again by a page mounting right after the answer, but is once it is some seconds old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = fakeApi({ [SESSION]: () => ({ me: { user: { full_name: 'Ama Owusu' } } }) });
    const queryClient = createTestQueryClient();
    // The page's load asks first (the business gate), then the business app mounts and reads it.
    await queryClient.fetchQuery(meQuery('demo'));
    const first = render(
      <QueryClientProvider client={queryClient}>
        <WhoIsSignedIn />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Signed in as Ama Owusu')).toBeTruthy();
    expect(api.callsTo(SESSION)).toHaveLength(1);
    first.unmount();

    // A page opened later checks again who is signed in.
    vi.setSystemTime(Date.now() + SESSION_FRESH_MS + 1);
    render(
      <QueryClientProvider client={queryClient}>
        <WhoIsSignedIn />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(api.callsTo(SESSION)).toHaveLength(2));
  });
});
