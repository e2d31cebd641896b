import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { sessionsQuery } from './get-sessions.ts';

export function endSession(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/v1/me/sessions/${encodeURIComponent(id)}`);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  const { slug } = useBusiness();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery(slug).queryKey }),
  });
}
