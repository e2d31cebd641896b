import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#web/testing/fake-api.ts';
import { createTestQueryClient } from '#web/testing/render.tsx';
import { meQuery, readMeAgain, SESSION_FRESH_MS } from './session-query.ts';

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

describe('readMeAgain', () => {
  it('keeps no answer of a read asked before the change and still on its way', async () => {
    let answerEarlierRead: () => void = () => {};
    const api = fakeApi({
      [SESSION]: () =>
        new Promise((resolve) => {
          answerEarlierRead = () => resolve({ me: null });
        }),
    });
    const queryClient = createTestQueryClient();
    // The page load's own read, asked while nobody was signed in, is slow to come back.
    void queryClient.prefetchQuery(meQuery('demo'));
    await vi.waitFor(() => expect(api.callsTo(SESSION)).toHaveLength(1));
    // Then the sign-in is done, and `me` is read again before the earlier read has answered.
    api.on(SESSION, () => ({ me: { user: { full_name: 'Ama Owusu' } } }));
    const me = readMeAgain(queryClient, 'demo');
    answerEarlierRead();

    expect(await me).toMatchObject({ user: { full_name: 'Ama Owusu' } });
    expect(queryClient.getQueryData(meQuery('demo').queryKey)).toMatchObject({
      user: { full_name: 'Ama Owusu' },
    });
    expect(api.callsTo(SESSION)).toHaveLength(2);
  });
});
