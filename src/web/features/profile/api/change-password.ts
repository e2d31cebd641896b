import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#domain/schemas/auth.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { sessionsQuery } from './get-sessions.ts';

export function changePassword(input: ChangePasswordInput): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/v1/me/password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  const { slug } = useBusiness();
  return useMutation({
    mutationFn: changePassword,
    retry: false,
    // The other sessions ended on the server.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery(slug).queryKey }),
  });
}
