import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile, AdminSignInInput } from '#domain/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './get-admin-me.ts';

export function signInAdmin(input: AdminSignInInput): Promise<{ admin: AdminProfile }> {
  return api.post<{ admin: AdminProfile }>('/api/v1/admin/sign-in', input);
}

export function useAdminSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInAdmin,
    // A refused sign-in is not retried: it would count as another failed attempt.
    retry: false,
    onSuccess: ({ admin }) => {
      queryClient.removeQueries({ queryKey: adminKeys.all });
      queryClient.setQueryData(adminKeys.me(), admin);
    },
  });
}
