import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Me } from '#domain/schemas/auth.ts';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

// The signed-in person of this business, shared by every feature of the business app (who may do what).
// Asked of the session probe, which answers null for "nobody is signed in here" instead of a 401, so a
// signed-out page logs no failed request in the browser's console. A module of its own (session.ts
// re-exports it) so that the page's first code can start this read before the business app has loaded.

export const sessionQueryKey = queryKeys.session;

/** How long an answer counts as the current one. */
export const SESSION_FRESH_MS = 5_000;

export function meQuery(slug: string) {
  return queryOptions({
    queryKey: [...sessionQueryKey(slug), 'me'] as const,
    queryFn: async ({ signal }): Promise<Me | null> =>
      (await api.get<{ me: Me | null }>('/api/v1/session', { signal })).me,
    // Who is signed in is checked again whenever a page mounts, the cached answer showing meanwhile; but not
    // within seconds of the last answer (the page's load asks before the business app mounts, which would ask
    // again at once). A sign-out or role change made here updates this answer itself.
    staleTime: SESSION_FRESH_MS,
  });
}

/**
 * Reads `me` anew after something changed who is signed in or what is known of them (a sign-in, a confirmed
 * email, a new password). A read already on its way (the page load's first, or the one after the kept cache came
 * back) was asked before the change and may answer from before it; `fetchQuery` would join it and keep that
 * answer as fresh, so it is cancelled first.
 */
export async function readMeAgain(queryClient: QueryClient, slug: string): Promise<Me | null> {
  const options = meQuery(slug);
  await queryClient.cancelQueries({ queryKey: options.queryKey });
  return queryClient.fetchQuery({ ...options, staleTime: 0 });
}
