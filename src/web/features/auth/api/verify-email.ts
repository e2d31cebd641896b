import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';

/** Uses the mailed verification link's token; done once the signed-in person (`me`) has been read again. */
export function useVerifyEmail(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ ok: true }>('/api/v1/auth/email-verifications', { token }),
    retry: false,
    // Read `me` again before saying "confirmed", even though no screen shows it now: the next page would
    // otherwise show the cached banner until its own read came back.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey(slug), refetchType: 'all' }),
  });
}
