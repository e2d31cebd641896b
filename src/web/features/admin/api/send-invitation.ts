import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationSent } from '#domain/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from './get-admin-me.ts';

export function sendInvitation(businessId: string): Promise<InvitationSent> {
  return api.post<InvitationSent>(`/api/v1/admin/businesses/${businessId}/invitations`);
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvitation,
    // Each try mails a new link; the admin decides whether to try again.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.businesses() }),
  });
}
