import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { readMeAgain } from '#web/lib/session.ts';

/** Uses the mailed verification link's token; done once the signed-in person (`me`) has been read again. */
export function useVerifyEmail(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ ok: true }>('/api/v1/auth/email-verifications', { token }),
    retry: false,
    // Read `me` before saying "confirmed", even though this page shows no one: a cached `me` without a way
    // to read itself (restored from the browser's copy) would otherwise bring the old banner to the next page.
    onSuccess: () => readMeAgain(queryClient, slug),
  });
}
