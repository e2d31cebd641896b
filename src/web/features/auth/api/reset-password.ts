import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ResetPasswordInput } from '#domain/schemas/auth.ts';
import { api } from '#web/lib/api-client.ts';

export function resetLinkQuery(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-link', token] as const,
    queryFn: () => api.post<{ expires_at: string }>('/api/v1/auth/password-reset-checks', { token }),
    retry: false,
    // A link is used once: always ask the server again, never trust a remembered answer.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResetLink(token: string) {
  return useQuery({ ...resetLinkQuery(token), enabled: token.length > 0 });
}

export function resetPassword(input: ResetPasswordInput): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/v1/auth/password-resets', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, retry: false });
}
