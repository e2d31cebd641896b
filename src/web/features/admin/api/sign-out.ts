import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './get-admin-me.ts';

export function signOutAdmin(): Promise<void> {
  return api.post<void>('/api/v1/admin/sign-out');
}

export function useAdminSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutAdmin,
    // Signed out on this page whatever the server said: nothing of the admin area stays cached.
    onSettled: () => {
      queryClient.removeQueries({ queryKey: adminKeys.all });
      queryClient.setQueryData(adminKeys.me(), null);
    },
  });
}
