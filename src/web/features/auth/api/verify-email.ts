import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';

/** Uses the mailed verification link's token; the signed-in person's banner goes once `me` is read again. */
export function useVerifyEmail(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ ok: true }>('/api/v1/auth/email-verifications', { token }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey(slug) }),
  });
}
